/**
 * The 2026-07-28 names the fixture server checks and the bench's own probe sends: the protocol
 * version, the tasks extension and the per-request `_meta` envelope's keys.
 */
export const PROTOCOL_VERSION = '2026-07-28';
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
export const META_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
