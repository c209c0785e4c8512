import { describe, expect, it } from 'vitest';
import { Emitter } from './emitter.js';
import { EVENT } from './types.js';

describe('Emitter', () => {
  it('knows whether an event has listeners, so costly payloads are built only for someone', () => {
    const e = new Emitter();
    const seen: unknown[] = [];
    const h = (x: { data: unknown }) => void seen.push(x.data);
    expect(e.listens(EVENT.CONVERSATION_LIST_UPDATED)).toBe(false);
    e.on(EVENT.CONVERSATION_LIST_UPDATED, h);
    expect(e.listens(EVENT.CONVERSATION_LIST_UPDATED)).toBe(true);
    expect(e.listens(EVENT.MESSAGE_RECEIVED)).toBe(false);
    e.emit(EVENT.CONVERSATION_LIST_UPDATED, []);
    e.off(EVENT.CONVERSATION_LIST_UPDATED, h);
    expect(e.listens(EVENT.CONVERSATION_LIST_UPDATED)).toBe(false);
    e.emit(EVENT.CONVERSATION_LIST_UPDATED, []);
    expect(seen).toEqual([[]]);
  });
});
