import TextArea from 'antd/es/input/TextArea';
import type { WidgetProps } from '../widgets';

export default function TextAreaField({ id, value, onChange, disabled, placeholder, max }: WidgetProps) {
  return (
    <TextArea
      id={id}
      value={value as string}
      onChange={(e) => onChange?.(e.target.value)}
      disabled={disabled}
      rows={3}
      placeholder={placeholder}
      maxLength={max}
      showCount={Boolean(max)}
    />
  );
}
