import { Suspense, lazy, startTransition, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ConfigProvider, Form, Space, theme, type ThemeConfig } from 'antd';
// The input and the password input alone: antd's `Input` brings its text area, search and OTP inputs along.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { http, HttpError, toast } from '@/shared/http';
import { DEFAULT_TENANT, loadSessionData, signIn } from '@/shared/auth/session';
import { LangSwitch } from '@/shared/ui/LangSwitch';
import { contrast, readableShade } from '@/shared/ui/contrast';
import styles from './login.module.css';
import { useRevalidateOnLanguage } from '@/shared/i18n/form';

// The dialogs (modal, password strength, SMS code) load when first opened, not with the sign-in page.
const RegisterDialog = lazy(() => import('./RegisterDialog'));
const ForgotDialog = lazy(() => import('./ForgotDialog'));

interface Captcha {
  key: string;
  image: string;
  /** Captcha mode is the server's setting: the page shows the captcha only when sign-in needs it. */
  enabled: boolean;
}

/** `onSignedIn`: where to go once signed in (the page is drawn with and without the router). */
export default function LoginPage({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  useRevalidateOnLanguage(form);
  const [busy, setBusy] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha>();
  const [tenantFromHost, setTenantFromHost] = useState<string>();
  const [dialog, setDialog] = useState<'register' | 'forgot'>();
  // Once opened, a dialog stays mounted so that it closes with its animation.
  const [opened, setOpened] = useState<{ register?: true; forgot?: true }>({});
  const openDialog = (d: 'register' | 'forgot') => {
    setOpened((o) => ({ ...o, [d]: true }));
    setDialog(d);
  };
  const { token } = theme.useToken();
  // On a light card, the theme colour behind the button's white text and as link text is darkened
  // just enough to read (WCAG AA); the default #409EFF alone gives 2.8:1.
  const readable = useMemo<ThemeConfig | undefined>(() => {
    if (contrast(token.colorBgContainer, '#ffffff') > 1.5) return undefined;
    const shade = readableShade(token.colorPrimary);
    return { token: { colorPrimary: shade, colorLink: shade } };
  }, [token.colorBgContainer, token.colorPrimary]);

  const loadCaptcha = () => {
    http.get<Captcha>('/api/blade-auth/oauth/captcha', { noToken: true, silent: true }).then(
      // As transitions: the form re-renders in slices, never as one long task after it is shown.
      (c) => startTransition(() => setCaptcha(c.enabled ? c : undefined)),
      () => startTransition(() => setCaptcha(undefined)),
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
      .then((info) => info?.tenantId && startTransition(() => setTenantFromHost(info.tenantId)))
      // No tenant answers to this host name: the default tenant stays, as it would without a lookup.
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
      onSignedIn();
    } catch (e) {
      // The client already showed error_description as a toast.
      if (!(e instanceof HttpError)) toast.error(String(e));
      form.setFieldValue('code', '');
      loadCaptcha();
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfigProvider theme={readable}>
      <main className={styles.page}>
        <div className={styles.lang}>
          <LangSwitch />
        </div>
        {/* A plain panel rather than antd's Card, which brings Tabs and Skeleton along. */}
        <section
          className={styles.card}
          style={{
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            color: token.colorText,
            fontSize: token.fontSize,
          }}
        >
          <h1 className={styles.brand} style={{ color: token.colorTextHeading }}>
            {t('app.name')}
          </h1>
          <p className={styles.subtitle} style={{ color: token.colorTextSecondary }}>
            {t('login.subtitle')}
          </p>
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
              <Password prefix={<LockOutlined />} autoComplete="current-password" />
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
            <Button type="link" onClick={() => openDialog('register')}>
              {t('login.register')}
            </Button>
            <Button type="link" onClick={() => openDialog('forgot')}>
              {t('login.forgot')}
            </Button>
          </div>
        </section>
        <Suspense>
          {opened.register && (
            <RegisterDialog
              open={dialog === 'register'}
              tenantFromHost={tenantFromHost}
              onClose={() => setDialog(undefined)}
            />
          )}
          {opened.forgot && <ForgotDialog open={dialog === 'forgot'} onClose={() => setDialog(undefined)} />}
        </Suspense>
      </main>
    </ConfigProvider>
  );
}
