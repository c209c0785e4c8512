/**
 * What the shell hands every micro-app it mounts (qiankun props). Micro-apps import this type; it is
 * the whole contract between the host and a sub-application, so keep it small and additive.
 */
export interface MicroUser {
  user_id: string;
  tenant_id: string;
  account: string;
  real_name: string;
  nick_name: string;
  dept_name: string;
  role_name: string;
  avatar: string;
}

export interface MicroAppProps {
  /** The access token at mount time (sent as `Blade-Auth: bearer …`). */
  token: string;
  /** The current access token: the shell refreshes it while the micro-app runs. */
  getToken: () => string | undefined;
  user: MicroUser;
  language: 'zh' | 'en';
  /** Base of the API ('/api') and the client's Basic `Authorization` header. */
  apiBase: string;
  clientAuth: string;
  /** The micro-app calls this on a 401 answer: the shell signs out and goes to /login. */
  onUnauthorized: () => void;
}
