/** Errors whose text may cross the IPC boundary as it is. */
import { z } from 'zod';

/** Longest schema report shown (a hostile payload can fail thousands of checks). */
const MAX_REPORT_LENGTH = 500;

/** An error whose message is written for the user. */
export class HostError extends Error {
  override readonly name = 'HostError';
}

/** A zod error as one short line for the user: zod's messages name paths and limits, never the values. */
export function describeZodError(error: z.ZodError): string {
  const text = z.prettifyError(error).replace(/\s*\n\s*/g, ' ');
  return text.length > MAX_REPORT_LENGTH ? `${text.slice(0, MAX_REPORT_LENGTH)}…` : text;
}
