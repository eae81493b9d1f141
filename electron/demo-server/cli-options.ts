/** The command line of the demo server entry (`main.ts`), checked with zod. */
import { parseArgs } from 'node:util';
import { z } from 'zod';

const CliOptionsSchema = z
  .object({
    form: z.enum(['extension', 'legacy']),
    transport: z.enum(['stdio', 'http']),
    port: z.coerce.number().int().min(0).max(65_535).default(0),
    /** The issuer whose access tokens the HTTP server requires (`--auth`); no trailing slash, as in its metadata. */
    auth: z
      .url({ protocol: /^https?$/u })
      .refine((issuer) => !issuer.endsWith('/'), 'the issuer must not end with "/" (it is compared exactly with the tokens\' iss)')
      .optional(),
  })
  .refine((options) => options.auth === undefined || options.transport === 'http', { message: '--auth needs --transport http', path: ['auth'] });

/** Which server to run, and how. */
export type CliOptions = z.infer<typeof CliOptionsSchema>;

/** How to call the entry; shown on bad arguments. */
export const USAGE = 'usage: main.ts --form extension|legacy --transport stdio|http [--port N] [--auth ISSUER]   (port 0 = any free port; --auth: HTTP only, require access tokens from ISSUER)';

/** Parses `--form`, `--transport`, `--port` and `--auth`; throws an Error whose message explains what is wrong. */
export function parseCliOptions(argv: readonly string[]): CliOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: { form: { type: 'string' }, transport: { type: 'string' }, port: { type: 'string' }, auth: { type: 'string' } },
    strict: true,
  });
  const parsed = CliOptionsSchema.safeParse(values);
  if (!parsed.success) throw new Error(z.prettifyError(parsed.error));
  return parsed.data;
}
