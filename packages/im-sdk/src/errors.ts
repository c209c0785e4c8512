import { ERROR_CODE, type IMError } from './types.js';

export function imError(code: number, message: string, data?: Record<string, unknown>): IMError {
  const e = new Error(message) as IMError;
  e.code = code;
  if (data) e.data = data;
  return e;
}

export const networkError = (message = 'network error') => imError(ERROR_CODE.NETWORK, message);
export const notLoggedIn = () => imError(ERROR_CODE.NOT_LOGGED_IN, 'not logged in');
