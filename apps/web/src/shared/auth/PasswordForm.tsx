import { useTranslation } from 'react-i18next';
import { Button, Form, Input } from 'antd';
import { http, toast } from '../http';
import { encryptPassword } from './sm2';
import { NewPasswordFields } from './NewPasswordFields';
import { useRevalidateOnLanguage } from '../i18n/form';

/** Change of the caller's own password; all three fields travel SM2-encrypted. */
export function PasswordForm({ onDone, name = 'password-change' }: { onDone?: () => void; name?: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  useRevalidateOnLanguage(form);
  const submit = async (v: { oldPassword: string; newPassword: string; newPassword1: string }) => {
    const [oldPassword, newPassword, newPassword1] = await Promise.all([
      encryptPassword(v.oldPassword),
      encryptPassword(v.newPassword),
      encryptPassword(v.newPassword1),
    ]);
    try {
      await http.post('/api/blade-user/update-password', { oldPassword, newPassword, newPassword1 });
    } catch {
      // The client showed the refusal (wrong old password, weak new one); the form stays as typed.
      return;
    }
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
