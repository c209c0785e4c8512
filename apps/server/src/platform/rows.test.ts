import { describe, expect, it } from 'vitest';
import { camelRow, splitIds } from './rows.js';

describe('rows', () => {
  it('names columns in camelCase, the same every time, and writes dates as the API shows them', () => {
    const when = new Date(2026, 10, 26, 9, 5, 7);
    for (let i = 0; i < 2; i++) {
      expect(
        camelRow({ id: '1', tenant_id: '000000', dict_value_en: null, is_2fa: 1, create_time: when }),
      ).toEqual({
        id: '1',
        tenantId: '000000',
        dictValueEn: null,
        is2fa: 1,
        createTime: '2026-11-26 09:05:07',
      });
    }
  });

  it('splits ids and drops blanks and repeats', () => {
    expect(splitIds('a,b,,a, c')).toEqual(['a', 'b', 'c']);
  });
});
