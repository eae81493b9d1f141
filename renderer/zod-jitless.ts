/**
 * What `zod` means in the renderer build (vite.config.ts aliases the bare name here): zod itself,
 * switched to its jitless parsers before any schema is built. zod compiles fast object parsers
 * with `new Function`, which the renderer's CSP forbids (no 'unsafe-eval'); even its probe for
 * that would be reported as a CSP violation. Being the module every schema module imports, this
 * runs first wherever zod is first needed, in the entry or in a chunk loaded later.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z };
