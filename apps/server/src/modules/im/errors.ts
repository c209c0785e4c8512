import { ERROR_CODE } from '@forecourt/im-sdk/types';
import { AppError } from '../../platform/errors.js';

/**
 * A chat rule was broken. `code` is the SDK's error code (ERROR_CODE); `key` a message translated for the
 * caller; `data` extra detail the client may act on (e.g. retryAfterMs).
 */
export class ImError extends Error {
  constructor(
    readonly code: number,
    readonly key: string,
    readonly params?: Record<string, unknown>,
    readonly data?: Record<string, unknown>,
  ) {
    super(key);
  }
}

export const invalid = (key: string, params?: Record<string, unknown>) =>
  new ImError(ERROR_CODE.INVALID_PARAMETER, key, params);
export const notFoundIm = (key: string, params?: Record<string, unknown>) =>
  new ImError(ERROR_CODE.NOT_FOUND, key, params);
export const forbiddenIm = (key: string, params?: Record<string, unknown>) =>
  new ImError(ERROR_CODE.FORBIDDEN, key, params);

/** The same failure for an HTTP route: 403 / 404 / 400 with the translated message. */
export function asHttp(e: unknown): unknown {
  if (!(e instanceof ImError)) return e;
  const status = e.code === ERROR_CODE.FORBIDDEN ? 403 : e.code === ERROR_CODE.NOT_FOUND ? 404 : 400;
  return new AppError(status, e.key, e.params);
}
