import type { MicroAppProps } from '@forecourt/contracts';

/** The fields of /blade-auth/oauth/user-info this sample shows. */
export interface UserInfo {
  account: string;
  real_name: string;
  nick_name: string;
  tenant_id: string;
  dept_name?: string;
  role_name?: string;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

type Credentials = Pick<MicroAppProps, 'getToken' | 'apiBase' | 'clientAuth' | 'language'>;

/** One real call with the shell's credentials: the signed-in user, as the server knows them. */
export async function fetchUserInfo(c: Credentials, signal: AbortSignal): Promise<UserInfo> {
  const token = c.getToken();
  if (!token) throw new ApiError('no token', 401);
  const res = await fetch(`${c.apiBase}/blade-auth/oauth/user-info`, {
    signal,
    headers: {
      Authorization: c.clientAuth,
      'Blade-Auth': `bearer ${token}`,
      'Accept-Language': c.language === 'en' ? 'en' : 'zh-CN',
    },
  });
  const body = (await res.json().catch(() => null)) as {
    code?: number;
    msg?: string;
    data?: UserInfo;
  } | null;
  if (!res.ok || !body?.data) throw new ApiError(body?.msg || `HTTP ${res.status}`, res.status);
  return body.data;
}
