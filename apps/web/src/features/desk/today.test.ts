import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { todayText } from './today';

describe("the workbench's date line", () => {
  it('reads as before in each language, on every day of a leap year', () => {
    expect(todayText(new Date(2026, 10, 27), 'en')).toBe('Friday, 27 November 2026');
    expect(todayText(new Date(2026, 10, 27), 'zh')).toBe('2026年11月27日');
    expect(todayText(new Date(2027, 0, 3), 'en')).toBe('Sunday, 3 January 2027');
    // The same text dayjs gave, which the page used before.
    for (let day = 0; day < 366; day++) {
      const d = new Date(2028, 0, 1 + day);
      expect(todayText(d, 'en')).toBe(dayjs(d).format('dddd, D MMMM YYYY'));
      expect(todayText(d, 'zh')).toBe(dayjs(d).format('YYYY年M月D日'));
    }
  });
});
