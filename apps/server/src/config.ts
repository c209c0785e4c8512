import path from 'node:path';
import { Type, type StaticDecode, type TSchema } from 'typebox';
import { Value } from 'typebox/value';

/** An on/off switch: on, true or 1 switch it on; off, false or 0 off. */
const bool = (on: boolean) =>
  Type.Codec(Type.Enum(['on', 'off', 'true', 'false', '1', '0'], { default: on ? 'on' : 'off' }))
    .Decode((v) => v === 'on' || v === 'true' || v === '1')
    .Encode((v) => (v ? 'on' : 'off'));
/** A whole number; `errorMessage` is the text shown instead of the validator's when the value breaks the rule. */
const int = (opts: { minimum?: number; maximum?: number; default?: number }) => Type.Integer(opts);
const atLeast = (n: number) =>
  Type.Optional(Type.String({ minLength: n, errorMessage: `must be at least ${n} characters` }));

/** Every setting the server reads, validated once at start-up (the chat module's IM_* included). */
const schema = Type.Object({
  NODE_ENV: Type.Enum(['development', 'production', 'test'], { default: 'production' }),
  PORT: int({ minimum: 0, maximum: 65535, default: 8080 }),
  HOST: Type.String({ minLength: 1, default: '0.0.0.0' }),
  // Processes of this node serving the one port (src/cluster.ts); more than 1 needs DATABASE_URL and REDIS_URL.
  WORKERS: int({ minimum: 1, maximum: 64, default: 1 }),
  // The node number in snowflake ids (platform/ids.ts), random when unset; workers get NODE_ID + 1, + 2…
  NODE_ID: Type.Optional(int({ minimum: 0, maximum: 1023 })),
  DATA_DIR: Type.String({ minLength: 1, default: './data' }),
  DATABASE_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://',
      errorMessage: 'must start with postgres:// or postgresql://',
    }),
  ),
  REDIS_URL: Type.Optional(
    Type.String({ pattern: '^rediss?://', errorMessage: 'must start with redis:// or rediss://' }),
  ),
  // The message queue (modules/mq): RabbitMQ when set, else in this process. The prefix names its exchange
  // and queues, so installations sharing a broker keep apart.
  AMQP_URL: Type.Optional(
    Type.String({ pattern: '^amqps?://', errorMessage: 'must start with amqp:// or amqps://' }),
  ),
  AMQP_PREFIX: Type.String({
    pattern: '^[a-z0-9][a-z0-9_.-]{0,40}$',
    default: 'forecourt',
    errorMessage: 'must be lower-case letters, digits, dots, dashes or underscores',
  }),
  MQ_POLL_MS: int({ minimum: 50, maximum: 60_000, default: 1_000 }),
  MQ_RETRY_BASE_MS: int({ minimum: 10, maximum: 600_000, default: 5_000 }),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info' }),
  CAPTCHA_MODE: bool(true),
  ADMIN_PASSWORD: atLeast(8),
  DEMO_PASSWORD: atLeast(8),
  JWT_SECRET: atLeast(32),
  ACCESS_TOKEN_TTL: int({ minimum: 60, default: 3600 }),
  REFRESH_TOKEN_TTL: int({ minimum: 300, default: 7 * 24 * 3600 }),
  LOGIN_MAX_FAILURES: int({ minimum: 1, default: 5 }),
  LOGIN_LOCK_MINUTES: int({ minimum: 1, default: 30 }),
  IP_MAX_FAILURES: int({ minimum: 1, default: 20 }),
  // Per-address limits of the public routes that hash or send messages (platform/rate-limits.ts); off for test runs.
  RATE_LIMIT: bool(true),
  // A quiet node gives back the young generation a burst grew (platform/memory.ts).
  MEMORY_REDUCER: bool(true),
  WEB_DIST: Type.Optional(Type.String()),
  STORAGE: Type.Enum(['local', 's3'], { default: 'local' }),
  CDN_BASE: Type.String({ default: '/files/' }),
  S3_ENDPOINT: Type.Optional(Type.String({ format: 'url' })),
  S3_REGION: Type.String({ default: 'us-east-1' }),
  S3_BUCKET: Type.Optional(Type.String()),
  S3_ACCESS_KEY: Type.Optional(Type.String()),
  S3_SECRET_KEY: Type.Optional(Type.String()),
  S3_FORCE_PATH_STYLE: bool(true),
  TRUST_PROXY: bool(false),
  SEED_DEMO: bool(true),
  // Menu sync (docs/menu-sync.md): the remote to pull from and its token; the token this node accepts.
  MENU_SYNC_URL: Type.Optional(
    Type.String({
      pattern: '^https?://[^/@\\s?#]+(/[^\\s?#]*)?$',
      errorMessage: 'must be an http(s) address without user, query or fragment',
    }),
  ),
  MENU_SYNC_TOKEN: atLeast(32),
  MENU_EXPORT_TOKEN: atLeast(32),
  // Chat (modules/im/settings.ts turns these into the module's settings).
  /**
   * What a second sign-in of the same user does to the first:
   * - single-instance: ends every other page or device (reason multipleAccount for a page of the same
   *   platform, multipleDevice for another platform);
   * - single-per-platform: ends other pages of the same platform only;
   * - multi-instance: nobody is ended.
   */
  IM_KICK_POLICY: Type.Enum(['single-instance', 'single-per-platform', 'multi-instance'], {
    default: 'single-instance',
  }),
  /** Life of a ticket from getSign (s): it only has to reach the socket. */
  IM_TICKET_TTL: int({ minimum: 30, maximum: 86_400, default: 300 }),
  /** Life of a resume token (s): reconnects without a new ticket; renewed while connected. */
  IM_RESUME_TTL: int({ minimum: 300, default: 12 * 3600 }),
  /** Send rate per user: sustained messages per second and burst size (token bucket). */
  IM_SEND_RATE: Type.Number({ minimum: 0.1, maximum: 10_000, default: 10 }),
  IM_SEND_BURST: int({ minimum: 1, maximum: 100_000, default: 30 }),
  IM_GROUP_MAX_MEMBERS: int({ minimum: 2, maximum: 10_000, default: 500 }),
  /** How often live sockets are checked against their sign-in sessions (ms). */
  IM_SESSION_CHECK_MS: int({ minimum: 1000, default: 60_000 }),
  /** A socket silent this long (ms) is pinged; silent twice as long, it is dropped (half-open TCP). */
  IM_HEARTBEAT_MS: int({ minimum: 500, default: 30_000 }),
  /** A socket whose unsent output exceeds this (bytes) is closed; the client reconnects and catches up. */
  IM_MAX_BUFFERED: int({ minimum: 64 * 1024, default: 4 * 1024 * 1024 }),
});

