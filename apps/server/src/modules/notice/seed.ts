import { NOTICE_SENT } from '@forecourt/contracts';
import { newId } from '../../platform/ids.js';
import { t } from '../../platform/i18n.js';
import { PLATFORM_TENANT } from '../../platform/scope.js';
import type { SeedContext } from '../module.js';

/** [receiver, template, hours ago]: the demo company's last days, as user/sms.ts writes a send. */
const SENT: Array<[string, string, number]> = [
  ['13501234512', 'sms.h5:000000', 3],
  ['15101234517', 'sms.h5:000000', 5],
  ['13912345601', 'sms.reset', 20],
  ['19901234516', 'sms.h5:000000', 26],
  ['13501234513', 'sms.h5:000000', 49],
  ['13912345603', 'sms.reset', 75],
  ['15101234518', 'sms.h5:000000', 98],
  ['18801234514', 'sms.h5:000000', 122],
];

/**
 * Runs once, with the demo data: the notice log of tenant 000000 gets the sign-in and password-reset
 * texts of its last days (codes masked, as every logged send is), so the page shows what it is for.
 */
export async function seedNoticeLog(ctx: SeedContext): Promise<void> {
  const { db, config } = ctx;
  if (!config.SEED_DEMO) return;
  if (await db.one('SELECT 1 FROM blade_notice_log WHERE tenant_id = $1 LIMIT 1', [PLATFORM_TENANT])) return;
  const content = t('zh', 'user.smsText', { code: '******' });
  await db.query(
    `INSERT INTO blade_notice_log (id, tenant_id, channel, receiver, template_code, content, send_status, create_time)
     SELECT s.id, $1, 'sms', s.receiver, s.template, $2, $3, now() - make_interval(hours => s.ago)
       FROM unnest($4::bigint[], $5::text[], $6::text[], $7::int[]) AS s(id, receiver, template, ago)`,
    [
      PLATFORM_TENANT,
      content,
      NOTICE_SENT,
      SENT.map(() => newId()),
      SENT.map((s) => s[0]),
      SENT.map((s) => s[1]),
      SENT.map((s) => s[2]),
    ],
  );
  ctx.log(`seeded ${SENT.length} notice log entries`);
}
