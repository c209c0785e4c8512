import Password from 'antd/es/input/Password';
import type { WidgetProps } from '../widgets';

export default function PasswordField({ id, value, onChange, disabled, placeholder }: WidgetProps) {
  return (
    <Password
      id={id}
      value={value as string}
      onChange={(e) => onChange?.(e.target.value)}
      disabled={disabled}
      placeholder={placeholder}
      autoComplete="new-password"
    />
  );
}
