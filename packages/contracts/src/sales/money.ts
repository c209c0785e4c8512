/**
 * Money of the sales floor: exact decimal amounts in yuan, never JavaScript numbers.
 *
 * - Wire, JSON, exports: a decimal string with two decimals ("123456.78"); an input may give fewer
 *   ("1200", "99.5") and must match spec §5's amount pattern (1 to 8 integer digits, up to 2 decimals).
 * - Database: NUMERIC(14,2); both drivers hand NUMERIC back as text, so nothing passes through a float.
 * - Arithmetic: decimal.js with 40 significant digits; a result is rounded once, half-up to the fen, where
 *   the rule says it is (a tax, a monthly payment), never by accident of a binary fraction.
 * docs/sales.md states the rules.
 */
import DecimalJs from 'decimal.js';

/** Own configuration, so nothing another library sets on decimal.js's global class changes our sums. */
export const Decimal = DecimalJs.clone({
  precision: 40,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 40,
});
export type Decimal = DecimalJs;

/** A money amount on the wire: a decimal string. */
export type Money = string;

/** An amount as a user types it: spec §5's "1 to 8 digits plus up to 2 decimals". */
export const MONEY_INPUT_PATTERN = '^(0|[1-9]\\d{0,7})(\\.\\d{1,2})?$';
/** An amount as the server answers it: always two decimals, a minus sign only on a difference (a credit is its own, positive line). */
export const MONEY_PATTERN = '^-?(0|[1-9]\\d{0,11})\\.\\d{2}$';

const INPUT_RE = new RegExp(MONEY_INPUT_PATTERN);
const ANY_RE = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/** Whether a user's text is an acceptable amount (spec §5). */
export const isMoneyInput = (value: string | null | undefined): boolean => INPUT_RE.test(value ?? '');

/**
 * Reads an amount. Numbers are refused on purpose: 0.1 + 0.2 has already lost the fen before it gets here.
 * Any plain decimal string is accepted (results of earlier sums too); user input is checked with isMoneyInput.
 */
export function dec(value: Money | Decimal): Decimal {
  if (value instanceof DecimalJs) return new Decimal(value);
  if (typeof value !== 'string' || !ANY_RE.test(value))
    throw new TypeError(`not a decimal amount: ${String(value)}`);
  return new Decimal(value);
}

/** Rounds half-up to the fen. */
export const toFen = (value: Money | Decimal): Decimal =>
  dec(value).toDecimalPlaces(2, DecimalJs.ROUND_HALF_UP);

/** Already the wire form: what NUMERIC(14,2) columns give back (a list of orders formats ten per row). */
const WIRE_RE = /^-?(0|[1-9]\d*)\.\d{2}$/;

/** The wire form: two decimals, rounded half-up; "-0.00" never appears. */
export function fmt(value: Money | Decimal): Money {
  if (typeof value === 'string' && WIRE_RE.test(value) && value !== '-0.00') return value;
  const d = toFen(value);
  return d.isZero() ? '0.00' : d.toFixed(2);
}

export const add = (...values: Array<Money | Decimal>): Money =>
  fmt(values.reduce<Decimal>((s, v) => s.plus(dec(v)), new Decimal(0)));

export const sub = (a: Money | Decimal, b: Money | Decimal): Money => fmt(dec(a).minus(dec(b)));

export const cmp = (a: Money | Decimal, b: Money | Decimal): -1 | 0 | 1 =>
  dec(a).comparedTo(dec(b)) as -1 | 0 | 1;

export const isZero = (a: Money | Decimal): boolean => dec(a).isZero();
