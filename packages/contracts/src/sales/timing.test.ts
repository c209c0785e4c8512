import { describe, expect, it } from 'vitest';
import { firstResponseOverdue, stockAgeBand, stockAgeDays } from './timing.js';

describe('stock age', () => {
  it('counts days since arrival, across months and leap days', () => {
    expect(stockAgeDays('2026-11-25', '2026-11-25')).toBe(0);
    expect(stockAgeDays('2026-10-26', '2026-11-25')).toBe(30);
    expect(stockAgeDays('2024-02-28', '2024-03-01')).toBe(2); // 2024-02-29 exists
    expect(stockAgeDays(null, '2026-11-25')).toBeNull();
    expect(() => stockAgeDays('25/11/2026', '2026-11-25')).toThrow(TypeError);
  });

  it('puts the days into the colour bands 0–30, 31–60, 61–90, > 90', () => {
    expect([0, 30, 31, 60, 61, 90, 91, 400].map(stockAgeBand)).toEqual([
      '0-30', '0-30', '31-60', '31-60', '61-90', '61-90', '>90', '>90',
    ]); // prettier-ignore
  });
});

describe('first response', () => {
  const created = new Date('2026-11-25T08:00:00Z');
  it('is overdue after the limit (30 minutes by default) while nobody has answered', () => {
    expect(firstResponseOverdue(created, null, new Date('2026-11-25T08:30:00Z'))).toBe(false);
    expect(firstResponseOverdue(created, null, new Date('2026-11-25T08:30:01Z'))).toBe(true);
    expect(firstResponseOverdue(created, null, new Date('2026-11-25T08:10:01Z'), 10)).toBe(true);
    expect(
      firstResponseOverdue(created, new Date('2026-11-25T09:00:00Z'), new Date('2026-11-25T10:00:00Z')),
    ).toBe(false);
  });
});
