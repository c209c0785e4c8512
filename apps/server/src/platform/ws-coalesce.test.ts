import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { sendCoalesced } from './ws-coalesce.js';

interface Raw {
  _write: (...a: unknown[]) => unknown;
  _writev: (...a: unknown[]) => unknown;
}

let server: WebSocketServer | undefined;
const clients: WebSocket[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.terminate();
  await new Promise((r) => server?.close(r));
});

/** A connected pair: the server's end (with a count of the writes its TCP socket makes) and the client's. */
async function pair() {
  server = new WebSocketServer({ port: 0 });
  const accepted = once(server, 'connection') as Promise<[WebSocket]>;
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  clients.push(client);
  const [end] = await accepted;
  await once(client, 'open');
  const raw = (end as unknown as { _socket: Raw })._socket;
  const writes = { count: 0 };
  for (const k of ['_write', '_writev'] as const) {
    const orig = raw[k].bind(raw);
    raw[k] = (...a) => {
      writes.count++;
      return orig(...a);
    };
  }
  const received: string[] = [];
  client.on('message', (d) => received.push(String(d)));
  const receivedAll = async (n: number) => {
    while (received.length < n) await once(client, 'message');
    return received;
  };
  return { end, writes, receivedAll };
}

describe('sendCoalesced', () => {
  it('sends the frames of one turn in one write, in order, including those of its promise chains', async () => {
    const { end, writes, receivedAll } = await pair();
    sendCoalesced(end, 'a');
    sendCoalesced(end, 'b');
    void Promise.resolve()
      .then(() => sendCoalesced(end, 'c'))
      .then(() => sendCoalesced(end, 'd'));
    expect(await receivedAll(4)).toEqual(['a', 'b', 'c', 'd']);
    expect(writes.count).toBe(1);
  });

  it("sends each later turn's frames in a write of their own, none held back", async () => {
    const { end, writes, receivedAll } = await pair();
    sendCoalesced(end, 'one');
    expect(await receivedAll(1)).toEqual(['one']);
    await new Promise((r) => setTimeout(r, 5));
    sendCoalesced(end, 'two');
    sendCoalesced(end, 'three');
    expect(await receivedAll(3)).toEqual(['one', 'two', 'three']);
    expect(writes.count).toBe(2);
  });
});
