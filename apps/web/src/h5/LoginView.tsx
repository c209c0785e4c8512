import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { checkMobile } from '@forecourt/contracts';
import { useRevalidateOnLanguage } from '@/shared/i18n/form';
import { h5Api, H5Error } from './api';
import { RESEND_SECONDS, useCountdown } from './countdown';
import { useH5Session } from './session';

const MOBILE_TEXT = {
  'mobile.empty': 'h5.mobileEmpty',
  'mobile.length': 'h5.mobileLength',
  'mobile.pattern': 'h5.mobilePattern',
} as const;

const fail = (e: unknown) =>
  Toast.show({ icon: 'fail', content: e instanceof H5Error ? e.message : String(e) });

/** Phone and SMS code; a new number becomes a customer on the server, so there is no separate sign-up. */
export function LoginView({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ phone: string; code: string }>();
  useRevalidateOnLanguage(form);
  const [until, setUntil] = useState(0);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const left = useCountdown(until);
  const signedIn = useH5Session((s) => s.signedIn);

  const phoneRule = {
    validator: (_: unknown, value: string | undefined) => {
      const problem = checkMobile(value);
      return problem ? Promise.reject(new Error(t(MOBILE_TEXT[problem]))) : Promise.resolve();
    },
  };

  const sendCode = async () => {
    try {
      await form.validateFields(['phone']);
    } catch {
      return;
    }
    setSending(true);
    try {
      await h5Api.sendCode(tenantId, String(form.getFieldValue('phone')).trim());
      setUntil(Date.now() + RESEND_SECONDS * 1000);
      Toast.show({ icon: 'success', content: t('h5.codeSent') });
    } catch (e) {
      fail(e);
    } finally {
      setSending(false);
    }
  };

  const submit = async (v: { phone: string; code: string }) => {
    setBusy(true);
    try {
      const res = await h5Api.login(tenantId, v.phone.trim(), v.code.trim());
      signedIn(res.accessToken, res.customer);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="h5-login">
      <h1 className="h5-login-title">{t('h5.signInTitle')}</h1>
      <p className="h5-login-hint">{t('h5.signInHint')}</p>
      <Form
        form={form}
        name="h5-login"
        layout="horizontal"
        onFinish={(v) => void submit(v)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy}>
            {t('h5.signIn')}
          </Button>
        }
      >
        <Form.Item name="phone" label={t('h5.phone')} required rules={[phoneRule]} validateTrigger="onBlur">
          <Input
            type="tel"
            inputMode="numeric"
            maxLength={11}
            clearable
            placeholder={t('h5.phonePlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('h5.code')}
          rules={[{ required: true, whitespace: true, message: t('h5.codeRequired') }]}
          extra={
            <Button
              size="small"
              color="primary"
              fill="none"
              className="h5-code-button"
              disabled={left > 0}
              loading={sending}
              onClick={() => void sendCode()}
            >
              {left > 0 ? t('h5.resendIn', { n: left }) : t('h5.getCode')}
            </Button>
          }
        >
          <Input
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            placeholder={t('h5.codePlaceholder')}
          />
        </Form.Item>
      </Form>
    </div>
  );
}
