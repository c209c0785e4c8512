import { describe, expect, it } from 'vitest';
import { message } from './test/fixtures';
import { mergeIncoming, patch, prependPage } from './history';

const m = (n: number, over = {}) => message({ ID: `s${n}`, clientMsgId: `c${n}`, seq: n, ...over });
const ids = (list: { ID: string }[]) => list.map((x) => x.ID);

describe('conversation history', () => {
  it('appends new messages and never shows one twice', () => {
    const list = [m(1), m(2)];
    const merged = mergeIncoming(list, [m(3), m(2), m(3)]);
    expect(ids(merged)).toEqual(['s1', 's2', 's3']);
  });

  it('replaces my local copy by the acknowledged message (new ID, same clientMsgId)', () => {
    const local = message({
      ID: 'local-1',
      clientMsgId: 'cx',
      from: 'sales1',
      flow: 'out',
      seq: 0,
      status: 'unSend',
    });
    const acked = { ...local, ID: 's9', seq: 9, status: 'success' as const };
    const merged = mergeIncoming([m(1), local], [acked]);
    expect(ids(merged)).toEqual(['s1', 's9']);
    expect(merged[1]!.status).toBe('success');
  });

  it('puts a late message (catch-up after a reconnect) in seq order', () => {
    expect(ids(mergeIncoming([m(1), m(2), m(5)], [m(4), m(3)]))).toEqual(['s1', 's2', 's3', 's4', 's5']);
  });

  it('prepends an older page without repeating the boundary', () => {
    expect(ids(prependPage([m(15), m(16)], [m(14), m(15)]))).toEqual(['s14', 's15', 's16']);
  });

  it('patches only the messages picked and keeps the array otherwise', () => {
    const list = [m(1), m(2)];
    expect(
      patch(
        list,
        () => false,
        (x) => x,
      ),
    ).toBe(list);
    const read = patch(
      list,
      (x) => x.seq <= 1,
      (x) => ({ ...x, isPeerRead: true }),
    );
    expect(read.map((x) => x.isPeerRead)).toEqual([true, false]);
  });
});
