/**
 * Vehicle identification number (VIN) per ISO 3779 and GB 16735: 17 characters from 0-9 and A-Z without
 * I, O and Q; the 9th is a check digit over the whole number (mandatory for vehicles sold in China, which
 * is why European VINs that skip it are refused here).
 */

export const VIN_PATTERN = '^[A-HJ-NPR-Z0-9]{17}$';
const VIN_RE = new RegExp(VIN_PATTERN);

/** Letter values of the standard; I, O and Q have none because they are not allowed. */
const VALUE: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
}; // prettier-ignore

/** Position weights; the 9th (the check digit itself) weighs 0. */
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

export type VinProblem = 'vin.empty' | 'vin.length' | 'vin.characters' | 'vin.checkDigit';

/** The check digit a 17-character VIN should carry ('0'–'9' or 'X'); undefined when a character is not allowed. */
export function vinCheckDigit(vin: string): string | undefined {
  if (vin.length !== 17) return undefined;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin[i]!;
    const v = c >= '0' && c <= '9' ? c.charCodeAt(0) - 48 : VALUE[c];
    if (v === undefined) return undefined;
    sum += v * WEIGHTS[i]!;
  }
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

/** Normalises what a user typed: spaces dropped, capitals (a VIN printed on a document is in capitals). */
export const normaliseVin = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

/** Checks a VIN (already normalised); answers a message key or null. */
export function checkVin(value: string | null | undefined): VinProblem | null {
  const v = value ?? '';
  if (!v) return 'vin.empty';
  if (v.length !== 17) return 'vin.length';
  if (!VIN_RE.test(v)) return 'vin.characters';
  if (vinCheckDigit(v) !== v[8]) return 'vin.checkDigit';
  return null;
}

/** Puts the right check digit into the 9th place of a 17-character VIN body (seed data, tests). */
export function withCheckDigit(vin: string): string {
  const digit = vinCheckDigit(vin.slice(0, 8) + '0' + vin.slice(9));
  if (!digit) throw new TypeError(`not a VIN body: ${vin}`);
  return vin.slice(0, 8) + digit + vin.slice(9);
}
