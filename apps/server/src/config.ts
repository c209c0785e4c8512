import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

/** Every setting the server reads, validated once at start-up. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  // Processes of this node serving the one port (src/cluster.ts); more than 1 needs DATABASE_URL and REDIS_URL.
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CAPTCHA_MODE: bool.default(true),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).default(3600),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(300)
    .default(7 * 24 * 3600),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(30),
  IP_MAX_FAILURES: z.coerce.number().int().min(1).default(20),
  // Per-address limits of the public routes that hash or send messages (platform/rate-limits.ts); off for test runs.
  RATE_LIMIT: bool.default(true),
  WEB_DIST: z.string().optional(),
  STORAGE: z.enum(['local', 's3']).default('local'),
  CDN_BASE: z.string().default('/files/'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  TRUST_PROXY: bool.default(false),
  SEED_DEMO: bool.default(true),
  // Menu sync (docs/menu-sync.md): the remote to pull from and its token; the token this node accepts.
  MENU_SYNC_URL: z
    .string()
    .regex(
      /^https?:\/\/[^/@\s?#]+(\/[^\s?#]*)?$/,
      'must be an http(s) address without user, query or fragment',
    )
    .optional(),
  MENU_SYNC_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  MENU_EXPORT_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
});

export type Config = z.infer<typeof schema> & { dataDir: string };

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  if (cfg.STORAGE === 's3') {
    for (const k of ['S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const) {
      if (!cfg[k]) throw new ConfigError(`Invalid configuration:\n  ${k}: required when STORAGE=s3`);
    }
  }
  return { ...cfg, dataDir: path.resolve(cfg.DATA_DIR) };
}
