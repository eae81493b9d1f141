/** Why the browser cannot add or edit commands (SECURITY.md §4), said the same way everywhere. */
export const STDIO_LOCKED_NOTE =
  'In browser mode, servers that run a command (stdio) cannot be added or edited here: a web page must never be able to make this app run programs. Add them to the config file or the command line instead.';
