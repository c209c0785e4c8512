import type { CSSProperties } from 'react';
import type { CrudColumn } from '@/shared/crud';
import { yuan } from '../offer/money';

const RIGHT: CSSProperties = { display: 'block', textAlign: 'right', fontVariantNumeric: 'tabular-nums' };

/** An amount in a table cell: the yuan text, right-aligned so that the figures line up by the fen. */
export const MoneyCell = ({ value }: { value: string }) => <span style={RIGHT}>{yuan(value)}</span>;

/**
 * A column of a decimal-string amount: right-aligned in the table, the same grouped yuan text in the export.
 * `sign` puts a minus before the amount of a row that takes money away (a refund).
 */
export function moneyColumn<R extends object>(
  prop: keyof R & string,
  label: string,
  extra: Partial<CrudColumn<R>> & { sign?: (row: R) => boolean } = {},
): CrudColumn<R> {
  const { sign, ...rest } = extra;
  const text = (r: R) => {
    const v = String(r[prop] ?? '');
    if (!v) return '';
    return yuan(sign?.(r) ? `-${v}` : v);
  };
  return {
    prop,
    label,
    width: 130,
    render: (_, r) => <span style={RIGHT}>{text(r)}</span>,
    text,
    ...rest,
  };
}
