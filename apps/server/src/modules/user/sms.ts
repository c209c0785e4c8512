import { createHash, randomInt } from 'node:crypto';
import { checkMobile as mobileProblem } from '@forecourt/contracts';
import type { Db } from '../../platform/db/index.js';
import { bad, tooMany } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { t, type Lang } from '../../platform/i18n.js';

/** Delivers a text message through an SMS gateway; a deployment plugs its gateway in with setSmsSender. */
export interface SmsSender {
  send(db: Db, tenantId: string, phone: string, text: string, template: string): Promise<void>;
}

/**
 * Without a gateway, texts go to the development outbox, which only the platform administrator reads
 * (console page and the start banner point there): a fresh install can sign customers in and reset
 * passwords. A configured gateway replaces it, and then no code is readable anywhere.
 */
export const devOutboxSender: SmsSender = {
  async send(db, tenantId, phone, text, template) {
    await db.query(
      `INSERT INTO dev_sms_outbox (id, tenant_id, receiver, template_code, content) VALUES ($1, $2, $3, $4, $5)`,
      [newId(), tenantId, phone, template, text],
    );
  },
};

let sender: SmsSender = devOutboxSender;
export const setSmsSender = (s: SmsSender) => {
  sender = s;
};
/** False while texts go to the development outbox. */
export const smsGatewayConfigured = () => sender !== devOutboxSender;

export const SMS_CODE_TTL_MINUTES = 5;
export const SMS_RESEND_SECONDS = 60;
export const SMS_DAILY_LIMIT = 10;
export const SMS_MAX_TRIES = 5;

const MOBILE_MESSAGES = {
  'mobile.empty': 'user.mobileEmpty',
  'mobile.length': 'user.mobileLength',
  'mobile.pattern': 'user.mobilePattern',
} as const;

/** Spec §5: 11 digits starting with 1, with its two messages. */
export function checkMobile(mobile: string | undefined): string {
  const problem = mobileProblem(mobile);
  if (problem) throw bad(MOBILE_MESSAGES[problem]);
  return mobile!.trim();
}

const hashCode = (phone: string, code: string) =>
  createHash('sha256').update(`${phone}:${code}`).digest('hex');

/**
 * Issues a verification code for a purpose. Rate limits apply to every number alike; a code is only
 * sent when `deliver` is true (the number belongs to an account), so the answer never tells which
 * numbers are registered.
 */
export async function issueSmsCode(
  db: Db,
  lang: Lang,
  tenantId: string,
  phone: string,
  purpose: string,
  deliver: boolean,
): Promise<void> {
  const recent = await db.one<{ wait: string | null; today: string }>(
    `SELECT (SELECT ceil(${SMS_RESEND_SECONDS} - extract(epoch FROM now() - max(created_at))) FROM auth_sms_code
              WHERE phone = $1 AND purpose = $2 AND created_at > now() - interval '${SMS_RESEND_SECONDS} seconds') AS wait,
            (SELECT count(*) FROM auth_sms_code WHERE phone = $1 AND created_at > now() - interval '1 day') AS today`,
    [phone, purpose],
  );
  if (recent?.wait && Number(recent.wait) > 0)
    throw tooMany('user.smsTooSoon', { seconds: Number(recent.wait) });
  if (Number(recent?.today ?? 0) >= SMS_DAILY_LIMIT) throw tooMany('user.smsDailyLimit');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.tx(async (tx) => {
    await tx.query(
      `INSERT INTO auth_sms_code (id, tenant_id, phone, purpose, code_hash, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + interval '${SMS_CODE_TTL_MINUTES} minutes')`,
      [newId(), tenantId, phone, purpose, deliver ? hashCode(phone, code) : 'undelivered'],
    );
    if (!deliver) return;
    await sender.send(tx, tenantId, phone, t(lang, 'user.smsText', { code }), `sms.${purpose}`);
    // The notice log records the send for operations, never the code.
    await tx.query(
      `INSERT INTO blade_notice_log (id, tenant_id, channel, receiver, template_code, content) VALUES ($1, $2, 'sms', $3, $4, $5)`,
      [newId(), tenantId, phone, `sms.${purpose}`, t(lang, 'user.smsText', { code: '******' })],
    );
  });
}

/** Spends the latest live code of the number if it matches; wrong tries are counted and capped. */
export async function consumeSmsCode(
  db: Db,
  phone: string,
  purpose: string,
  code: string | undefined,
): Promise<void> {
  if (!code?.trim()) throw bad('user.smsCodeRequired');
  const row = await db.one<{ id: string; code_hash: string; attempts: number }>(
    `SELECT id, code_hash, attempts FROM auth_sms_code
      WHERE phone = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
      ORDER BY created_at DESC LIMIT 1`,
    [phone, purpose],
  );
  if (!row || row.attempts >= SMS_MAX_TRIES) throw bad('user.smsCodeInvalid');
  if (row.code_hash !== hashCode(phone, code.trim())) {
    await db.query('UPDATE auth_sms_code SET attempts = attempts + 1 WHERE id = $1', [row.id]);
    throw bad('user.smsCodeInvalid');
  }
  const spent = await db.query(
    'UPDATE auth_sms_code SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id',
    [row.id],
  );
  if (!spent.length) throw bad('user.smsCodeInvalid');
}
