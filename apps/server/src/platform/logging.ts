import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Parameter names whose values are secrets: passwords (plain or SM2 ciphertext), tokens, captcha and SMS
 * codes, tickets and signatures. BladeX clients may send them in the query string, which a request log
 * or an error row would otherwise keep and anyone reading it could replay.
 */
const SECRET_NAME = /^(code|key|state)$|pass|token|secret|captcha|sig|ticket|credential|cipher/i;

export const REDACTED = '[redacted]';

/** The URL with the value of every secret-looking query parameter replaced: safe for logs and log tables. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    if (eq < 0) return part;
    let name: string;
    try {
      name = decodeURIComponent(part.slice(0, eq).replace(/\+/g, ' '));
    } catch {
      // A name that does not even decode cannot be judged: keep nothing of its value.
      return `${part.slice(0, eq)}=${REDACTED}`;
    }
    return SECRET_NAME.test(name) ? `${part.slice(0, eq)}=${REDACTED}` : part;
  });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/** Paths of logged objects whose values are secrets (pino redaction). */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["blade-auth"]',
  'req.headers.cookie',
  'req.headers["captcha-code"]',
  'req.headers["captcha-key"]',
  '*.password',
  '*.newPassword',
  '*.newPassword1',
  '*.oldPassword',
  '*.access_token',
  '*.refresh_token',
  '*.accessToken',
  '*.refreshToken',
  '*.code',
  '*.captchaCode',
];

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The server's logger. Fastify logs each request's URL ("incoming request"); the serializer keeps its
 * query string but never the value of a secret parameter.
 */
export function createLogger(level: string, stream?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: {
        req: (req: LoggedRequest) => ({
          method: req.method,
          url: req.url === undefined ? undefined : redactUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    stream,
  );
}
