import {
  Suspense,
  lazy,
  startTransition,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { http, HttpError, toast } from '@/shared/http';
import { DEFAULT_TENANT, loadSessionData, signIn } from '@/shared/auth/session';
import { LANGS, setLang } from '@/shared/i18n';
import { useTheme } from '@/shared/theme/store';
import { LOOKS } from '@/shared/theme/looks';
import { readableShade } from '@/shared/ui/contrast';
import { SvgIcon } from '@/shared/ui/SvgIcon';
import { CaptchaButton } from './CaptchaButton';
import { loginRules, type LoginField, type LoginValues } from './loginRules';
import styles from './login.module.css';

// The sign-in page is the first thing every user loads, so it is drawn without antd (whose form, inputs
// and theme engine would be half of its weight); it keeps antd's look for the theme in use. The
// dialogs (modal, password strength, SMS code) are antd's, and load with antd when first opened.
const AntdScope = lazy(() => import('@/shared/theme/AntdScope'));
const RegisterDialog = lazy(() => import('./RegisterDialog'));
const ForgotDialog = lazy(() => import('./ForgotDialog'));

interface Captcha {
  key: string;
  image: string;
  /** Captcha mode is the server's setting: the page shows the captcha only when sign-in needs it. */
  enabled: boolean;
}

/** antd's large-control radius for a theme's base radius (its `borderRadiusLG`). */
const radiusLG = (r: number) => (r >= 16 ? 16 : r >= 6 ? r + 2 : r >= 5 ? r + 1 : r);

/**
 * The theme's colours for the page as CSS variables (login.module.css draws with them), and whether the
 * theme is dark.
 */
function useLoginLook(): { style: CSSProperties; dark: boolean } {
  const { name, color } = useTheme();
  const look = LOOKS[name] ?? LOOKS.default;
  const primary = look.primary ?? color;
  const style = {
    // The theme colour as link text on the card, and behind the button's white text: each darkened just
    // enough to read (WCAG AA) where it would not (the default #409EFF gives 2.8:1 on white, the vip
    // theme's gold 2.1:1 under white text); on a dark card the colour itself reads as text.
    '--fc-primary': look.dark ? primary : readableShade(primary),
    '--fc-primary-bg': readableShade(primary),
    '--fc-radius': `${radiusLG(look.radius)}px`,
  } as CSSProperties;
  return { style, dark: !!look.dark };
}

function Field({
  id,
  label,
  icon,
  error,
  children,
  after,
}: {
  id: string;
  label: string;
  icon: IconDefinition;
  error?: string;
  /** The input itself. */
  children: ReactNode;
  /** Drawn joined to the box's right (the captcha image). */
  after?: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.row}>
        <span className={`${styles.box} ${error ? styles.invalid : ''} ${after ? styles.joined : ''}`}>
          <SvgIcon icon={icon} className={styles.prefix} />
          {children}
        </span>
        {after}
      </div>
      <div className={styles.explain}>
        {error && (
          <div id={`${id}-error`} role="alert">
            {error}
          </div>
        )}
      </div>
    </div>
  );
}

