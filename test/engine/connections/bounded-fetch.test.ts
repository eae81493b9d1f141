/** The cheapest layer of the HTTP limit: `boundedFetch` over canned responses (the real sockets are in test/faults/). */
import { describe, expect, it } from 'vitest';
import { boundedFetch } from '../../../electron/engine/connections/bounded-fetch.js';
import { MessageTooLargeError } from '../../../electron/engine/connections/message-limit.js';

const encoder = new TextEncoder();

/** A fetch answering with `chunks` as the body, counting how many of them were pulled (only on demand: no read-ahead). */
function cannedFetch(chunks: string[], headers: Record<string, string>) {
  const pulled = { count: 0 };
  const fetch = (): Promise<Response> => {
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks[pulled.count];
        if (next === undefined) return controller.close();
        pulled.count += 1;
        controller.enqueue(encoder.encode(next));
      },
    }, { highWaterMark: 0 });
    return Promise.resolve(new Response(body, { status: 200, headers }));
  };
  return { fetch, pulled };
}

const POST = { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 'mtm-4', method: 'tasks/get', params: {} }) };

describe('boundedFetch', () => {
  it('stops pulling a JSON body once it passes the limit, and names the request it answered', async () => {
    const { fetch, pulled } = cannedFetch(['{"a":"', 'x'.repeat(60), 'x'.repeat(60), 'x'.repeat(60), '"}'], { 'content-type': 'application/json' });
    const refused: unknown[] = [];
    const bounded = boundedFetch({ maxBytes: 100, fetch, onTooLarge: (id) => refused.push(id) });
    const response = await bounded('http://127.0.0.1/mcp', POST);
    await expect(response.json()).rejects.toBeInstanceOf(MessageTooLargeError);
    expect(pulled.count).toBe(3);
    expect(refused).toEqual(['mtm-4']);
  });

  it('refuses a Content-Length above the limit before reading', async () => {
    const { fetch, pulled } = cannedFetch(['x'.repeat(10)], { 'content-type': 'application/json', 'content-length': '101' });
    await expect(boundedFetch({ maxBytes: 100, fetch })('http://127.0.0.1/mcp', POST)).rejects.toThrow('larger than 100 bytes (the limit)');
    expect(pulled.count).toBe(0);
  });

  it('counts an SSE stream per event, whatever line ends it uses', async () => {
    const event = (end: string): string => `data: ${'y'.repeat(80)}${end}${end}`;
    const { fetch } = cannedFetch([event('\n'), event('\r\n'), event('\r'), event('\n')], { 'content-type': 'text/event-stream' });
    const text = await (await boundedFetch({ maxBytes: 100, fetch })('http://127.0.0.1/mcp', POST)).text();
    expect(text.length).toBeGreaterThan(300);
  });

  it('refuses one SSE event past the limit, even split over chunks', async () => {
    const { fetch } = cannedFetch(['data: small\n\n', `data: ${'z'.repeat(60)}`, 'z'.repeat(60), '\n\n'], { 'content-type': 'text/event-stream' });
    const response = await boundedFetch({ maxBytes: 100, fetch })('http://127.0.0.1/mcp', POST);
    await expect(response.text()).rejects.toThrow('The server sent a response larger than 100 bytes (the limit); it was not read.');
  });

  it('names the request a refused event of a GET stream answered, from the event\'s own first bytes (HTTP+SSE)', async () => {
    const answer = `{"jsonrpc":"2.0","id":"mtm-7","result":{"text":"${'z'.repeat(200)}`;
    const { fetch } = cannedFetch(['event: message\ndata: {"jsonrpc":"2.0","id":"mtm-6","result":{}}\n\n', `event: message\ndata: ${answer.slice(0, 60)}`, answer.slice(60), '"}}\n\n'], { 'content-type': 'text/event-stream' });
    const refused: unknown[] = [];
    const response = await boundedFetch({ maxBytes: 100, fetch, onTooLarge: (id) => refused.push(id) })('http://127.0.0.1/sse', { method: 'GET' });
    await expect(response.text()).rejects.toBeInstanceOf(MessageTooLargeError);
    expect(refused).toEqual(['mtm-7']);
  });

  it('names no request when the refused event does not start with its id', async () => {
    const { fetch } = cannedFetch([`data: {"result":{"text":"${'z'.repeat(200)}"},"jsonrpc":"2.0","id":"mtm-8"}\n\n`], { 'content-type': 'text/event-stream' });
    const refused: unknown[] = [];
    const response = await boundedFetch({ maxBytes: 100, fetch, onTooLarge: (id) => refused.push(id) })('http://127.0.0.1/sse', { method: 'GET' });
    await expect(response.text()).rejects.toBeInstanceOf(MessageTooLargeError);
    expect(refused).toEqual([undefined]);
  });
});
