import i18n from '../i18n';
import { judge } from './rules';
import { toast } from './toast';
import { request, TransportError, type RequestConfig, type UploadProgress } from './transport';

export { toast, loadToasts, TOAST } from './toast';
export type { RequestConfig, UploadProgress } from './transport';

/** Spec §9: 40 s time-out; statuses 200–500 reach the rules (toasts: ./toast). */
export const HTTP_TIMEOUT = 40_000;
export const UPLOAD_TIMEOUT = 600_000;
export const CLIENT_BASIC = `Basic ${btoa('saber:saber_secret')}`;

export interface RequestOptions {
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** No Blade-Auth header (sign-in, captcha, public pages). */
  noToken?: boolean;
  /** No toast on failure: the caller shows the error itself. */
  silent?: boolean;
  timeout?: number;
  onUploadProgress?: (e: UploadProgress) => void;
  signal?: AbortSignal;
}

/** An answer the rules turned down; message is already shown unless the request was silent. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

type TokenSource = { token: () => string | undefined; onUnauthorized: () => void };
let session: TokenSource = { token: () => undefined, onUnauthorized: () => {} };
/** The session store plugs itself in (avoids an import cycle). */
export const bindSession = (s: TokenSource) => {
  session = s;
};

async function send<T>(config: RequestConfig, opts: RequestOptions, unwrap: boolean): Promise<T> {
  const token = opts.noToken ? undefined : session.token();
  let res;
  try {
    res = await request({
      ...config,
      params: opts.params ?? config.params,
      timeout: opts.timeout ?? config.timeout ?? HTTP_TIMEOUT,
      signal: opts.signal ?? config.signal,
      onUploadProgress: opts.onUploadProgress ?? config.onUploadProgress,
      headers: {
        Authorization: CLIENT_BASIC,
        'Accept-Language': i18n.language === 'en' ? 'en' : 'zh-CN',
        ...(token ? { 'Blade-Auth': `bearer ${token}` } : {}),
        ...config.headers,
        ...opts.headers,
      },
    });
  } catch (e) {
    const kind = e instanceof TransportError ? e.kind : 'network';
    const text = i18n.t(kind === 'timeout' ? 'http.timeout' : 'http.network');
    if (!opts.silent && kind !== 'abort') toast.error(text);
    throw new HttpError(text, 0);
  }
  const outcome = judge(res, { busy: i18n.t('http.busy'), unknown: i18n.t('http.unknown') });
  if (outcome.kind === 'signOut') {
    session.onUnauthorized();
    throw new HttpError(i18n.t('http.unknown'), 401, res.data);
  }
  if (outcome.kind === 'fail') {
    if (outcome.message && !opts.silent) toast.error(outcome.message);
    const code = (res.data as { code?: number } | undefined)?.code ?? res.status;
    throw new HttpError(outcome.message ?? '', code, res.data);
  }
  return (unwrap ? (res.data as { data: T }).data : res.data) as T;
}

/** The one HTTP client: resolves to the envelope's data, or rejects after the §8 rules ran. */
export const http = {
  get: <T>(url: string, opts: RequestOptions = {}) => send<T>({ url, method: 'GET' }, opts, true),
  post: <T>(url: string, body?: unknown, opts: RequestOptions = {}) =>
    send<T>({ url, method: 'POST', data: body }, opts, true),
  /** Unwrapped answers (the token endpoint, files with responseType 'blob'). */
  raw: <T>(config: RequestConfig, opts: RequestOptions = {}) => send<T>(config, opts, false),
};
