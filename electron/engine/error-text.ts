/** An error's message for the user and the timeline: the text of an `Error`, cut to a sane length. */
export function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
