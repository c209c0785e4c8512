/** Validation rules of spec §5, shared by the server and the web. Each answers a message key or null. */

export type MobileProblem = 'mobile.empty' | 'mobile.length' | 'mobile.pattern';

/** Mobile number: 11 digits starting with 1. */
export function checkMobile(value: string | null | undefined): MobileProblem | null {
  const v = (value ?? '').trim();
  if (!v) return 'mobile.empty';
  if (!/^\d{11}$/.test(v)) return 'mobile.length';
  if (!/^1\d{10}$/.test(v)) return 'mobile.pattern';
  return null;
}

/** URL check: starts with http or https. */
export const isUrl = (value: string | null | undefined) => /^https?:\/\/\S+$/i.test((value ?? '').trim());

/** Up to `integers` integer digits without a leading zero, and up to `decimals` decimals. */
export function numberPattern(integers: number, decimals: number): RegExp {
  const int = integers <= 1 ? '\\d' : `(0|[1-9]\\d{0,${integers - 1}})`;
  return new RegExp(`^${int}${decimals > 0 ? `(\\.\\d{1,${decimals}})?` : ''}$`);
}

/** 1 to 8 digits plus up to 2 decimals (amounts). */
export const AMOUNT_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;
