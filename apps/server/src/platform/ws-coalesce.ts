/**
 * Frames written to one socket in one turn of the event loop leave in one write. A busy chat node hands a
 * client several frames at once (the acknowledgements of a batch of its sends, the pushes of a batch it
 * receives), and `ws` writes each frame with its own system call: a quarter of such a node's CPU went to
 * writev. The socket is corked at its first frame of the turn and uncorked once the turn's promise chains
 * have run (process.nextTick runs after the microtasks queued before it), so no frame waits for I/O.
 */
import type { WebSocket } from 'ws';

interface Corkable {
  cork(): void;
  uncork(): void;
}

const corked = new Set<Corkable>();
let flushing = false;

function flush() {
  flushing = false;
  // Cleared first: a frame written by an uncork's callbacks corks its socket again for the next flush.
  const now = [...corked];
  corked.clear();
  for (const s of now) s.uncork();
}

/** The TCP socket under a `ws` WebSocket (not part of its typings, present on every open socket). */
const rawOf = (ws: WebSocket) => (ws as unknown as { _socket?: Partial<Corkable> | null })._socket;

/** Sends a text frame; frames sent to the same socket before the turn ends share one write. */
export function sendCoalesced(ws: WebSocket, text: string): void {
  const raw = rawOf(ws);
  if (raw && typeof raw.cork === 'function' && !corked.has(raw as Corkable)) {
    raw.cork();
    corked.add(raw as Corkable);
    if (!flushing) {
      flushing = true;
      process.nextTick(flush);
    }
  }
  ws.send(text);
}
