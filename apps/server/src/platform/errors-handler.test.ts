import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ErrorLogLimiter, makeErrorHandler } from './errors-handler.js';

function appWith(errorOf: (q: Record<string, string>) => Error) {
  const written: string[] = [];
  const logged: unknown[] = [];
  const app = Fastify({
    logger: {
      level: 'error',
      stream: { write: (line: string) => void logged.push(JSON.parse(line)) },
    },
  });
  app.decorateRequest('lang', 'en');
  app.setErrorHandler(makeErrorHandler(async (_req, err) => void written.push(err.message)));
  app.get('/boom', async (req) => {
    throw errorOf(req.query as Record<string, string>);
  });
  return { app, written, logged };
}

describe('error handler', () => {
  it('writes a flood of one failure once per window and counts the rest', async () => {
    const { app, written, logged } = appWith(() => new Error('disk on fire'));
    for (let i = 0; i < 50; i++) expect((await app.inject({ url: '/boom' })).statusCode).toBe(500);
    expect(written).toEqual(['disk on fire']);
    expect(logged.filter((l) => (l as { msg?: string }).msg === 'unhandled error')).toHaveLength(1);
  });

  it('writes a different failure, and the same one again after the window with how many were held back', () => {
    const limiter = new ErrorLogLimiter(1000, 10);
    const e = new Error('x');
    expect(limiter.admit('GET /a', e, 0)).toEqual({ write: true, suppressed: 0 });
    expect(limiter.admit('GET /a', e, 10).write).toBe(false);
    expect(limiter.admit('GET /a', e, 20).write).toBe(false);
    expect(limiter.admit('GET /b', e, 30).write).toBe(true);
    expect(limiter.admit('GET /a', new Error('y'), 40).write).toBe(true);
    expect(limiter.admit('GET /a', e, 1500)).toEqual({ write: true, suppressed: 2 });
    // Bounded: a thousand distinct failures keep at most 10 keys.
    for (let i = 0; i < 1000; i++) limiter.admit(`GET /${i}`, e, 2000);
    expect((limiter as unknown as { seen: { size: number } }).seen.size).toBe(10);
  });

  it("maps PostgreSQL's invalid-input errors to a 400 naming the request field", async () => {
    const { app, written } = appWith(() =>
      Object.assign(new Error('invalid input syntax for type bigint: "abc"'), { code: '22P02' }),
    );
    const res = await app.inject({ url: '/boom?userId=abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Field userId is invalid');
    expect(written).toEqual([]);
  });
});
