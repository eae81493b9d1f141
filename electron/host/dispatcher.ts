/**
 * The host's one entry for invokes (docs/architecture.md#the-ipc-contract): an untrusted channel
 * name and payload in, a result envelope out. The channel must be one of the contract's, the
 * payload must pass the channel's request schema before any handler sees it, and whatever a handler
 * throws becomes `{ok: false, error}` with a message for the user: never a stack trace, never the
 * payload.
 */
import { z } from 'zod';
import {
  isInvokeChannel,
  parseInvokeRequest,
  type invokeChannels,
  type InvokeChannel,
  type InvokeResponse,
  type IpcError,
  type IpcResult,
} from '../../shared/ipc/contract.js';
import type { Logger } from '../engine/index.js';
import type { HostApi } from './host-api.js';
import { describeZodError } from './host-error.js';

/** One handler per invoke channel, receiving the parsed request. */
export type InvokeHandlers = {
  [C in InvokeChannel]: (request: z.infer<(typeof invokeChannels)[C]['request']>) => Promise<InvokeResponse<C>> | InvokeResponse<C>;
};

/** Longest error message sent across (server-supplied messages can be long). */
const MAX_MESSAGE_LENGTH = 1_000;
/** Errors that mean a bug here, not something the user can act on: their text stays in the log. */
const PROGRAMMING_ERRORS = [TypeError, ReferenceError, RangeError, SyntaxError];

/** Builds `HostApi.dispatch` over `handlers`; `isStopped` refuses invokes once the host shuts down. */
export function createDispatcher(handlers: InvokeHandlers, logger: Logger, isStopped: () => boolean): HostApi['dispatch'] {
  async function run<C extends InvokeChannel>(channel: C, payload: unknown): Promise<IpcResult<unknown>> {
    let request: z.infer<(typeof invokeChannels)[C]['request']>;
    try {
      request = parseInvokeRequest(channel, payload);
    } catch (error) {
      return failure(`The request ${channel} is not valid: ${error instanceof z.ZodError ? describeZodError(error) : 'it could not be read.'}`);
    }
    try {
      return { ok: true, value: await handlers[channel](request) };
    } catch (error) {
      const ipcError = toIpcError(error);
      if (ipcError === undefined) {
        logger.error('request failed unexpectedly', { channel, error: error instanceof Error ? error.stack : String(error) });
        return failure('Something went wrong in the app; its log has the details.');
      }
      logger.warn('request failed', { channel, error: ipcError.message });
      return { ok: false, error: ipcError };
    }
  }

  return async (channel, payload) => {
    if (!isInvokeChannel(channel)) return failure('Unknown request.');
    if (isStopped()) return failure('The app is shutting down.');
    return run(channel, payload);
  };
}

function failure(message: string): IpcResult<never> {
  return { ok: false, error: { message } };
}

/**
 * The error as the user sees it: its message, and the JSON-RPC code a server sent (Node's
 * string codes such as `ENOENT` are not JSON-RPC codes). Undefined for programming errors.
 */
function toIpcError(error: unknown): IpcError | undefined {
  if (!(error instanceof Error) || PROGRAMMING_ERRORS.some((type) => error.constructor === type)) return undefined;
  const message = error.message.length > MAX_MESSAGE_LENGTH ? `${error.message.slice(0, MAX_MESSAGE_LENGTH)}…` : error.message;
  const code = 'code' in error && typeof error.code === 'number' ? error.code : undefined;
  return { message, ...(code !== undefined ? { code } : {}) };
}
