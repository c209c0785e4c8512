import { useTranslation } from 'react-i18next';
import { Form, Input } from 'antd';

/** A new password and its confirmation: both required, and they must match (spec §5 wording). */
export function NewPasswordFields({
  name,
  confirm,
  label,
  confirmLabel,
}: {
  name: string;
  confirm: string;
  label: string;
  confirmLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name={name} label={label} rules={[{ required: true, message: t('register.passwordFirst') }]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name={confirm}
        label={confirmLabel}
        dependencies={[name]}
        rules={[
          { required: true, message: t('register.passwordFirst') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || getFieldValue(name) === value
                ? Promise.resolve()
                : Promise.reject(new Error(t('register.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
