import { createHash } from 'node:crypto';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { newId } from './ids.js';
import { AppError, OAuthError } from './errors.js';
import { t, type Lang } from './i18n.js';
import { redactUrl } from './logging.js';
import { urlPatternMessage } from './url.js';

interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** Turns the first schema violation into a sentence that names the field, in the caller's language. */
export function validationMessage(lang: Lang, issues: AjvIssue[], context?: string): string {
  const e = issues[0];
  if (!e) return t(lang, 'validation.body');
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field =
    e.keyword === 'required'
      ? [path, String(e.params.missingProperty)].filter(Boolean).join('.')
      : e.keyword === 'additionalProperties'
        ? String(e.params.additionalProperty)
        : path || context || 'body';
  const p = e.params;
  switch (e.keyword) {
    case 'required':
      return t(lang, 'validation.required', { field });
    case 'type':
      return t(lang, 'validation.type', { field, type: p.type });
    case 'minLength':
    case 'maxLength':
    case 'minimum':
    case 'maximum':
      return t(lang, `validation.${e.keyword}`, { field, limit: p.limit });
    case 'pattern':
      return t(lang, urlPatternMessage(p.pattern) ?? 'validation.pattern', { field });
    case 'enum':
      return t(lang, 'validation.enum', {
        field,
        values: (p.allowedValues as unknown[] | undefined)?.join(', '),
      });
    case 'format':
      return t(lang, 'validation.format', { field });
    case 'additionalProperties':
      return t(lang, 'validation.additional', { field });
    default:
      return t(lang, 'validation.invalid', { field });
  }
}

/**
 * PostgreSQL's "this text is not a value of that type" errors. Schemas and typed filters keep malformed
 * input away from SQL; a value that still gets there is the caller's mistake, not the server's.
 */
const INVALID_INPUT = new Set(['22P02', '22003', '22008', '22007', '22021']);

/** The request field whose value the database quoted in its message, or the part of the request. */
export function fieldOfInvalidInput(req: FastifyRequest, err: Error): string {
  const quoted = /"([^"]*)"\s*$/.exec(err.message)?.[1] ?? /: "([^"]*)"/.exec(err.message)?.[1];
  const nul = (err as { code?: string }).code === '22021';
  const parts = { params: req.params, query: req.query, body: req.body } as Record<string, unknown>;
  for (const [part, value] of Object.entries(parts)) {
    const found = findField(value, (v) =>
      nul ? v.includes('\u0000') : quoted !== undefined && v === quoted,
    );
    if (found !== undefined) return found || part;
  }
  return req.method === 'GET' ? 'query' : 'body';
}

/**
 * The first field (path) of a request part with a NUL character in a key or a text value. PostgreSQL
 * refuses NUL in text, and no form field has a use for it, so it is refused at the edge for every route.
 */
export function fieldWithNul(root: unknown): string | undefined {
  const hasNul = (s: string) => s.includes('\u0000');
  const stack: Array<[unknown, string]> = [[root, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (hasNul(v)) return path;
    } else if (v && typeof v === 'object') {
      for (const [k, c] of Object.entries(v)) {
        const p = path ? `${path}.${k}` : k;
        if (hasNul(k)) return p.replaceAll('\u0000', '\\0');
        stack.push([c, p]);
      }
    }
  }
  return undefined;
}

function findField(root: unknown, match: (v: string) => boolean): string | undefined {
  const stack: Array<[unknown, string]> = [[root, '']];
  for (let seen = 0; stack.length && seen < 10_000; seen++) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint') {
      if (match(String(v))) return path;
    } else if (v && typeof v === 'object') {
      for (const [k, c] of Object.entries(v)) stack.push([c, path ? `${path}.${k}` : k]);
    }
  }
  return undefined;
}

/**
 * A flood of the same failure (a client in a loop, a scanner) is written once per window and counted
 * after that, so the error log and the log table cannot grow without bound. Bounded in keys as well.
 */
export class ErrorLogLimiter {
  private readonly seen: LRUCache<string, { since: number; count: number }>;
  constructor(
    private readonly windowMs = 60_000,
    max = 1000,
  ) {
    this.seen = new LRUCache({ max });
  }

  /** Whether to write this one, and how many identical ones were held back since the last write. */
  admit(route: string, err: Error, now = Date.now()): { write: boolean; suppressed: number } {
    const key = createHash('sha256')
      .update(route)
      .update('\0')
      .update(err.message)
      .update('\0')
      .update(err.stack ?? '')
      .digest('base64url');
    const e = this.seen.get(key);
    if (e && now - e.since < this.windowMs) {
      e.count++;
      return { write: false, suppressed: 0 };
    }
    this.seen.set(key, { since: now, count: 0 });
    return { write: true, suppressed: e?.count ?? 0 };
  }
}

/** One place that decides what a failure looks like on the wire; never a stack trace to the client. */
export function makeErrorHandler(
  recordError: (req: FastifyRequest, err: Error) => Promise<void>,
  limiter = new ErrorLogLimiter(),
) {
  return async function errorHandler(
    err: FastifyError | AppError | OAuthError,
    req: FastifyRequest,
    reply: FastifyReply,
  ) {
    const lang = req.lang ?? 'zh';
    const oauth = req.routeOptions?.config?.oauth === true;
    let status: number;
    let msg: string;
    let code: number;
    let errorCode = 'invalid_request';
    if (err instanceof OAuthError) {
      return reply.status(err.status).send({
        error_code: err.errorCode,
        error_description: t(lang, err.key, err.params),
        code: err.status,
        success: false,
        msg: t(lang, err.key, err.params),
      });
    } else if (err instanceof AppError) {
      status = err.status;
      code = err.code;
      msg = t(lang, err.key, err.params);
      if (status === 401) errorCode = 'unauthorized';
    } else if ((err as FastifyError).validation) {
      status = 400;
      code = 400;
      msg = validationMessage(
        lang,
        (err as FastifyError).validation as AjvIssue[],
        (err as FastifyError).validationContext,
      );
    } else if ((err as FastifyError).statusCode && (err as FastifyError).statusCode! < 500) {
      status = (err as FastifyError).statusCode!;
      code = status;
      msg =
        status === 413 || status === 415 || status === 400
          ? `${t(lang, 'validation.body')}: ${err.message}`
          : status === 429
            ? t(lang, 'common.tooManyRequests')
            : err.message;
    } else if (INVALID_INPUT.has(String((err as { code?: unknown }).code))) {
      status = 400;
      code = 400;
      msg = t(lang, 'validation.invalid', { field: fieldOfInvalidInput(req, err) });
    } else {
      status = 500;
      code = 500;
      msg = t(lang, 'common.serverError');
      const { write, suppressed } = limiter.admit(`${req.method} ${req.routeOptions?.url ?? ''}`, err);
      if (write) {
        req.log.error({ err, ...(suppressed ? { suppressed } : {}) }, 'unhandled error');
        await recordError(req, err).catch((e: unknown) =>
          req.log.error({ err: e }, 'error log write failed'),
        );
      }
    }
    if (oauth)
      return reply
        .status(status)
        .send({ error_code: errorCode, error_description: msg, code, success: false, msg });
    return reply.status(status).send({ code, success: false, data: null, msg });
  };
}

export const errorLogRow = (req: FastifyRequest, err: Error) => [
  newId(),
  req.auth?.tenantId ?? '000000',
  String(req.id),
  req.method,
  // The query string may carry a password or token (BladeX clients send them there).
  redactUrl(req.url).slice(0, 500),
  err.message.slice(0, 2000),
  (err.stack ?? '').slice(0, 8000),
  req.auth?.userId ?? null,
];
