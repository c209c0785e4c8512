import { Type, type TStringOptions } from 'typebox';

export const BIGINT_MAX = '9223372036854775807';

/**
 * A regular expression source for the decimal numbers 0..max (no sign, no leading zero). A pattern, not a
 * custom format, so the same check works in Ajv, TypeBox's compiler, the OpenAPI document and the web.
 */
export function decimalUpTo(max: string): string {
  const n = max.length;
  const alts = ['0'];
  if (n > 1) alts.push(n > 2 ? `[1-9]\\d{0,${n - 2}}` : '[1-9]');
  for (let i = 0; i < n; i++) {
    const low = i === 0 ? 1 : 0;
    const d = Number(max[i]);
    if (d > low) alts.push(`${max.slice(0, i)}[${low}-${d - 1}]${n - i - 1 ? `\\d{${n - i - 1}}` : ''}`);
  }
  alts.push(max);
  return `(?:${alts.join('|')})`;
}

const ID = decimalUpTo(BIGINT_MAX);
export const ID_PATTERN = `^${ID}$`;
export const ID_LIST_PATTERN = `^${ID}(?:,${ID})*$`;

/** A row id (snowflake): digits only and within PostgreSQL's bigint, so a bad one is a 400, not a 500. */
export const Id = (opts: TStringOptions = {}) => Type.String({ pattern: ID_PATTERN, ...opts });

/** A comma-separated list of ids, as BladeX sends them (`ids=1,2,3`). */
export const IdList = (opts: TStringOptions = {}) =>
  Type.String({ pattern: ID_LIST_PATTERN, minLength: 1, maxLength: 4000, ...opts });

/** The one test of a single id outside a schema (filters, ids inside lists of other shapes). */
export const isId = (s: string) => new RegExp(ID_PATTERN).test(s);
