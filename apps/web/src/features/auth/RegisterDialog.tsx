import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '@/shared/auth/NewPasswordFields';
import { Form, Input, Modal, Space } from 'antd';
import { http, HttpError, toast } from '@/shared/http';
import { encryptPassword } from '@/shared/auth/sm2';
import { DEFAULT_TENANT } from '@/shared/auth/session';
import { useRevalidateOnLanguage } from '@/shared/i18n/form';
import { CaptchaButton } from './CaptchaButton';

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
  useRevalidateOnLanguage(form);
  const [busy, setBusy] = useState(false);
  // In captcha mode the server asks for one here too (a registration costs it a password hash).
  const [captcha, setCaptcha] = useState<{ key: string; image: string }>();
  const loadCaptcha = () => {
    http
      .get<{ key: string; image: string; enabled: boolean }>('/api/blade-auth/oauth/captcha', {
        noToken: true,
        silent: true,
      })
      .then(
        (c) => startTransition(() => setCaptcha(c.enabled ? c : undefined)),
        () => startTransition(() => setCaptcha(undefined)),
      );
  };
  useEffect(() => {
    if (open) loadCaptcha();
  }, [open]);

  const submit = async () => {
    const v = (await form.validateFields()) as {
      tenantId?: string;
      name?: string;
      account: string;
      password: string;
      code?: string;
    };
    setBusy(true);
    try {
      // The form body, not the query string: URLs end up in logs.
      const fields = new URLSearchParams({
        tenantId: tenantFromHost ?? v.tenantId ?? DEFAULT_TENANT,
        name: v.name ?? '',
        account: v.account.trim(),
        password: await encryptPassword(v.password),
        oauthId: '',
      });
      await http.post('/api/blade-user/register-guest', fields, {
        headers: captcha ? { 'Captcha-Key': captcha.key, 'Captcha-Code': v.code ?? '' } : {},
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
      // A captcha works once, right or wrong.
      if (captcha) loadCaptcha();
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
        {captcha && (
          <Form.Item label={t('login.captcha')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                name="code"
                noStyle
                rules={[{ required: true, message: t('login.captchaRequired') }]}
              >
                <Input maxLength={5} autoComplete="off" aria-label={t('login.captcha')} />
              </Form.Item>
              <CaptchaButton image={captcha.image} onRefresh={loadCaptcha} />
            </Space.Compact>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
