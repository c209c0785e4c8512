import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectNotifications, useUnread } from './socket';

class FakeSocket {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  onopen?: () => void;
  onmessage?: (e: { data: string }) => void;
  onclose?: (e: { code: number }) => void;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(s: string) {
    this.sent.push(s);
  }
  close() {}
}

describe('the notification socket client', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    useUnread.setState({ pushes: [], count: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends the token payload on open and counts unread pushes', () => {
    const stop = connectNotifications(() => 'tok', 'ws://h/ws');
    const s = FakeSocket.all[0]!;
    s.onopen!();
    expect(JSON.parse(s.sent[0]!)).toEqual({ type: 'auth', token: 'tok' });
    s.onmessage!({
      data: JSON.stringify({
        type: 'unread',
        data: { fromUser: 'a', toUser: 'b', message: 'hi', type: 'text' },
      }),
    });
    expect(useUnread.getState().count).toBe(1);
    expect(useUnread.getState().pushes[0]).toMatchObject({ fromUser: 'a', message: 'hi' });
    stop();
  });

  it('reconnects after close codes 1006 and 1001 only', () => {
    const stop = connectNotifications(() => 'tok', 'ws://h/ws');
    FakeSocket.all[0]!.onclose!({ code: 1006 });
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.onclose!({ code: 1001 });
    vi.advanceTimersByTime(2000);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.all[2]!.onclose!({ code: 4003 });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(3);
    stop();
  });
});
