import axios, { type AxiosProgressEvent, type AxiosRequestConfig } from 'axios';
import { message } from 'antd';
import i18n from '../i18n';
import { judge } from './rules';

/** Spec §9: 40 s time-out; statuses 200–500 reach the rules; toasts 2000 ms at offset 40. */
export const HTTP_TIMEOUT = 40_000;
export const UPLOAD_TIMEOUT = 600_000;
export const CLIENT_BASIC = `Basic ${btoa('saber:saber_secret')}`;

message.config({ duration: 2, top: 40, maxCount: 3 });

export interface RequestOptions {
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** No Blade-Auth header (sign-in, captcha, public pages). */
  noToken?: boolean;
  /** No toast on failure: the caller shows the error itself. */
  silent?: boolean;
  timeout?: number;
  onUploadProgress?: (e: AxiosProgressEvent) => void;
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

const instance = axios.create({ timeout: HTTP_TIMEOUT, validateStatus: (s) => s >= 200 && s <= 500 });

async function send<T>(config: AxiosRequestConfig, opts: RequestOptions, unwrap: boolean): Promise<T> {
  const token = opts.noToken ? undefined : session.token();
  let res;
  try {
    res = await instance.request({
      ...config,
      params: opts.params ?? config.params,
      timeout: opts.timeout ?? HTTP_TIMEOUT,
      signal: opts.signal,
      onUploadProgress: opts.onUploadProgress,
      headers: {
        Authorization: CLIENT_BASIC,
        'Accept-Language': i18n.language === 'en' ? 'en' : 'zh-CN',
        ...(token ? { 'Blade-Auth': `bearer ${token}` } : {}),
        ...(config.headers as Record<string, string> | undefined),
        ...opts.headers,
      },
    });
  } catch (e) {
    const timeout = axios.isAxiosError(e) && e.code === 'ECONNABORTED';
    const text = i18n.t(timeout ? 'http.timeout' : 'http.network');
    if (!opts.silent && !axios.isCancel(e)) void message.error(text);
    throw new HttpError(text, 0);
  }
  const outcome = judge(
    { status: res.status, data: res.data },
    { busy: i18n.t('http.busy'), unknown: i18n.t('http.unknown') },
  );
  if (outcome.kind === 'signOut') {
    session.onUnauthorized();
    throw new HttpError(i18n.t('http.unknown'), 401, res.data);
  }
  if (outcome.kind === 'fail') {
    if (outcome.message && !opts.silent) void message.error(outcome.message);
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
  /** Unwrapped answers (the token endpoint). */
  raw: <T>(config: AxiosRequestConfig, opts: RequestOptions = {}) => send<T>(config, opts, false),
};
