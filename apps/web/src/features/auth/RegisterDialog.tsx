import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '@/shared/auth/NewPasswordFields';
import { Form, Input, Modal } from 'antd';
import { http, HttpError, toast } from '@/shared/http';
import { encryptPassword } from '@/shared/auth/sm2';
import { DEFAULT_TENANT } from '@/app/session';

/** Account registration: submit → 'awaits admin approval' → back to sign-in (spec §4). */
export default function RegisterDialog({
  open,
  tenantFromHost,
  onClose,
}: {
  open: boolean;
  tenantFromHost?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const v = (await form.validateFields()) as {
      tenantId?: string;
      name?: string;
      account: string;
      password: string;
    };
    setBusy(true);
    try {
      // The form body, not the query string: URLs end up in logs.
      const form = new URLSearchParams({
        tenantId: tenantFromHost ?? v.tenantId ?? DEFAULT_TENANT,
        name: v.name ?? '',
        account: v.account.trim(),
        password: await encryptPassword(v.password),
        oauthId: '',
      });
      await http.post('/api/blade-user/register-guest', form, {
        noToken: true,
        silent: true,
      });
      Modal.success({
        title: t('register.title'),
        content: t('register.awaiting'),
        onOk: onClose,
        okText: t('common.ok'),
      });
      form.resetFields();
    } catch (e) {
      toast.error(e instanceof HttpError && e.message ? e.message : t('register.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('register.title')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={busy}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form form={form} name="register" layout="vertical" initialValues={{ tenantId: DEFAULT_TENANT }}>
        {!tenantFromHost && (
          <Form.Item
            name="tenantId"
            label={t('login.tenant')}
            rules={[{ required: true, message: t('register.tenantFirst') }]}
          >
            <Input />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('register.name')}>
          <Input />
        </Form.Item>
        <Form.Item
          name="account"
          label={t('login.account')}
          rules={[{ required: true, whitespace: true, message: t('register.accountRequired') }]}
        >
          <Input autoComplete="username" />
        </Form.Item>
        <NewPasswordFields
          name="password"
          confirm="password2"
          label={t('login.password')}
          confirmLabel={t('register.password2')}
        />
      </Form>
    </Modal>
  );
}
