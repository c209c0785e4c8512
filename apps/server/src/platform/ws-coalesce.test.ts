import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { MAX_BATCH_FRAMES } from '@forecourt/im-sdk/protocol';
import { closeAfterFrames, sendCoalesced } from './ws-coalesce.js';

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
  it('sends the frames of one turn to a client without arrays as its own messages in one write, in order, including those of its promise chains', async () => {
    const { end, writes, receivedAll } = await pair();
    sendCoalesced(end, 'a', false);
    sendCoalesced(end, 'b', false);
    void Promise.resolve()
      .then(() => sendCoalesced(end, 'c', false))
      .then(() => sendCoalesced(end, 'd', false));
    expect(await receivedAll(4)).toEqual(['a', 'b', 'c', 'd']);
    expect(writes.count).toBe(1);
  });

  it("sends each later turn's frames in a write of their own, none held back", async () => {
    const { end, writes, receivedAll } = await pair();
    sendCoalesced(end, 'one', false);
    expect(await receivedAll(1)).toEqual(['one']);
    await new Promise((r) => setTimeout(r, 5));
    sendCoalesced(end, 'two', false);
    sendCoalesced(end, 'three', false);
    expect(await receivedAll(3)).toEqual(['one', 'two', 'three']);
    expect(writes.count).toBe(2);
  });

  it('sends the frames of one turn to a client that takes arrays as one message, split at the most one may hold', async () => {
    const { end, writes, receivedAll } = await pair();
    const frame = (n: number) => JSON.stringify({ op: 'msg', data: { n } });
    sendCoalesced(end, frame(0), true);
    void Promise.resolve().then(() => {
      for (let n = 1; n <= MAX_BATCH_FRAMES + 2; n++) sendCoalesced(end, frame(n), true);
    });
    const got = (await receivedAll(2)).map((m) => JSON.parse(m) as { data: { n: number } }[]);
    expect(got.map((a) => a.length)).toEqual([MAX_BATCH_FRAMES, 3]);
    expect(got.flat().map((f) => f.data.n)).toEqual([...Array(MAX_BATCH_FRAMES + 3).keys()]);
    expect(writes.count).toBe(1);
    // A turn with one frame sends it as it is.
    sendCoalesced(end, frame(7), true);
    expect((await receivedAll(3))[2]).toBe(frame(7));
  });

  it('closes a socket only after the frames it is owed, which a plain close would drop', async () => {
    const { end, receivedAll } = await pair();
    sendCoalesced(end, 'last words', false);
    const client = clients[0]!;
    const closed = once(client, 'close') as Promise<[number, Buffer]>;
    closeAfterFrames(end, 4005, 'kicked');
    expect(await receivedAll(1)).toEqual(['last words']);
    expect((await closed)[0]).toBe(4005);
  });
});
