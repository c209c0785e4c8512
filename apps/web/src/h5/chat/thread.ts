import type { Message } from '@forecourt/im-sdk';

/**
 * The one conversation of the mobile page as a plain list: every change (history page, pushes, own sends,
 * revokes) goes through `merge`, which replaces a message it already holds — matched by server ID or by
 * the client id of an own message still in flight — and keeps the order of the conversation, so a message
 * is never shown twice and a resend never leaves a ghost.
 */
export function merge(current: readonly Message[], incoming: readonly Message[]): Message[] {
  if (!incoming.length) return current as Message[];
  const out = [...current];
  for (const m of incoming) {
    const at = out.findIndex(
      (x) =>
        x.ID === m.ID || (Boolean(m.clientMsgId) && x.clientMsgId === m.clientMsgId && x.from === m.from),
    );
    if (at >= 0) out[at] = m;
    else out.push(m);
  }
  return out.sort(order);
}

/** Stored messages by their gap-free seq; unsent ones (seq 0) after them, in the order they were made. */
function order(a: Message, b: Message): number {
  const sa = a.seq || Number.MAX_SAFE_INTEGER;
  const sb = b.seq || Number.MAX_SAFE_INTEGER;
  if (sa !== sb) return sa - sb;
  return a.time - b.time;
}

/** Spec §4/§9: only the sender revokes, within 120 s of the server's time of the message. */
export const REVOKE_WINDOW_S = 120;
export const canRevoke = (m: Message, nowMs: number) =>
  m.flow === 'out' && m.status === 'success' && !m.isRevoked && nowMs / 1000 - m.time <= REVOKE_WINDOW_S;

/** Spec §5: whitespace-only text is refused. */
export const isBlank = (text: string) => text.trim() === '';
