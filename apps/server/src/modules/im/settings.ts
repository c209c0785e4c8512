import { z } from 'zod';

/**
 * Chat settings, read from the environment once per app (IM_*). They live with the module rather than in
 * the shared config: nothing else reads them. Tests adjust `app.im.settings` directly.
 */
const schema = z.object({
  /**
   * What a second sign-in of the same user does to the first:
   * - single-instance: ends every other page or device (reason multipleAccount for a page of the same
   *   platform, multipleDevice for another platform);
   * - single-per-platform: ends other pages of the same platform only;
   * - multi-instance: nobody is ended.
   */
  IM_KICK_POLICY: z
    .enum(['single-instance', 'single-per-platform', 'multi-instance'])
    .default('single-instance'),
  /** Life of a ticket from getSign (s): it only has to reach the socket. */
  IM_TICKET_TTL: z.coerce.number().int().min(30).max(86_400).default(300),
  /** Life of a resume token (s): reconnects without a new ticket; renewed while connected. */
  IM_RESUME_TTL: z.coerce
    .number()
    .int()
    .min(300)
    .default(12 * 3600),
  /** Send rate per user: sustained messages per second and burst size (token bucket). */
  IM_SEND_RATE: z.coerce.number().min(0.1).max(10_000).default(10),
  IM_SEND_BURST: z.coerce.number().int().min(1).max(100_000).default(30),
  IM_GROUP_MAX_MEMBERS: z.coerce.number().int().min(2).max(10_000).default(500),
  /** How often live sockets are checked against their sign-in sessions (ms). */
  IM_SESSION_CHECK_MS: z.coerce.number().int().min(1000).default(60_000),
  /** A socket silent this long (ms) is pinged; silent twice as long, it is dropped (half-open TCP). */
  IM_HEARTBEAT_MS: z.coerce.number().int().min(500).default(30_000),
  /** A socket whose unsent output exceeds this (bytes) is closed; the client reconnects and catches up. */
  IM_MAX_BUFFERED: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .default(4 * 1024 * 1024),
});

export type KickPolicy = z.infer<typeof schema>['IM_KICK_POLICY'];

export interface ImSettings {
  kickPolicy: KickPolicy;
  ticketTtlS: number;
  resumeTtlS: number;
  sendRate: number;
  sendBurst: number;
  groupMaxMembers: number;
  sessionCheckMs: number;
  maxBufferedBytes: number;
  heartbeatMs: number;
}

export function loadImSettings(env: NodeJS.ProcessEnv = process.env): ImSettings {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => k.startsWith('IM_') && v !== undefined && v !== ''),
  );
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid chat configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    kickPolicy: c.IM_KICK_POLICY,
    ticketTtlS: c.IM_TICKET_TTL,
    resumeTtlS: c.IM_RESUME_TTL,
    sendRate: c.IM_SEND_RATE,
    sendBurst: c.IM_SEND_BURST,
    groupMaxMembers: c.IM_GROUP_MAX_MEMBERS,
    sessionCheckMs: c.IM_SESSION_CHECK_MS,
    maxBufferedBytes: c.IM_MAX_BUFFERED,
    heartbeatMs: c.IM_HEARTBEAT_MS,
  };
}
