/**
 * A failure the user should read: a message key translated into the caller's language at the edge.
 * `code` goes into the envelope; `status` is the HTTP status.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly params?: Record<string, unknown>,
    readonly code: number = status,
  ) {
    super(key);
  }
}

/** A rule was broken: HTTP 400, code 400. */
export const bad = (key: string, params?: Record<string, unknown>) => new AppError(400, key, params);
export const unauthorized = (key = 'common.unauthorized') => new AppError(401, key);
export const forbidden = (key = 'common.forbidden', params?: Record<string, unknown>) =>
  new AppError(403, key, params);
export const notFound = (key = 'common.rowNotFound', params?: Record<string, unknown>) =>
  new AppError(404, key, params);
export const tooMany = (key = 'common.tooManyRequests', params?: Record<string, unknown>) =>
  new AppError(429, key, params);

/** A service the request needs (an SMS gateway, a mail server) refused it: HTTP 503, worth trying later. */
export const unavailable = (key: string, params?: Record<string, unknown>) => new AppError(503, key, params);

/** OAuth-style failure of the token endpoint: answered unwrapped as { error_code, error_description }. */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 423 | 429,
    readonly errorCode: string,
    readonly key: string,
    readonly params?: Record<string, unknown>,
  ) {
    super(key);
  }
}
