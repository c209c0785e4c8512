import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import '@/shared/upload/test-env';
import i18n, { setLang } from '@/shared/i18n';
import { HttpError } from '@/shared/http';
import { setThemeName } from '@/shared/theme/store';
import { contrast } from '@/shared/ui/contrast';

const get = vi.fn();
vi.mock('@/shared/http', async (real) => ({
  ...(await real<typeof import('@/shared/http')>()),
  http: { get: (...a: unknown[]) => get(...a) },
}));
const signIn = vi.fn();
const loadSessionData = vi.fn();
vi.mock('@/shared/auth/session', async (real) => ({
  ...(await real<typeof import('@/shared/auth/session')>()),
  signIn: (...a: unknown[]) => signIn(...a),
  loadSessionData: () => loadSessionData(),
}));

const { default: LoginPage } = await import('./LoginPage');
const { loginRules } = await import('./loginRules');

const CAPTCHA = { key: 'k1', image: 'data:image/svg+xml;base64,PHN2Zy8+', enabled: true };

/** The server's answers: captcha mode on or off, and whether the host names a tenant. */
function server({ captcha = false, tenant }: { captcha?: boolean; tenant?: string } = {}) {
  let issued = 0;
  get.mockImplementation((url: string) => {
    if (url.endsWith('/oauth/captcha'))
      return Promise.resolve(captcha ? { ...CAPTCHA, key: `k${++issued}` } : { enabled: false });
    if (url.endsWith('/tenant/info')) return Promise.resolve(tenant ? { tenantId: tenant } : null);
    return Promise.reject(new Error(url));
  });
  return { captchasIssued: () => issued };
}

const draw = async (onSignedIn = vi.fn()) => {
  const view = render(<LoginPage onSignedIn={onSignedIn} />);
  // The page's two lookups have answered.
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  return { ...view, onSignedIn };
};
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

beforeEach(() => {
  setLang('zh');
  signIn.mockReset().mockResolvedValue({});
  loadSessionData.mockReset().mockResolvedValue(undefined);
});
afterEach(() => {
  setThemeName('default');
});

