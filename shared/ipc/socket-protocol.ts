/**
 * Browser mode carries the very same contract over one WebSocket
 * (docs/architecture.md#the-ipc-contract). Frames are JSON text; every frame from the browser is
 * parsed with these schemas before anything acts on it.
 *
 *   browser → host  {type:'invoke', id, channel, request}
 *   host → browser  {type:'result', id, result}            (result = IpcResult envelope)
 *   host → browser  {type:'event', channel, payload}
 */
import { z } from 'zod';

export { MAX_FRAME_BYTES, MAX_HOST_FRAME_BYTES } from './socket-limits.js';

export const InvokeFrameSchema = z.object({
  type: z.literal('invoke'),
  id: z.number().int().nonnegative(),
  channel: z.string().max(64),
  request: z.unknown(),
});
export type InvokeFrame = z.infer<typeof InvokeFrameSchema>;

export const ResultFrameSchema = z.object({
  type: z.literal('result'),
  id: z.number().int().nonnegative(),
  result: z.union([
    z.object({ ok: z.literal(true), value: z.unknown() }),
    z.object({ ok: z.literal(false), error: z.object({ message: z.string(), code: z.number().optional() }) }),
  ]),
});
export type ResultFrame = z.infer<typeof ResultFrameSchema>;

export const EventFrameSchema = z.object({
  type: z.literal('event'),
  channel: z.string().max(64),
  payload: z.unknown(),
});
export type EventFrame = z.infer<typeof EventFrameSchema>;

/** Anything the host sends. */
export const HostFrameSchema = z.discriminatedUnion('type', [ResultFrameSchema, EventFrameSchema]);
export type HostFrame = z.infer<typeof HostFrameSchema>;
