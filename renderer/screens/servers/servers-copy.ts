/** Why the browser cannot add or edit commands, said the same way everywhere. */
export const STDIO_LOCKED_NOTE =
  'In browser mode, servers that run a command (stdio) cannot be added or edited here: a web page must never be able to make this app run programs. Add them to the config file or the command line instead.';

/** What stands for a saved secret value (an environment variable's), which never reaches the renderer. */
export const HIDDEN_VALUE = '(value hidden)';

/** Why browser mode offers no Remove for a stdio server. */
export const STDIO_REMOVE_LOCKED_NOTE =
  'Browser mode cannot remove a server that runs a command: it could not add it back. Disable it to stop it, or remove it in the desktop app.';

/** Next to header values typed in browser mode, and to the names of such values in a server's settings. */
export const SESSION_ONLY_HEADERS_NOTE = 'kept for this session only — browser mode cannot protect them at rest';

/** The HTTP transports by what they are called. */
export const HTTP_TRANSPORT_LABELS = { streamable: 'Streamable HTTP', sse: 'HTTP+SSE (older, 2024-11-05)' } as const;
