import InputNumber from 'antd/es/input-number';
import type { WidgetProps } from '../widgets';

export default function NumberField({ id, value, onChange, disabled, placeholder }: WidgetProps) {
  return (
    <InputNumber
      id={id}
      value={value as number}
      onChange={onChange}
      disabled={disabled}
      style={{ width: '100%' }}
      placeholder={placeholder}
    />
  );
}
