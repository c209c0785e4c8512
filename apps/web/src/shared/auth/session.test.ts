import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/shared/auth/store';
import { ensureSessionData, loadSessionData, refreshToken, signIn } from './session';

vi.mock('@/shared/auth/sm2', () => ({ encryptPassword: async () => 'CIPHER-0123456789abcdef' }));

/** Records what the browser would send and answers a token. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  timeout = 0;
  responseType = '';
  status = 0;
  responseText = '';
  upload = {};
  onload?: () => void;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    this.status = 200;
    this.responseText = JSON.stringify({
      access_token: 'access-new',
      refresh_token: 'refresh-new',
      tenant_id: '000000',
      user_id: '1',
      account: 'admin',
      expires_in: 3600,
    });
    queueMicrotask(() => this.onload?.());
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.sent = [];
});

describe('the token requests', () => {
  it('send the password and the refresh token in the form body, never in the URL', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    await signIn({
      tenantId: '000000',
      username: 'admin',
      password: 'Secret#2026',
      captchaKey: 'k1',
      captchaCode: 'abcde',
    });
    useSession.setState({ refreshToken: 'refresh-old-0123456789' });
    await refreshToken();
    expect(FakeXhr.sent).toHaveLength(2);
    const [login, refresh] = FakeXhr.sent;
    for (const x of FakeXhr.sent) {
      expect(x.url).toBe('/api/blade-auth/oauth/token');
      expect(x.body).toBeInstanceOf(URLSearchParams);
    }
    const form = login!.body as URLSearchParams;
    expect(form.get('password')).toBe('CIPHER-0123456789abcdef');
    expect(form.get('grant_type')).toBe('captcha');
    expect(form.get('username')).toBe('admin');
    expect((refresh!.body as URLSearchParams).get('refresh_token')).toBe('refresh-old-0123456789');
  });
});

/** Answers the token, the user and the buttons, as the server does. */
class SessionXhr extends FakeXhr {
  override send(body: unknown) {
    super.send(body);
    if (this.url.includes('/oauth/user-info'))
      this.responseText = JSON.stringify({
        code: 200,
        success: true,
        data: { user_id: '1', account: 'admin', user_name: 'Admin', tenant_id: '000000' },
      });
    else if (this.url.includes('/menu/buttons'))
      this.responseText = JSON.stringify({
        code: 200,
        success: true,
        data: [{ code: 'dept', children: [{ code: 'dept_add' }] }],
      });
  }
}

describe('the session data', () => {
  const asked = () => FakeXhr.sent.filter((x) => x.method === 'GET').map((x) => x.url.replace(/\?.*/, ''));

  it('is not fetched again by the layout right after the sign-in loaded it, and is after a new token', async () => {
    vi.stubGlobal('XMLHttpRequest', SessionXhr);
    await signIn({ tenantId: '000000', username: 'admin', password: 'Secret#2026' });
    await loadSessionData();
    expect(useSession.getState().permission).toEqual({ dept_add: true });
    expect(asked()).toEqual(['/api/blade-auth/oauth/user-info', '/api/blade-system/menu/buttons']);

    await ensureSessionData();
    expect(asked()).toHaveLength(2);

    // Another token (a reload signs in from storage; a refresh changes it): the layout loads again.
    useSession.setState({ token: 'access-other' });
    await ensureSessionData();
    expect(asked()).toHaveLength(4);
    await ensureSessionData();
    expect(asked()).toHaveLength(4);
  });
});
