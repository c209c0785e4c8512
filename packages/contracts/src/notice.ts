import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';

/** Channels a notice goes out on (the notice log's `channel`). */
export const NOTICE_CHANNELS = ['sms', 'email', 'site'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/** `sendStatus` of a notice log entry: handed to the channel, or refused by it (see `error`). */
export const NOTICE_SENT = 1;
export const NOTICE_FAILED = 2;

/** One notice the platform sent (or tried to): never the code it carried, which is masked before it is logged. */
export const NoticeLog = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  channel: Type.String(),
  receiver: Type.String(),
  templateCode: Nullable(Type.String()),
  content: Type.String(),
  sendStatus: Type.Integer(),
  error: Nullable(Type.String()),
  createTime: Type.String(),
});
export type NoticeLog = Static<typeof NoticeLog>;

/**
 * The notices whose text a tenant may write: the SMS codes the platform sends (a customer's sign-in on the
 * mobile page, a password reset). A tenant without an enabled template of a code gets the built-in text in
 * the reader's language.
 */
export const NOTICE_TEMPLATE_CODES = ['sms.h5', 'sms.reset'] as const;
export type NoticeTemplateCode = (typeof NOTICE_TEMPLATE_CODES)[number];
/** Longest template text: a few SMS segments, not a letter. */
export const NOTICE_TEMPLATE_MAX = 300;
/** What a template may say, filled in when it is sent: the code and how many minutes it is valid. */
export const NOTICE_PLACEHOLDERS = ['{code}', '{minutes}'] as const;

/** The channel a template code goes out on (the part before the dot). */
export const channelOf = (code: string) => code.split('.')[0] ?? '';

export type TemplateProblem =
  | { key: 'notice.needsCode'; params: { placeholder: string } }
  | { key: 'notice.unknownPlaceholder'; params: { name: string; allowed: string } };

/**
 * Why a template text cannot be used, or null: it must say where the code goes (else the customer gets a
 * text without it), and every {placeholder} must be one the sender fills (else it goes out as typed).
 */
export function checkTemplateText(content: string): TemplateProblem | null {
  for (const m of content.matchAll(/\{[^{}]*\}/g))
    if (!(NOTICE_PLACEHOLDERS as readonly string[]).includes(m[0]))
      return {
        key: 'notice.unknownPlaceholder',
        params: { name: m[0], allowed: NOTICE_PLACEHOLDERS.join(' ') },
      };
  if (!content.includes('{code}')) return { key: 'notice.needsCode', params: { placeholder: '{code}' } };
  return null;
}

/** The text of a template with its placeholders filled. */
export const fillTemplate = (content: string, values: { code: string; minutes: number }) =>
  content.split('{code}').join(values.code).split('{minutes}').join(String(values.minutes));

export const NoticeTemplate = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  code: Type.String(),
  name: Type.String(),
  channel: Type.String(),
  content: Type.String(),
  status: Type.Integer(),
  remark: Nullable(Type.String()),
  createTime: Type.String(),
  updateTime: Type.String(),
});
export type NoticeTemplate = Static<typeof NoticeTemplate>;