/** `onSignedIn`: where to go once signed in (the page is drawn with and without the router). */
export default function LoginPage({ onSignedIn }: { onSignedIn: () => void }) {
  const { t, i18n } = useTranslation();
  const look = useLoginLook();
  const [values, setValues] = useState<LoginValues>({
    tenantId: DEFAULT_TENANT,
    username: '',
    password: '',
    code: '',
  });
  // Message keys, not texts: a language switch shows the same errors in the new language.
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [captcha, setCaptcha] = useState<Captcha>();
  const [tenantFromHost, setTenantFromHost] = useState<string>();
  const [dialog, setDialog] = useState<'register' | 'forgot'>();
  // Once opened, a dialog stays mounted so that it closes with its animation.
  const [opened, setOpened] = useState<{ register?: true; forgot?: true }>({});
  const openDialog = (d: 'register' | 'forgot') => {
    setOpened((o) => ({ ...o, [d]: true }));
    setDialog(d);
  };
  const fields: LoginField[] = [
    ...(tenantFromHost ? [] : (['tenantId'] as const)),
    'username',
    'password',
    ...(captcha ? (['code'] as const) : []),
  ];

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

  // As antd's form does: a field is checked as it changes, and every field when the form is sent.
  const change = (field: LoginField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: loginRules[field](value) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Enter while a sign-in is under way sends nothing more.
    if (busyRef.current) return;
    const found = Object.fromEntries(fields.map((f) => [f, loginRules[f](values[f])]));
    setErrors(found);
    const first = fields.find((f) => found[f]);
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      await signIn({
        tenantId: tenantFromHost ?? (values.tenantId || DEFAULT_TENANT),
        username: values.username.trim(),
        password: values.password,
        captchaKey: captcha?.key,
        captchaCode: captcha ? values.code : undefined,
      });
      await loadSessionData();
      onSignedIn();
    } catch (e) {
      // The client already showed error_description as a toast.
      if (!(e instanceof HttpError)) toast.error(String(e));
      setValues((v) => ({ ...v, code: '' }));
      loadCaptcha();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const input = (field: LoginField) => ({
    id: field,
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => change(field, e.target.value),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${field}-error` : undefined,
  });
  const error = (field: LoginField) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <main className={styles.page} style={look.style} data-dark={look.dark || undefined}>
      <div className={styles.lang} role="group" aria-label={t('nav.language')}>
        {LANGS.map(([lang, short, name]) => (
          <button
            key={lang}
            type="button"
            disabled={i18n.language === lang}
            onClick={() => setLang(lang)}
            aria-label={name}
            title={name}
          >
            {short}
          </button>
        ))}
      </div>
      <section className={styles.card}>
        <h1 className={styles.brand}>{t('app.name')}</h1>
        <p className={styles.subtitle}>{t('login.subtitle')}</p>
        <form onSubmit={submit} noValidate>
          {!tenantFromHost && (
            <Field id="tenantId" label={t('login.tenant')} icon={TeamOutlined} error={error('tenantId')}>
              <input {...input('tenantId')} autoComplete="organization" />
            </Field>
          )}
          <Field id="username" label={t('login.account')} icon={UserOutlined} error={error('username')}>
            <input {...input('username')} autoComplete="username" autoFocus />
          </Field>
          <Field id="password" label={t('login.password')} icon={LockOutlined} error={error('password')}>
            <input
              {...input('password')}
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
            />
            <button
              type="button"
              className={styles.reveal}
              onClick={() => setShowPassword((s) => !s)}
              aria-label={t(showPassword ? 'login.hidePassword' : 'login.showPassword')}
              aria-pressed={showPassword}
              title={t(showPassword ? 'login.hidePassword' : 'login.showPassword')}
            >
              <SvgIcon icon={showPassword ? EyeOutlined : EyeInvisibleOutlined} />
            </button>
          </Field>
          {captcha && (
            <Field
              id="code"
              label={t('login.captcha')}
              icon={SafetyOutlined}
              error={error('code')}
              after={<CaptchaButton image={captcha.image} onRefresh={loadCaptcha} />}
            >
              <input {...input('code')} maxLength={5} autoComplete="off" />
            </Field>
          )}
          <button type="submit" className={styles.submit} aria-busy={busy || undefined}>
            {busy && <SvgIcon icon={LoadingOutlined} className={styles.spin} />}
            {busy ? t('login.signingIn') : t('login.submit')}
          </button>
        </form>
        <div className={styles.links}>
          <button type="button" className={styles.link} onClick={() => openDialog('register')}>
            {t('login.register')}
          </button>
          <button type="button" className={styles.link} onClick={() => openDialog('forgot')}>
            {t('login.forgot')}
          </button>
        </div>
      </section>
      {(opened.register || opened.forgot) && (
        <Suspense>
          <AntdScope>
            {opened.register && (
              <RegisterDialog
                open={dialog === 'register'}
                tenantFromHost={tenantFromHost}
                onClose={() => setDialog(undefined)}
              />
            )}
            {opened.forgot && (
              <ForgotDialog open={dialog === 'forgot'} onClose={() => setDialog(undefined)} />
            )}
          </AntdScope>
        </Suspense>
      )}
    </main>
  );
}
