import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
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

/** One place that decides what a failure looks like on the wire; never a stack trace to the client. */
export function makeErrorHandler(recordError: (req: FastifyRequest, err: Error) => Promise<void>) {
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
    } else {
      status = 500;
      code = 500;
      msg = t(lang, 'common.serverError');
      req.log.error({ err }, 'unhandled error');
      await recordError(req, err).catch((e: unknown) => req.log.error({ err: e }, 'error log write failed'));
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
