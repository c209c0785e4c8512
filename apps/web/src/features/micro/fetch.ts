import { CHUNK_TIMEOUT_MS } from './apps';

export class EntryError extends Error {
  constructor(
    message: string,
    readonly kind: 'status' | 'timeout' | 'network',
  ) {
    super(message);
  }
}

/**
 * The fetch qiankun uses for a micro-app's page, scripts and styles: each file within the chunk load
 * time-out, and an error status is a failure (qiankun would otherwise run a 404 page as the app).
 */
export async function entryFetch(
  input: RequestInfo | URL,
  init?: RequestInit,
  timeoutMs = CHUNK_TIMEOUT_MS,
): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  let res: Response;
  try {
    res = await fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    const timedOut = e instanceof DOMException && e.name === 'TimeoutError';
    throw new EntryError(
      `${url}: ${timedOut ? 'timed out' : 'network error'}`,
      timedOut ? 'timeout' : 'network',
    );
  }
  if (!res.ok) throw new EntryError(`${url}: HTTP ${res.status}`, 'status');
  return res;
}

/** Rejects when the promise has not settled within the time-out (the whole load, not one file). */
export function within<T>(promise: Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new EntryError(`not loaded within ${ms} ms`, 'timeout')), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });
}
