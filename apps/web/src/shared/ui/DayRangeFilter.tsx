import { Suspense, lazy } from 'react';
import Input from 'antd/es/input/Input';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { addResources } from '../i18n';

addResources('dayRange', {
  zh: { from: '开始日期', to: '结束日期' },
  en: { from: 'From', to: 'To' },
});

// The calendar loads beside the list; a disabled input holds its place meanwhile.
const RangePicker = lazy(() =>
  import('antd/es/date-picker').then((m) => ({ default: m.default.RangePicker })),
);

export type DayRange = [Dayjs | null, Dayjs | null] | null;

/**
 * A day range for a list's filter bar (the filters a declared search form has no input for).
 * `placeholder` takes i18n keys; default From / To.
 */
export function DayRangeFilter({
  value,
  onChange,
  placeholder = ['dayRange.from', 'dayRange.to'],
}: {
  value: DayRange;
  onChange: (v: DayRange) => void;
  placeholder?: [string, string];
}) {
  const { t } = useTranslation();
  const [from, to] = placeholder.map((k) => t(k));
  return (
    <Suspense fallback={<Input disabled style={{ width: 256 }} placeholder={`${from} ~ ${to}`} />}>
      <RangePicker value={value} onChange={(v) => onChange(v)} placeholder={[from!, to!]} />
    </Suspense>
  );
}

/**
 * A range of whole days in the user's time zone as a list's time filter: from the first day's start to the
 * start of the day after the last (`<field>_ge`, `<field>_lt`).
 */
export function wholeDays(range: DayRange, field: string): Record<string, string> {
  const p: Record<string, string> = {};
  if (range?.[0]) p[`${field}_ge`] = range[0].startOf('day').format();
  if (range?.[1]) p[`${field}_lt`] = range[1].add(1, 'day').startOf('day').format();
  return p;
}
