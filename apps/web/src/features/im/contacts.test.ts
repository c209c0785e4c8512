import { describe, expect, it } from 'vitest';
import { brandLine, contactRows, searchContacts, toLetterGroups, type Staff } from './contacts';

const s = (account: string, realName: string, extra: Partial<Staff> = {}): Staff => ({
  id: account,
  account,
  realName,
  ...extra,
});

const data = {
  Z: [s('resource1', '张伟', { empNo: 'FC2001' })],
  '#': [s('x9', '9号')],
  A: [s('admin', '管理员'), s('anna', 'Anna')],
  L: [s('sales2', '李晓梅', { brandNames: ['大众', '奥迪'] })],
};

describe('contacts', () => {
  it('orders letter groups A–Z with # last and drops the admin account from A', () => {
    const groups = toLetterGroups(data);
    expect(groups.map((g) => g.letter)).toEqual(['A', 'L', 'Z', '#']);
    expect(groups[0]!.staff.map((x) => x.account)).toEqual(['anna']);
    expect(toLetterGroups({ A: [s('admin', '管理员')] })).toEqual([]);
  });

  it('trims the search text and matches name, account or employee number', () => {
    const groups = toLetterGroups(data);
    expect(searchContacts(groups, '  张伟  ').flatMap((g) => g.staff.map((x) => x.account))).toEqual([
      'resource1',
    ]);
    expect(searchContacts(groups, ' fc2001').flatMap((g) => g.staff.map((x) => x.account))).toEqual([
      'resource1',
    ]);
    expect(searchContacts(groups, 'ANNA').map((g) => g.letter)).toEqual(['A']);
    expect(searchContacts(groups, '   ')).toBe(groups);
    expect(searchContacts(groups, 'nobody')).toEqual([]);
  });

  it("joins the responsible brands with the separator, or says 'none'", () => {
    expect(brandLine(['大众', '奥迪'], '、', '无')).toBe('大众、奥迪');
    expect(brandLine([], ', ', 'none')).toBe('none');
    expect(brandLine(undefined, ', ', 'none')).toBe('none');
  });

  it('puts each letter heading before its staff', () => {
    expect(contactRows(toLetterGroups({ B: [s('b1', 'Bo'), s('b2', 'Bi')] })).map((r) => r.kind)).toEqual([
      'letter',
      'staff',
      'staff',
    ]);
  });
});
