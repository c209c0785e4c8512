import DatePicker from 'antd/es/date-picker';
import dayjs from 'dayjs';
import type { WidgetProps } from '../widgets';

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

/** A date and time (the calendar's code loads only with a page that declares a date field). */
export default function DateField({ id, value, onChange, disabled }: WidgetProps) {
  return (
    <DatePicker
      showTime
      id={id}
      value={value ? dayjs(value as string) : null}
      onChange={(d) => onChange?.(d ? d.format(DATE_TIME) : undefined)}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}
