import { SALES_DEFAULTS } from './defaults.js';

/** Stock-age colour bands of the resource list and the workbench, in days since arrival. */
export const STOCK_AGE_BANDS = [
  { band: '0-30', max: 30, color: 'green' },
  { band: '31-60', max: 60, color: 'gold' },
  { band: '61-90', max: 90, color: 'orange' },
  { band: '>90', max: Infinity, color: 'red' },
] as const;
export type StockAgeBand = (typeof STOCK_AGE_BANDS)[number]['band'];

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const dayNumber = (date: string) =>
  Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 86_400_000;

/** Whole days a vehicle has stood in stock (arrival day counts 0); null while it is in transit. */
export function stockAgeDays(arrivalDate: string | null, today: string): number | null {
  if (arrivalDate === null) return null;
  if (!DATE_RE.test(arrivalDate) || !DATE_RE.test(today)) throw new TypeError('dates are yyyy-MM-dd');
  return Math.max(0, dayNumber(today) - dayNumber(arrivalDate));
}

export const stockAgeBand = (days: number): StockAgeBand => STOCK_AGE_BANDS.find((b) => days <= b.max)!.band;

/**
 * An inquiry is overdue when nobody answered it within the first-response limit of its creation; an answer
 * given late stays a late answer, but the flag is for what still waits, so an answered inquiry is never flagged.
 */
export function firstResponseOverdue(
  createTime: Date,
  firstResponseAt: Date | null,
  now: Date,
  limitMinutes: number = SALES_DEFAULTS.firstResponseMinutes,
): boolean {
  return firstResponseAt === null && now.getTime() - createTime.getTime() > limitMinutes * 60_000;
}
