import { describe, expect, it } from 'vitest';
import { judge } from './rules';

const texts = { busy: 'Server is busy, try later', unknown: 'Unknown error' };

describe('the HTTP error table of spec §8', () => {
  it('accepts a 200 envelope and the unwrapped token answer', () => {
    expect(judge({ status: 200, data: { code: 200, success: true, data: 1 } }, texts)).toEqual({
      kind: 'ok',
    });
    expect(judge({ status: 200, data: { access_token: 'x' } }, texts)).toEqual({ kind: 'ok' });
  });

  it('signs out on a 401 status or code', () => {
    expect(judge({ status: 401, data: { code: 401, msg: 'x' } }, texts)).toEqual({ kind: 'signOut' });
    expect(judge({ status: 200, data: { code: 401 } }, texts)).toEqual({ kind: 'signOut' });
  });

  it('says the server is busy on 404', () => {
    expect(judge({ status: 404, data: { code: 404, msg: 'no such API' } }, texts)).toEqual({
      kind: 'fail',
      message: 'Server is busy, try later',
    });
  });

  it('shows msg, else error_description, else unknown error', () => {
    expect(judge({ status: 400, data: { code: 400, msg: 'duplicate key' } }, texts)).toEqual({
      kind: 'fail',
      message: 'duplicate key',
    });
    expect(
      judge(
        {
          status: 400,
          data: { error_code: 'invalid_grant', error_description: 'Wrong account or password' },
        },
        texts,
      ),
    ).toEqual({
      kind: 'fail',
      message: 'Wrong account or password',
    });
    expect(judge({ status: 500, data: {} }, texts)).toEqual({ kind: 'fail', message: 'Unknown error' });
    expect(judge({ status: 403, data: { code: 403, msg: '' } }, texts)).toEqual({
      kind: 'fail',
      message: 'Unknown error',
    });
  });

  it('rejects white-listed codes without a message', () => {
    expect(judge({ status: 400, data: { code: 2001, msg: 'quiet' } }, texts, new Set([2001]))).toEqual({
      kind: 'fail',
      message: null,
    });
  });
});
