import type { CSSProperties } from 'react';

const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const SIGNED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, signDisplay: 'exceptZero' });

/** Points as figures grouped by thousands: 12,500. */
export const pointsText = (n: number) => GROUPED.format(n);
/** A change with its sign: +100, -30 (0 has none). */
export const signedText = (n: number) => SIGNED.format(n);

export const RIGHT: CSSProperties = {
  display: 'block',
  textAlign: 'right',
  fontVariantNumeric: 'tabular-nums',
};

/** A balance or a total in a table cell, right-aligned so the figures line up. */
export const PointsCell = ({ value }: { value: unknown }) =>
  typeof value === 'number' ? <span style={RIGHT}>{pointsText(value)}</span> : null;

/** What a line added (green, with +) or took (red, with -). */
export const ChangeCell = ({ value }: { value: unknown }) => {
  if (typeof value !== 'number') return null;
  const color =
    value > 0
      ? 'var(--ant-color-success, #52c41a)'
      : value < 0
        ? 'var(--ant-color-error, #ff4d4f)'
        : undefined;
  return <span style={{ ...RIGHT, color }}>{signedText(value)}</span>;
};
