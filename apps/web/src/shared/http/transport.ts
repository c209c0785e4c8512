/**
 * The wire under the HTTP client: one XMLHttpRequest per call. It replaced axios (about 18 KB of the
 * 250 KB gzip budget of the sign-in page) and keeps what the client used of it: query parameters
 * serialised the same way, JSON bodies, FormData as is, upload progress, time-outs and cancelling.
 */

export type Params = Record<string, unknown>;

export interface UploadProgress {
  loaded: number;
  total?: number;
  /** 0..1 when the size is known. */
  progress?: number;
}

export interface RequestConfig {
  url: string;
  method?: string;
  params?: Params;
  /** Plain values travel as JSON; FormData, Blob, URLSearchParams and strings as they are. */
  data?: unknown;
  headers?: Record<string, string | undefined>;
  /** Milliseconds; 0 waits for ever. */
  timeout?: number;
  signal?: AbortSignal;
  onUploadProgress?: (e: UploadProgress) => void;
  /** 'json' (default: parsed when it is JSON, else the text), 'text', 'blob' or 'arraybuffer'. */
  responseType?: 'json' | 'text' | 'blob' | 'arraybuffer';
}

export interface RawResponse {
  status: number;
  data: unknown;
}

/** Why no answer came: the time-out, the network (or a status outside 200–500), or the caller cancelled. */
export class TransportError extends Error {
  constructor(readonly kind: 'timeout' | 'network' | 'abort') {
    super(kind);
  }
}

/** Statuses the rules of spec §8 judge; anything else counts as a network failure. */
export const judged = (status: number) => status >= 200 && status <= 500;

/** Like encodeURIComponent, with `:`, `$`, `,` kept and spaces as `+` (what axios sent). */
const encode = (v: string) =>
  encodeURIComponent(v).replace(/%3A/gi, ':').replace(/%24/g, '$').replace(/%2C/gi, ',').replace(/%20/g, '+');

/**
 * Query string of the parameters: null and undefined left out, arrays as `key[]=`, dates in ISO form,
 * nested objects as `key[sub]=`.
 */
export function serializeParams(params: Params | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) return value.forEach((v) => add(`${key}[]`, v));
    if (value instanceof Date) return void parts.push(`${encode(key)}=${encode(value.toISOString())}`);
    if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) add(`${key}[${k}]`, v);
      return;
    }
    parts.push(`${encode(key)}=${encode(String(value as string | number | boolean))}`);
  };
  for (const [k, v] of Object.entries(params)) add(k, v);
  return parts.join('&');
}

export function buildUrl(url: string, params?: Params): string {
  const query = serializeParams(params);
  if (!query) return url;
  const base = url.includes('#') ? url.slice(0, url.indexOf('#')) : url;
  return base + (base.includes('?') ? '&' : '?') + query;
}

/** The body as sent, and the content type it needs (none: the browser sets FormData's boundary). */
export function encodeBody(data: unknown): { body: XMLHttpRequestBodyInit | null; type?: string } {
  if (data === undefined || data === null) return { body: null };
  if (
    data instanceof FormData ||
    data instanceof Blob ||
    data instanceof URLSearchParams ||
    data instanceof ArrayBuffer ||
    ArrayBuffer.isView(data)
  ) {
    return { body: data as XMLHttpRequestBodyInit };
  }
  if (typeof data === 'string') return { body: data };
  return { body: JSON.stringify(data), type: 'application/json;charset=utf-8' };
}

/** A body as the client reads it: JSON when it parses, else the text. */
export const parse = (text: string): unknown => {
  if (!text) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** Sends one request; resolves with the status and the parsed body for statuses 200–500. */
export function request(config: RequestConfig): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    if (config.signal?.aborted) return reject(new TransportError('abort'));
    const xhr = new XMLHttpRequest();
    xhr.open((config.method ?? 'GET').toUpperCase(), buildUrl(config.url, config.params), true);
    const { body, type } = encodeBody(config.data);
    const headers: Record<string, string | undefined> = {
      Accept: 'application/json, text/plain, */*',
      ...(type ? { 'Content-Type': type } : {}),
      ...config.headers,
    };
    for (const [k, v] of Object.entries(headers)) if (v !== undefined) xhr.setRequestHeader(k, v);
    xhr.timeout = config.timeout ?? 0;
    const rt = config.responseType ?? 'json';
    xhr.responseType = rt === 'blob' || rt === 'arraybuffer' ? rt : 'text';
    if (config.onUploadProgress && xhr.upload) {
      const report = config.onUploadProgress;
      xhr.upload.onprogress = (e) =>
        report({
          loaded: e.loaded,
          total: e.lengthComputable ? e.total : undefined,
          progress: e.lengthComputable && e.total ? e.loaded / e.total : undefined,
        });
    }
    const onAbort = () => xhr.abort();
    config.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => config.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      if (!judged(xhr.status)) return reject(new TransportError('network'));
      const data: unknown =
        xhr.responseType === 'text'
          ? rt === 'text'
            ? xhr.responseText
            : parse(xhr.responseText)
          : xhr.response;
      resolve({ status: xhr.status, data });
    };
    const fail = (kind: TransportError['kind']) => () => {
      done();
      reject(new TransportError(kind));
    };
    xhr.ontimeout = fail('timeout');
    xhr.onerror = fail('network');
    xhr.onabort = fail('abort');
    xhr.send(body);
  });
}
