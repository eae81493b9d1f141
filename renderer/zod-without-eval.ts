/**
 * Imported first by main.tsx: zod compiles fast object parsers with `new Function`, which the
 * renderer's CSP forbids (no 'unsafe-eval'). Even zod's probe for it would be reported as a CSP
 * violation, so it is switched off before any schema module runs.
 */
import { z } from 'zod';

z.config({ jitless: true });
