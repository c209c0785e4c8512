import type { RateLimitOptions } from '@fastify/rate-limit';

/**
 * Per-address limits of the public routes that cost a password hash or send a message (listed in
 * docs/architecture.md, "Rate limits"). A route takes one as `config.rateLimit`; the counts live in Redis
 * when REDIS_URL is set, so every node and worker shares them.
 */
export const RATE_LIMITS = {
  /** The token endpoint: sign-in (a hash check) and refresh share it. */
  token: { max: 30, timeWindow: '1 minute' },
  /** register-guest: hashes a password and creates an account. */
  register: { max: 5, timeWindow: '10 minutes' },
  /** Sends an SMS (the per-number limits of sms.ts apply as well). */
  sms: { max: 5, timeWindow: '10 minutes' },
  /** Forgotten password: two SM2 decryptions and a hash. */
  passwordReset: { max: 10, timeWindow: '10 minutes' },
  /** The customers' SMS sign-in (guessing codes). */
  customerSignIn: { max: 10, timeWindow: '10 minutes' },
} as const satisfies Record<string, RateLimitOptions>;
