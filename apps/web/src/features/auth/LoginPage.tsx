import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Card, Form, Input, Space, Typography, message } from 'antd';
import { LockOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { http, HttpError } from '@/shared/http';
import { DEFAULT_TENANT, loadSessionData, signIn } from '@/app/session';
import { LangSwitch } from '@/layout/LangSwitch';
import { RegisterDialog } from './RegisterDialog';
import { ForgotDialog } from './ForgotDialog';
import styles from './login.module.css';

interface Captcha {
  key: string;
  image: string;
  /** Captcha mode is the server's setting: the page shows the captcha only when sign-in needs it. */
  enabled: boolean;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha>();
  const [tenantFromHost, setTenantFromHost] = useState<string>();
  const [dialog, setDialog] = useState<'register' | 'forgot'>();

  const loadCaptcha = () => {
    http.get<Captcha>('/api/blade-auth/oauth/captcha', { noToken: true, silent: true }).then(
      (c) => setCaptcha(c.enabled ? c : undefined),
      () => setCaptcha(undefined),
    );
  };

  useEffect(() => {
    loadCaptcha();
    // The tenant field hides when the host names a tenant.
    http
      .get<{ tenantId: string } | null>('/api/blade-system/tenant/info', {
        params: { domain: window.location.hostname },
        noToken: true,
        silent: true,
      })
      .then((info) => info?.tenantId && setTenantFromHost(info.tenantId))
      .catch(() => undefined);
  }, []);

  const submit = async (v: { tenantId?: string; username: string; password: string; code?: string }) => {
    setBusy(true);
    try {
      await signIn({
        tenantId: tenantFromHost ?? v.tenantId ?? DEFAULT_TENANT,
        username: v.username.trim(),
        password: v.password,
        captchaKey: captcha?.key,
        captchaCode: v.code,
      });
      await loadSessionData();
      navigate('/wel/index', { replace: true });
    } catch (e) {
      // The client already showed error_description as a toast.
      if (!(e instanceof HttpError)) void message.error(String(e));
      form.setFieldValue('code', '');
      loadCaptcha();
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={styles.page}>
      <div className={styles.lang}>
        <LangSwitch />
      </div>
      <Card className={styles.card}>
        <Typography.Title level={2} className={styles.brand}>
          {t('app.name')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className={styles.subtitle}>
          {t('login.subtitle')}
        </Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          size="large"
          onFinish={submit}
          initialValues={{ tenantId: DEFAULT_TENANT }}
          requiredMark={false}
        >
          {!tenantFromHost && (
            <Form.Item
              name="tenantId"
              label={t('login.tenant')}
              rules={[{ required: true, message: t('login.tenantRequired') }]}
            >
              <Input prefix={<TeamOutlined />} autoComplete="organization" />
            </Form.Item>
          )}
          <Form.Item
            name="username"
            label={t('login.account')}
            rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" id="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          {captcha && (
            <Form.Item label={t('login.captcha')} required>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item
                  name="code"
                  noStyle
                  rules={[{ required: true, message: t('login.captchaRequired') }]}
                >
                  <Input
                    prefix={<SafetyOutlined />}
                    maxLength={5}
                    autoComplete="off"
                    aria-label={t('login.captcha')}
                  />
                </Form.Item>
                <button
                  type="button"
                  className={styles.captcha}
                  onClick={loadCaptcha}
                  title={t('login.captchaRefresh')}
                  aria-label={t('login.captchaRefresh')}
                >
                  <img src={captcha.image} alt={t('login.captcha')} width={120} height={40} />
                </button>
              </Space.Compact>
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={busy}>
            {busy ? t('login.signingIn') : t('login.submit')}
          </Button>
        </Form>
        <div className={styles.links}>
          <Button type="link" onClick={() => setDialog('register')}>
            {t('login.register')}
          </Button>
          <Button type="link" onClick={() => setDialog('forgot')}>
            {t('login.forgot')}
          </Button>
        </div>
      </Card>
      <RegisterDialog
        open={dialog === 'register'}
        tenantFromHost={tenantFromHost}
        onClose={() => setDialog(undefined)}
      />
      <ForgotDialog open={dialog === 'forgot'} onClose={() => setDialog(undefined)} />
    </main>
  );
}
