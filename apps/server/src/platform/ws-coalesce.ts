/**
 * Frames written to one socket in one turn of the event loop leave together. A busy chat node hands a
 * client several frames at once (the acknowledgements of a batch of its sends, the pushes of a batch it
 * receives). Written one by one, each frame was a system call of its own (a quarter of such a node's CPU
 * went to writev), and each is a WebSocket message the client must take apart and dispatch. So the frames
 * of a turn wait for its end (process.nextTick runs after the microtasks queued before it, so no frame
 * waits for I/O) and then leave as one message, a JSON array of them, to a client that takes arrays
 * (chat protocol 2), or as separate messages in one write to any other.
 */
import type { WebSocket } from 'ws';
import { MAX_BATCH_FRAMES } from '@forecourt/im-sdk/protocol';

interface Outbox {
  frames: string[];
  asArray: boolean;
}

/**
 * The frames of this turn, by socket: a map made by the turn's first frame and dropped by its flush, never
 * one long-lived map cleared at every flush. V8 keeps a long-lived map's table in the old generation; each
 * clear (and each regrowth) of it put a new table there and left the replaced one pointing at the turn's
 * outboxes, and an old object's references keep young objects through the young generation's collections.
 * Every flush's frames were thus promoted and died in the old generation: 2.5 KB a message at 2,000
 * messages/s, three times what is promoted without it, each major collection that much sooner
 * (docs/bench.md, "twentieth session").
 */
let outboxes: Map<WebSocket, Outbox> | undefined;

/** The TCP socket under a `ws` WebSocket (not part of its typings, present on every open socket). */
const rawOf = (ws: WebSocket) =>
  (ws as unknown as { _socket?: { cork?: () => void; uncork?: () => void } | null })._socket;

function write(ws: WebSocket, { frames, asArray }: Outbox) {
  if (ws.readyState !== ws.OPEN) return;
  if (frames.length === 1) return ws.send(frames[0]!);
  const raw = rawOf(ws);
  raw?.cork?.();
  if (!asArray) for (const f of frames) ws.send(f);
  else
    for (let i = 0; i < frames.length; i += MAX_BATCH_FRAMES)
      ws.send(`[${frames.slice(i, i + MAX_BATCH_FRAMES).join(',')}]`);
  raw?.uncork?.();
}

function flush() {
  // Taken first: a frame written while these go out waits for the next flush.
  const now = outboxes;
  outboxes = undefined;
  if (now) for (const [ws, o] of now) write(ws, o);
}

/**
 * Sends a JSON text frame at the end of this turn, with the socket's other frames of the turn: as one array
 * when `asArray` (the client takes them), else in one write.
 */
export function sendCoalesced(ws: WebSocket, text: string, asArray: boolean): void {
  const o = outboxes?.get(ws);
  if (o) return void o.frames.push(text);
  if (!outboxes) {
    outboxes = new Map();
    process.nextTick(flush);
  }
  outboxes.set(ws, { frames: [text], asArray });
}

/** Closes a socket after the frames it is still owed this turn (a `kicked` push before the close). */
export function closeAfterFrames(ws: WebSocket, code: number, reason: string): void {
  const o = outboxes?.get(ws);
  if (o) {
    outboxes!.delete(ws);
    write(ws, o);
  }
  ws.close(code, reason);
}
