import { NOTICE_SENT, channelOf, fillTemplate, type NoticeTemplateCode } from '@forecourt/contracts';
import { newId } from '../../platform/ids.js';
import { PLATFORM_TENANT } from '../../platform/scope.js';
import type { SeedContext } from '../module.js';

/** The demo company's texts for the codes the platform sends: [code, name, text]. */
const TEMPLATES: Array<[NoticeTemplateCode, string, string]> = [
  ['sms.h5', '客户登录验证码', '【前庭】您的验证码是 {code}，{minutes} 分钟内有效。如非本人操作请忽略。'],
  [
    'sms.reset',
    '找回密码验证码',
    '【前庭】您正在找回密码，验证码 {code}，{minutes} 分钟内有效，请勿告诉他人。',
  ],
];

/** [receiver, template, hours ago]: the demo company's last days, as user/sms.ts writes a send. */
const SENT: Array<[string, NoticeTemplateCode, number]> = [
  ['13501234512', 'sms.h5', 3],
  ['15101234517', 'sms.h5', 5],
  ['13912345601', 'sms.reset', 20],
  ['19901234516', 'sms.h5', 26],
  ['13501234513', 'sms.h5', 49],
  ['13912345603', 'sms.reset', 75],
  ['15101234518', 'sms.h5', 98],
  ['18801234514', 'sms.h5', 122],
];

/** As the log holds a send: the code masked. */
const logged = (code: NoticeTemplateCode) =>
  fillTemplate(TEMPLATES.find((t) => t[0] === code)![2], { code: '******', minutes: 5 });
/** As user/sms.ts names a send's template: a sign-in on the mobile page carries its tenant. */
const sentAs = (code: NoticeTemplateCode) => (code === 'sms.h5' ? `sms.h5:${PLATFORM_TENANT}` : code);

/**
 * Runs once each, with the demo data: tenant 000000 gets its own texts for the codes the platform sends (a
 * tenant that ever had templates keeps its choice, removals included), and the notice log of its last days
 * (codes masked, as every logged send is), so both pages show what they are for.
 */
export async function seedNotices(ctx: SeedContext): Promise<void> {
  const { db, config } = ctx;
  if (!config.SEED_DEMO) return;
  if (
    !(await db.one('SELECT 1 FROM blade_notice_template WHERE tenant_id = $1 LIMIT 1', [PLATFORM_TENANT]))
  ) {
    await db.query(
      `INSERT INTO blade_notice_template (id, tenant_id, code, name, channel, content)
       SELECT s.id, $1, s.code, s.name, s.channel, s.content
         FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[]) AS s(id, code, name, channel, content)`,
      [
        PLATFORM_TENANT,
        TEMPLATES.map(() => newId()),
        TEMPLATES.map((t) => t[0]),
        TEMPLATES.map((t) => t[1]),
        TEMPLATES.map((t) => channelOf(t[0])),
        TEMPLATES.map((t) => t[2]),
      ],
    );
    ctx.log(`seeded ${TEMPLATES.length} notice templates`);
  }
  if (await db.one('SELECT 1 FROM blade_notice_log WHERE tenant_id = $1 LIMIT 1', [PLATFORM_TENANT])) return;
  await db.query(
    `INSERT INTO blade_notice_log (id, tenant_id, channel, receiver, template_code, content, send_status, create_time)
     SELECT s.id, $1, 'sms', s.receiver, s.template, s.content, $2, now() - make_interval(hours => s.ago)
       FROM unnest($3::bigint[], $4::text[], $5::text[], $6::text[], $7::int[]) AS s(id, receiver, template, content, ago)`,
    [
      PLATFORM_TENANT,
      NOTICE_SENT,
      SENT.map(() => newId()),
      SENT.map((s) => s[0]),
      SENT.map((s) => sentAs(s[1])),
      SENT.map((s) => logged(s[1])),
      SENT.map((s) => s[2]),
    ],
  );
  ctx.log(`seeded ${SENT.length} notice log entries`);
}
