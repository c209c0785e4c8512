import type { Config } from '../../config.js';

/** What a second sign-in of the same user does to the first (IM_KICK_POLICY, described in config.ts). */
export type KickPolicy = Config['IM_KICK_POLICY'];

/** Chat settings, taken from the validated config (IM_*) once per app. Tests adjust `app.im.settings` directly. */
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

export function imSettings(c: Config): ImSettings {
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
