import { http } from '@/shared/http';
import { bindSession } from '@/shared/http';
import { encryptPassword } from '@/shared/auth/sm2';
import {
  signedIn,
  signedOut,
  tokenRefreshed,
  useSession,
  userLoaded,
  permissionsLoaded,
  type TokenAnswer,
  type UserInfo,
} from '@/shared/auth/store';
import { flattenButtons } from '@/shared/menu/tree';

/** Spec §9: the token is refreshed when its age in seconds reaches this. */
export const TOKEN_TIME = 3000;
export const TOKEN_CHECK_MS = 10_000;
export const DEFAULT_TENANT = '000000';

/** The platform's own administrator (an administrator of tenant 000000): sees every tenant and the platform's logs. */
export const isPlatformAdmin = (user?: UserInfo) =>
  user?.tenant_id === DEFAULT_TENANT &&
  String(user.role_name ?? '')
    .split(',')
    .includes('administrator');

bindSession({
  token: () => useSession.getState().token,
  onUnauthorized: () => expireSession(),
});

let expired = false;
/** 401 anywhere: clear the session and go to /login (once, however many requests failed). */
export function expireSession() {
  if (expired || !useSession.getState().token) return;
  expired = true;
  signedOut();
  window.location.assign('/login');
}

export interface SignInForm {
  tenantId: string;
  username: string;
  password: string;
  captchaKey?: string;
  captchaCode?: string;
}

export async function signIn(f: SignInForm): Promise<TokenAnswer> {
  const password = await encryptPassword(f.password);
  const grant = f.captchaKey ? 'captcha' : 'password';
  const answer = await http.raw<TokenAnswer>(
    {
      url: '/api/blade-auth/oauth/token',
      method: 'POST',
      // In the form body, not the query string: URLs end up in logs and browser history.
      data: new URLSearchParams({
        tenantId: f.tenantId,
        username: f.username,
        password,
        grant_type: grant,
        scope: 'all',
        type: f.tenantId === DEFAULT_TENANT ? '1' : 'account',
      }),
      headers: {
        'Tenant-Id': f.tenantId,
        ...(f.captchaKey ? { 'Captcha-Key': f.captchaKey, 'Captcha-Code': f.captchaCode ?? '' } : {}),
      },
    },
    { noToken: true },
  );
  expired = false;
  signedIn(answer);
  return answer;
}

/** The token the session data was last loaded with, in this page (a sign-out reloads the page). */
let loadedWith: string | undefined;

/** After sign-in and on every reload: who am I and what may I press. */
export async function loadSessionData(): Promise<void> {
  const token = useSession.getState().token;
  const [user, buttons] = await Promise.all([
    http.get<UserInfo>('/api/blade-auth/oauth/user-info'),
    http.get<Array<{ code?: string; children?: Array<{ code?: string }> }>>('/api/blade-system/menu/buttons'),
  ]);
  userLoaded(user);
  permissionsLoaded(flattenButtons(buttons));
  loadedWith = token;
}

/**
 * The session data for the main layout: loaded, unless this page has just loaded it with the same token.
 * The sign-in page loads it before it lets the layout mount; asking again there fetched the user and the
 * buttons a second time, half a second after the first.
 */
export function ensureSessionData(): Promise<void> {
  const token = useSession.getState().token;
  return token && token === loadedWith ? Promise.resolve() : loadSessionData();
}

let refreshing: Promise<void> | undefined;
/** Refreshes the token once, however many callers ask at the same time; a failure signs out. */
export function refreshToken(): Promise<void> {
  const { refreshToken: rt, tenantId } = useSession.getState();
  if (!rt) return Promise.resolve();
  refreshing ??= http
    .raw<TokenAnswer>(
      {
        url: '/api/blade-auth/oauth/token',
        method: 'POST',
        data: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: rt,
          scope: 'all',
          ...(tenantId ? { tenantId } : {}),
        }),
      },
      { noToken: true, silent: true },
    )
    .then(tokenRefreshed)
    .catch(() => expireSession())
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

/** Checks every 10 s whether the token reached the token time, and refreshes it then. */
export function startTokenUpkeep(): () => void {
  const timer = window.setInterval(() => {
    const { token, tokenAt } = useSession.getState();
    if (!token || !tokenAt) return;
    if ((Date.now() - tokenAt) / 1000 >= TOKEN_TIME) void refreshToken();
  }, TOKEN_CHECK_MS);
  return () => window.clearInterval(timer);
}

/** Sign-out: tell the server, clear everything of the session, reload at /login. */
export async function signOut(): Promise<void> {
  // The session ends here whatever the server says (an expired token is refused, and that is fine).
  await http.post('/api/blade-auth/oauth/logout', {}, { silent: true }).catch(() => undefined);
  signedOut();
  window.location.assign('/login');
}
