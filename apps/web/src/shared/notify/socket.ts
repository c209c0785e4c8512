import { create } from 'zustand';

/** An unread push (spec §3): who wrote, to whom, the text or the type's tag, the type. */
export interface UnreadPush {
  fromUser: string;
  toUser: string;
  message: string;
  type: string;
  at: number;
}

export const useUnread = create<{ pushes: UnreadPush[]; count: number }>(() => ({ pushes: [], count: 0 }));
export const markAllRead = () => useUnread.setState({ count: 0 });

/** Spec §4: the socket reconnects after close codes 1006 and 1001; anything else (e.g. refused sign-in) ends it. */
export const RECONNECT_CODES = [1006, 1001];
const MAX_BACKOFF_MS = 30_000;

export function socketUrl(loc: Location = window.location) {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
}

/** Opens the notification socket, sends the token payload on open, and keeps it up. Returns a stop function. */
export function connectNotifications(token: () => string | undefined, url = socketUrl()): () => void {
  let ws: WebSocket | undefined;
  let stopped = false;
  let attempt = 0;
  let timer: number | undefined;

  const open = () => {
    const t = token();
    if (stopped || !t) return;
    ws = new WebSocket(url);
    ws.onopen = () => {
      attempt = 0;
      ws!.send(JSON.stringify({ type: 'auth', token: t }));
    };
    ws.onmessage = (e) => {
      let frame: { type?: string; data?: Omit<UnreadPush, 'at'> & { total?: number } };
      try {
        frame = JSON.parse(String(e.data)) as typeof frame;
      } catch {
        return;
      }
      if (frame.type === 'unread' && frame.data) {
        const push = { ...frame.data, at: Date.now() } as UnreadPush;
        useUnread.setState((s) => ({ pushes: [push, ...s.pushes].slice(0, 50), count: s.count + 1 }));
      }
      if (frame.type === 'unreadCount' && typeof frame.data?.total === 'number')
        useUnread.setState({ count: frame.data.total });
    };
    ws.onclose = (e) => {
      if (stopped || !RECONNECT_CODES.includes(e.code)) return;
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt++) * (0.5 + Math.random() / 2);
      timer = window.setTimeout(open, delay);
    };
  };
  open();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    ws?.close(1000, 'signed out');
  };
}
