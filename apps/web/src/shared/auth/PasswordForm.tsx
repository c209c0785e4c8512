import { useTranslation } from 'react-i18next';
import { Button, Form, Input } from 'antd';
import { http, toast } from '../http';
import { encryptPassword } from './sm2';
import { NewPasswordFields } from './NewPasswordFields';

/** Change of the caller's own password; all three fields travel SM2-encrypted. */
export function PasswordForm({ onDone, name = 'password-change' }: { onDone?: () => void; name?: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const submit = async (v: { oldPassword: string; newPassword: string; newPassword1: string }) => {
    const [oldPassword, newPassword, newPassword1] = await Promise.all([
      encryptPassword(v.oldPassword),
      encryptPassword(v.newPassword),
      encryptPassword(v.newPassword1),
    ]);
    await http.post('/api/blade-user/update-password', { oldPassword, newPassword, newPassword1 });
    toast.success(t('info.passwordChanged'));
    form.resetFields();
    onDone?.();
  };
  return (
    <Form form={form} name={name} layout="vertical" onFinish={submit} style={{ maxWidth: 420 }}>
      <Form.Item
        name="oldPassword"
        label={t('info.oldPassword')}
        rules={[{ required: true, message: t('register.passwordFirst') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields
        name="newPassword"
        confirm="newPassword1"
        label={t('info.newPassword')}
        confirmLabel={t('info.newPassword1')}
      />
      <Button type="primary" htmlType="submit">
        {t('common.save')}
      </Button>
    </Form>
  );
}
