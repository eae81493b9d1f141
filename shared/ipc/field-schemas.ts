/** Field schemas the contract's requests share, with the limits the host enforces on them. */
import { z } from 'zod';
import { MAX_ID_LENGTH } from './contract-values.js';

/** A local id (task, server) as the renderer may send it: the host refuses an empty or longer one. */
export const Id = z.string().min(1).max(MAX_ID_LENGTH);
/** Any JSON object (tool arguments, results, answers): its contents are checked where they are used. */
export const JsonObject = z.record(z.string(), z.unknown());
