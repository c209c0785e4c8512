import type { Message } from './sdk';

/** One conversation's loaded messages, oldest first, and where the next older page starts. */
export interface History {
  list: Message[];
  next: string;
  isCompleted: boolean;
}

/**
 * A message's identity across its life: the local copy, the acknowledged one, the echo from another tab
 * and a resend all share sender and clientMsgId, while the ID changes from local to server.
 */
export const keyOf = (m: Pick<Message, 'from' | 'clientMsgId' | 'ID'>) =>
  m.clientMsgId ? `${m.from}|${m.clientMsgId}` : m.ID;

/** Adds received messages, replacing copies already shown and placing late arrivals by seq. */
export function mergeIncoming(list: Message[], incoming: Message[]): Message[] {
  if (!incoming.length) return list;
  const out = list.slice();
  const at = new Map(out.map((m, i) => [keyOf(m), i]));
  for (const m of incoming) {
    const i = at.get(keyOf(m));
    if (i !== undefined) {
      out[i] = m;
      continue;
    }
    // Normally it goes last; one older than a message already shown (catch-up after a reconnect) goes in order.
    const later = m.seq > 0 ? out.findIndex((x) => x.seq > m.seq) : -1;
    const pos = later < 0 ? out.length : later;
    out.splice(pos, 0, m);
    at.clear();
    out.forEach((x, j) => at.set(keyOf(x), j));
  }
  return out;
}

/** An older page goes in front; anything already shown (the page boundary after new arrivals) is skipped. */
export function prependPage(list: Message[], page: Message[]): Message[] {
  const have = new Set(list.map(keyOf));
  return [...page.filter((m) => !have.has(keyOf(m))), ...list];
}

/** Replaces the copy of `m` (matched by identity); appends it when it is not there yet. */
export const upsert = (list: Message[], m: Message) => mergeIncoming(list, [m]);

/** Changes the messages matching `pick`; the list stays the same array when nothing changes. */
export function patch(
  list: Message[],
  pick: (m: Message) => boolean,
  change: (m: Message) => Message,
): Message[] {
  let changed = false;
  const out = list.map((m) => {
    if (!pick(m)) return m;
    changed = true;
    return change(m);
  });
  return changed ? out : list;
}