export type Config = StaticDecode<typeof schema> & { dataDir: string };

export class ConfigError extends Error {}

/**
 * Environment values are text: numeric settings take Number()'s reading of it, and text that is no number
 * stays text so the check names the variable. (TypeBox's own Convert would truncate 1.5 to an integer 1.)
 */
function coerceNumbers(values: Record<string, unknown>) {
  for (const [k, s] of Object.entries(schema.properties) as [string, TSchema & { type?: string }][]) {
    const v = values[k];
    if ((s.type === 'integer' || s.type === 'number') && typeof v === 'string') {
      const n = Number(v);
      if (!Number.isNaN(n)) values[k] = n;
    }
  }
}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const keys = Object.keys(schema.properties);
  // Only the variables the server knows: the rest of the environment is none of its business.
  const values: Record<string, unknown> = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => keys.includes(k) && v !== undefined && v !== ''),
  );
  coerceNumbers(values);
  const withDefaults = Value.Default(schema, values);
  if (!Value.Check(schema, withDefaults)) {
    const lines = Value.Errors(schema, withDefaults).map((e) => {
      const name = e.instancePath.replace(/^\//, '');
      const custom = (schema.properties as Record<string, { errorMessage?: string }>)[name]?.errorMessage;
      const allowed = (e.params as { allowedValues?: unknown[] }).allowedValues;
      const message = custom ?? (allowed ? `must be one of ${allowed.join(', ')}` : e.message);
      return `  ${name}: ${message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = Value.Decode(schema, withDefaults);
  if (cfg.STORAGE === 's3') {
    for (const k of ['S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const) {
      if (!cfg[k]) throw new ConfigError(`Invalid configuration:\n  ${k}: required when STORAGE=s3`);
    }
  }
  return { ...cfg, dataDir: path.resolve(cfg.DATA_DIR) };
}
