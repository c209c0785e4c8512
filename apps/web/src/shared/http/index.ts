import i18n from '../i18n';
import { addLog } from '../logs/store';
import { judge } from './rules';
import { toast } from './toast';
import { CLIENT_BASIC, HTTP_TIMEOUT } from './constants';
import { takeEarly } from './early';
import {
  parse,
  request,
  TransportError,
  type RequestConfig,
  type RawResponse,
  type UploadProgress,
} from './transport';

export { toast, loadToasts, TOAST } from './toast';
export type { RequestConfig, UploadProgress } from './transport';

export { HTTP_TIMEOUT, UPLOAD_TIMEOUT, CLIENT_BASIC } from './constants';

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
  // The global error capture knows it by name (the log store cannot import the client: a cycle).
  override readonly name = 'HttpError';
}

type TokenSource = { token: () => string | undefined; onUnauthorized: () => void };
let session: TokenSource = { token: () => undefined, onUnauthorized: () => {} };
/** The session store plugs itself in (avoids an import cycle). */
export const bindSession = (s: TokenSource) => {
  session = s;
};

/**
 * The answer the page's head already asked for (./early.ts), when this is the same plain GET: same path,
 * token and language, no parameters, headers or cancelling of its own. Anything but a 200 is dropped and
 * asked again. Undefined, synchronously, when there is none: the client then sends its request in the
 * same turn, as it always did.
 */
function earlyAnswer(
  config: RequestConfig,
  opts: RequestOptions,
  token: string | undefined,
  lang: string,
): Promise<RawResponse | undefined> | undefined {
  const plain =
    (config.method ?? 'GET') === 'GET' &&
    !(opts.params ?? config.params) &&
    !config.headers &&
    !opts.headers &&
    !config.responseType &&
    // A request its caller may cancel is sent by the client, which can cancel it.
    !(opts.signal ?? config.signal);
  const answer = plain && token ? takeEarly(config.url, token, lang) : undefined;
  return answer?.then((raw) => (raw?.status === 200 ? { status: 200, data: parse(raw.text) } : undefined));
}

async function send<T>(config: RequestConfig, opts: RequestOptions, unwrap: boolean): Promise<T> {
  const token = opts.noToken ? undefined : session.token();
  const lang = i18n.language === 'en' ? 'en' : 'zh-CN';
  let res;
  try {
    const early = earlyAnswer(config, opts, token, lang);
    res =
      (early && (await early)) ??
      (await request({
        ...config,
        params: opts.params ?? config.params,
        timeout: opts.timeout ?? config.timeout ?? HTTP_TIMEOUT,
        signal: opts.signal ?? config.signal,
        onUploadProgress: opts.onUploadProgress ?? config.onUploadProgress,
        headers: {
          Authorization: CLIENT_BASIC,
          'Accept-Language': lang,
          ...(token ? { 'Blade-Auth': `bearer ${token}` } : {}),
          ...config.headers,
          ...opts.headers,
        },
      }));
  } catch (e) {
    const kind = e instanceof TransportError ? e.kind : 'network';
    const text = i18n.t(kind === 'timeout' ? 'http.timeout' : 'http.network');
    if (kind !== 'abort') {
      if (!opts.silent) toast.error(text);
      logFailure(config, kind, text);
    }
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
    // A refusal (4xx: a duplicate key, a weak password) is the answer the user needed and was shown;
    // only the server's own failures are errors worth keeping.
    if (res.status >= 500 || code >= 500) logFailure(config, String(res.status), outcome.message ?? '');
    throw new HttpError(outcome.message ?? '', code, res.data);
  }
  return (unwrap ? (res.data as { data: T }).data : res.data) as T;
}

/**
 * Unexpected failures (no answer, a time-out, a 5xx) go to the local error log. The address is logged
 * without its query: the token endpoint carries the encrypted password and codes there.
 */
function logFailure(config: RequestConfig, status: string, message: string) {
  addLog({
    type: 'http',
    message: `${config.method ?? 'GET'} ${config.url.split('?')[0]} ${status}: ${message}`,
    stack: '',
    info: status,
  });
}

/** Answered by the HTTP client (already shown to the user, and logged when unexpected). */
export const isHttpError = (e: unknown): e is HttpError => e instanceof HttpError;

/** The one HTTP client: resolves to the envelope's data, or rejects after the §8 rules ran. */
export const http = {
  get: <T>(url: string, opts: RequestOptions = {}) => send<T>({ url, method: 'GET' }, opts, true),
  post: <T>(url: string, body?: unknown, opts: RequestOptions = {}) =>
    send<T>({ url, method: 'POST', data: body }, opts, true),
  /** Unwrapped answers (the token endpoint, files with responseType 'blob'). */
  raw: <T>(config: RequestConfig, opts: RequestOptions = {}) => send<T>(config, opts, false),
};
