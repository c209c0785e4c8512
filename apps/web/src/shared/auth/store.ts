import { create } from 'zustand';
import type { TokenAnswer, UserInfo as UserInfoAnswer } from '@forecourt/contracts';
import { clearStore, getStore, removeStore, setStore } from '../storage';

/** The token answer is the contracts' (the server answers with the same schema). */
export type { TokenAnswer };

/** The signed-in user as the session keeps it: the token answer's fields at sign-in, user-info's once loaded. */
export type UserInfo = Omit<
  TokenAnswer,
  'access_token' | 'refresh_token' | 'expires_in' | 'token_type' | 'license'
> &
  Partial<UserInfoAnswer>;

interface SessionState {
  token?: string;
  refreshToken?: string;
  /** When the token was issued (ms), for the upkeep timer. */
  tokenAt?: number;
  tenantId?: string;
  user?: UserInfo;
  /** Button codes flattened to code → true. */
  permission: Record<string, true>;
  locked: boolean;
  lockPassword?: string;
}

const initial = (): SessionState => ({
  token: getStore<string>('token'),
  refreshToken: getStore<string>('refreshToken'),
  tokenAt: getStore<number>('tokenAt'),
  tenantId: getStore<string>('tenantId'),
  user: getStore<UserInfo>('userInfo'),
  permission: getStore<Record<string, true>>('permission') ?? {},
  locked: getStore<boolean>('isLock', true) ?? false,
  lockPassword: getStore<string>('lockPassword', true),
});

export const useSession = create<SessionState>(() => initial());

/** Sign-in: token, refresh token, tenant and user info stored; tabs and lock cleared (spec §4). */
export function signedIn(t: TokenAnswer) {
  const { access_token, refresh_token, expires_in: _e, ...user } = t;
  const now = Date.now();
  setStore('token', access_token);
  setStore('refreshToken', refresh_token);
  setStore('tokenAt', now);
  setStore('tenantId', t.tenant_id);
  setStore('userInfo', user);
  removeStore('isLock');
  removeStore('lockPassword');
  useSession.setState({
    token: access_token,
    refreshToken: refresh_token,
    tokenAt: now,
    tenantId: t.tenant_id,
    user,
    locked: false,
    lockPassword: undefined,
  });
}

export function tokenRefreshed(t: TokenAnswer) {
  const now = Date.now();
  setStore('token', t.access_token);
  setStore('refreshToken', t.refresh_token);
  setStore('tokenAt', now);
  useSession.setState({ token: t.access_token, refreshToken: t.refresh_token, tokenAt: now });
}

export function userLoaded(user: UserInfo) {
  setStore('userInfo', user);
  useSession.setState({ user });
}

export function permissionsLoaded(permission: Record<string, true>) {
  setStore('permission', permission);
  useSession.setState({ permission });
}

/** Sign-out clears the session from storage; preferences (theme, colour, language) stay. */
export function signedOut() {
  clearStore(['theme', 'themeColor', 'language', 'logs']);
  useSession.setState({
    token: undefined,
    refreshToken: undefined,
    tokenAt: undefined,
    user: undefined,
    permission: {},
    locked: false,
    lockPassword: undefined,
  });
}

export function lock(password: string) {
  setStore('lockPassword', password, true);
  setStore('isLock', true, true);
  useSession.setState({ locked: true, lockPassword: password });
}

/** The lock password stays for the session: the next lock does not ask again. */
export function unlock() {
  removeStore('isLock');
  useSession.setState({ locked: false });
}

export const usePermission = (code: string) => useSession((s) => Boolean(s.permission[code]));
