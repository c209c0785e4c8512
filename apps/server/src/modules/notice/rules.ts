import { channelOf, checkTemplateText, type NoticeTemplateCode } from '@forecourt/contracts';
import { Repo } from '../../platform/crud.js';
import type { Db } from '../../platform/db/index.js';
import { bad } from '../../platform/errors.js';
import type { Scope } from '../../platform/scope.js';
import { first, scoped } from '../../platform/sql/index.js';

/**
 * The notice log: what the platform sent to whom, on which channel, with which template — written by the
 * senders themselves (the SMS codes of sign-in and password reset, user/sms.ts), with any code masked
 * before it is written. Read-only: an operations record is not edited, and the server has no write route.
 */
export const noticeLog = new Repo({
  table: 'blade_notice_log',
  fields: [
    'id',
    'tenantId',
    'channel',
    'receiver',
    'templateCode',
    'content',
    'sendStatus',
    'error',
    'createTime',
  ],
  filters: {
    channel: { column: 'channel', type: 'exact' },
    receiver: { column: 'receiver', type: 'text' },
    templateCode: { column: 'templateCode', type: 'exact' },
    sendStatus: { column: 'sendStatus', type: 'number' },
    createTime: { column: 'createTime', type: 'date' },
  },
  sortable: ['createTime'],
  defaultOrder: 't.create_time DESC, t.id DESC',
});

/**
 * Notice templates: the text a tenant writes for a notice the platform sends (NOTICE_TEMPLATE_CODES), one
 * live template per code. The sender fills the enabled one (`templateText`); without one it sends its
 * built-in text in the reader's language.
 */
export const templates = new Repo({
  table: 'blade_notice_template',
  softDelete: true,
  audit: true,
  fields: [
    'id',
    'tenantId',
    'code',
    'name',
    'channel',
    'content',
    'status',
    'remark',
    'createTime',
    'updateTime',
  ],
  filters: {
    code: { column: 'code', type: 'exact' },
    name: { column: 'name', type: 'text' },
    status: { column: 'status', type: 'number' },
  },
  sortable: ['code', 'updateTime'],
  defaultOrder: 't.update_time DESC, t.id DESC',
  writable: ['code', 'name', 'channel', 'content', 'status', 'remark'],
});

export interface TemplateInput {
  id?: string;
  code: NoticeTemplateCode;
  name: string;
  content: string;
  status?: number;
  remark?: string;
}

const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

/** The template text as stored: trimmed, and one the sender can fill (else a 400 naming the problem). */
export function cleanTemplateText(raw: string): string {
  const content = raw.trim();
  if (!content) throw bad('notice.blankContent');
  const problem = checkTemplateText(content);
  if (problem) throw bad(problem.key, problem.params);
  return content;
}

/** Adds or changes a template; a second live template of a code in the tenant is refused by name. */
export async function submitTemplate(db: Db, scope: Scope, input: TemplateInput): Promise<string> {
  const content = cleanTemplateText(input.content);
  const name = input.name.trim();
  if (!name) throw bad('notice.blankName');
  const row = { ...input, tenantId: undefined, name, content, channel: channelOf(input.code) };
  return db
    .tx(async (t) => {
      if (input.id) await templates.assertAccessible(t, scope, [input.id]);
      // A template always belongs to the caller's tenant on insert: Repo lets the platform name one, we do not.
      return templates.submit(t, scope, row);
    })
    .catch((e: unknown) => {
      // The unique index decides, also between two administrators saving at once.
      if (isUniqueViolation(e)) throw bad('notice.duplicateCode', { code: input.code });
      throw e;
    });
}

export async function removeTemplates(db: Db, scope: Scope, ids: string[]): Promise<number> {
  return db.tx(async (t) => {
    await templates.assertAccessible(t, scope, ids);
    return templates.remove(t, scope, ids);
  });
}

/** The tenant's enabled template text of a code, or null (the sender then uses its built-in text). */
export async function templateText(
  db: Db,
  tenantId: string,
  code: NoticeTemplateCode,
): Promise<string | null> {
  const row = await first(
    db,
    scoped({ tenantId, isPlatformAdmin: false })
      .selectFrom('blade_notice_template')
      .select('content')
      .where('code', '=', code)
      .where('status', '=', 1),
  );
  return row?.content ?? null;
}
