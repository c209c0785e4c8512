import { createHash, randomInt } from 'node:crypto';
import {
  NOTICE_FAILED,
  NOTICE_SENT,
  checkMobile as mobileProblem,
  fillTemplate,
  type NoticeTemplateCode,
} from '@forecourt/contracts';
import type { Db } from '../../platform/db/index.js';
import { bad, tooMany, unavailable } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { all, allTenants, exec, first, globalDb, scoped, sql } from '../../platform/sql/index.js';
import { t, type Lang } from '../../platform/i18n.js';
import { templateText } from '../notice/index.js';

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
    await exec(
      db,
      scoped({ tenantId, isPlatformAdmin: false }).insertInto('dev_sms_outbox', {
        id: newId(),
        receiver: phone,
        templateCode: template,
        content: text,
      }),
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
  // Every tenant's codes: the limits are the number's, whichever tenant asks.
  const codes = scoped(allTenants);
  const recent = await first(
    db,
    globalDb.selectNoFrom([
      codes
        .selectFrom('auth_sms_code')
        .select(
          sql<
            string | null
          >`ceil(${sql.lit(SMS_RESEND_SECONDS)} - extract(epoch FROM now() - max(${sql.ref('createdAt')})))`.as(
            'w',
          ),
        )
        .where('phone', '=', phone)
        .where('purpose', '=', purpose)
        .where('createdAt', '>', sql<Date>`now() - interval '${sql.raw(String(SMS_RESEND_SECONDS))} seconds'`)
        .as('wait'),
      codes
        .selectFrom('auth_sms_code')
        .select(sql<string>`count(*)`.as('n'))
        .where('phone', '=', phone)
        .where('createdAt', '>', sql<Date>`now() - interval '1 day'`)
        .as('today'),
    ]),
  );
  if (recent?.wait && Number(recent.wait) > 0)
    throw tooMany('user.smsTooSoon', { seconds: Number(recent.wait) });
  if (Number(recent?.today ?? 0) >= SMS_DAILY_LIMIT) throw tooMany('user.smsDailyLimit');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // The tenant's own text for this notice when it wrote one (Monitoring → Notice templates), else ours.
  const templateCode = templateOf(purpose);
  const template = templateCode && (await templateText(db, tenantId, templateCode));
  const textWith = (shown: string) =>
    template
      ? fillTemplate(template, { code: shown, minutes: SMS_CODE_TTL_MINUTES })
      : t(lang, 'user.smsText', { code: shown });
  const inTenant = scoped({ tenantId, isPlatformAdmin: false });
  const logRow = (sendStatus: number, error: string | null) =>
    inTenant.insertInto('blade_notice_log', {
      id: newId(),
      channel: 'sms',
      receiver: phone,
      templateCode: `sms.${purpose}`,
      // The notice log records the send for operations, never the code.
      content: textWith('******'),
      sendStatus,
      error,
    });
  let refused: { error: unknown } | undefined;
  try {
    await db.tx(async (tx) => {
      await exec(
        tx,
        inTenant.insertInto('auth_sms_code', {
          id: newId(),
          phone,
          purpose,
          codeHash: deliver ? hashCode(phone, code) : 'undelivered',
          expiresAt: sql<Date>`now() + interval '${sql.raw(String(SMS_CODE_TTL_MINUTES))} minutes'`,
        }),
      );
      if (!deliver) return;
      try {
        await sender.send(tx, tenantId, phone, textWith(code), `sms.${purpose}`);
      } catch (error) {
        refused = { error };
        throw error;
      }
      await exec(tx, logRow(NOTICE_SENT, null));
    });
  } catch (err) {
    if (!refused || refused.error !== err) throw err;
    // The gateway refused: no code was kept (it would count against the number's limits for nothing), and
    // operations see the failure in the notice log, with the gateway's words but never the code.
    await exec(db, logRow(NOTICE_FAILED, gatewayError(err, code)));
    throw unavailable('user.smsSendFailed');
  }
}

/** The template a purpose's text comes from: a customer's sign-in on any tenant's mobile page is `sms.h5`. */
export const templateOf = (purpose: string): NoticeTemplateCode | null =>
  purpose.startsWith('h5:') ? 'sms.h5' : purpose === 'reset' ? 'sms.reset' : null;

/** What a gateway said when it refused a text, as the notice log keeps it: short, and without the code. */
export function gatewayError(err: unknown, code: string): string {
  const said = err instanceof Error ? err.message : String(err);
  return (said.split(code).join('******') || 'error').slice(0, 500);
}

/** Spends the latest live code of the number if it matches; wrong tries are counted and capped. */
export async function consumeSmsCode(
  db: Db,
  phone: string,
  purpose: string,
  code: string | undefined,
): Promise<void> {
  if (!code?.trim()) throw bad('user.smsCodeRequired');
  // The number's latest code, whichever tenant it was issued for (as the limits are the number's).
  const codes = scoped(allTenants);
  const row = await first(
    db,
    codes
      .selectFrom('auth_sms_code')
      .select(['id', 'codeHash', 'attempts'])
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', sql<Date>`now()`)
      .orderBy('createdAt', 'desc')
      .limit(1),
  );
  if (!row || row.attempts >= SMS_MAX_TRIES) throw bad('user.smsCodeInvalid');
  if (row.codeHash !== hashCode(phone, code.trim())) {
    await exec(
      db,
      codes
        .updateTable('auth_sms_code')
        .set({ attempts: sql`${sql.ref('attempts')} + 1` })
        .where('id', '=', row.id),
    );
    throw bad('user.smsCodeInvalid');
  }
  const spent = await all(
    db,
    codes
      .updateTable('auth_sms_code')
      .set({ usedAt: sql`now()` })
      .where('id', '=', row.id)
      .where('usedAt', 'is', null)
      .returning('id'),
  );
  if (!spent.length) throw bad('user.smsCodeInvalid');
}