describe('the sign-in page', () => {
  it('names every empty field when sent, in the language shown, and sends nothing', async () => {
    server();
    await draw();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    // The tenant id has its default; the account and the password are missing.
    expect(alerts()).toEqual(['请输入账号', '请输入密码']);
    expect(field('账号').getAttribute('aria-invalid')).toBe('true');
    expect(field('账号').getAttribute('aria-describedby')).toBe('username-error');
    expect(document.activeElement).toBe(field('账号'));
    expect(signIn).not.toHaveBeenCalled();

    // A language switch says the same in English, without the user sending again.
    act(() => setLang('en'));
    expect(alerts()).toEqual(['Please enter the account', 'Please enter the password']);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('checks a field as it changes: an account of spaces is no account; a typed one clears the error', async () => {
    server();
    await draw();
    type('账号', '   ');
    expect(alerts()).toEqual(['请输入账号']);
    type('账号', 'admin');
    expect(alerts()).toEqual([]);
    type('租户编号', '');
    expect(alerts()).toEqual(['请输入租户编号']);
  });

  it('signs in with the trimmed account, the default tenant, then goes on', async () => {
    server();
    const { onSignedIn } = await draw();
    type('账号', '  admin ');
    type('密码', 'Secret#2026');
    fireEvent.submit(field('密码').closest('form')!);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(signIn).toHaveBeenCalledWith({
      tenantId: '000000',
      username: 'admin',
      password: 'Secret#2026',
      captchaKey: undefined,
      captchaCode: undefined,
    });
    expect(loadSessionData).toHaveBeenCalledTimes(1);
  });

  it('sends one sign-in however often Enter is pressed while it is under way', async () => {
    server();
    let answer!: (v: unknown) => void;
    signIn.mockImplementation(() => new Promise((r) => (answer = r)));
    const { onSignedIn } = await draw();
    type('账号', 'admin');
    type('密码', 'Secret#2026');
    const form = field('密码').closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(screen.getByRole('button', { name: '登录中…' }).getAttribute('aria-busy')).toBe('true');
    await act(async () => answer({}));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(signIn).toHaveBeenCalledTimes(1);
  });

  it('in captcha mode asks for the code, and after a refusal clears it and shows a new captcha', async () => {
    const s = server({ captcha: true });
    signIn.mockRejectedValueOnce(new HttpError('验证码错误或已过期', 400));
    const { onSignedIn } = await draw();
    expect(screen.getByRole('img', { name: '验证码' }).getAttribute('src')).toBe(CAPTCHA.image);
    type('账号', 'admin');
    type('密码', 'Secret#2026');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(alerts()).toEqual(['请输入验证码']);
    type('验证码', 'abcde');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(s.captchasIssued()).toBe(2));
    expect(signIn).toHaveBeenCalledWith(expect.objectContaining({ captchaKey: 'k1', captchaCode: 'abcde' }));
    expect((field('验证码') as HTMLInputElement).value).toBe('');
    expect(onSignedIn).not.toHaveBeenCalled();

    // The refresh button asks for another captcha, and the next sign-in sends the new key.
    fireEvent.click(screen.getByRole('button', { name: '点击刷新验证码' }));
    await waitFor(() => expect(s.captchasIssued()).toBe(3));
    type('验证码', 'fghij');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(signIn).toHaveBeenLastCalledWith(
      expect.objectContaining({ captchaKey: 'k3', captchaCode: 'fghij' }),
    );
  });

  it('hides the tenant field when the host names a tenant, and signs in to that tenant', async () => {
    server({ tenant: '654321' });
    const { onSignedIn } = await draw();
    expect(screen.queryByLabelText('租户编号')).toBeNull();
    type('账号', 'admin');
    type('密码', 'Secret#2026');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(signIn).toHaveBeenCalledWith(expect.objectContaining({ tenantId: '654321' }));
  });

  it('shows and hides the password on request', async () => {
    server();
    await draw();
    expect(field('密码').getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: '显示密码' }));
    expect(field('密码').getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: '隐藏密码' }));
    expect(field('密码').getAttribute('type')).toBe('password');
  });

  it('switches the language from its own buttons, the current one disabled', async () => {
    server();
    await draw();
    const group = screen.getByRole('group', { name: '语言' });
    expect(group.querySelector<HTMLButtonElement>('[aria-label="中文"]')!.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(i18n.language).toBe('en');
    expect(screen.getByRole('heading').textContent).toBeTruthy();
    expect(screen.getByRole('button', { name: 'English' }).hasAttribute('disabled')).toBe(true);
  });

  it("draws in the theme's colour, darkened to read on the light card, and dark on a dark theme", async () => {
    server();
    const { container } = await draw();
    const page = () => container.querySelector('main')!;
    // The default #409EFF is too light behind white text: the page gets the readable shade.
    expect(page().style.getPropertyValue('--fc-primary')).not.toBe('#409EFF');
    expect(contrast(page().style.getPropertyValue('--fc-primary-bg'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(page().style.getPropertyValue('--fc-radius')).toBe('8px');
    expect(page().hasAttribute('data-dark')).toBe(false);
    act(() => setThemeName('vip'));
    // Gold reads as text on the dark card, but not under the button's white text.
    expect(page().style.getPropertyValue('--fc-primary')).toBe('#d4af37');
    expect(page().style.getPropertyValue('--fc-primary-bg')).not.toBe('#d4af37');
    expect(page().style.getPropertyValue('--fc-radius')).toBe('2px');
    expect(page().hasAttribute('data-dark')).toBe(true);
  });
});

describe('the sign-in rules', () => {
  it('requires every field, and an account of more than spaces', () => {
    expect(loginRules.tenantId('')).toBe('login.tenantRequired');
    expect(loginRules.username(' \t')).toBe('login.accountRequired');
    expect(loginRules.username(' a ')).toBeUndefined();
    // A password is not trimmed: spaces may be part of it, and the server decides.
    expect(loginRules.password('  ')).toBeUndefined();
    expect(loginRules.password('')).toBe('login.passwordRequired');
    expect(loginRules.code('')).toBe('login.captchaRequired');
  });
});
