import { newId } from '../../platform/ids.js';
import { PLATFORM_TENANT } from '../../platform/scope.js';
import { exec, first, scoped } from '../../platform/sql/index.js';
import type { SeedContext } from '../module.js';

const TENANT = { tenantId: PLATFORM_TENANT, isPlatformAdmin: false } as const;
const DAY = 86_400_000;

/** [code, name, parent code | null] */
const COLUMNS: Array<[string, string, string | null]> = [
  ['news', '新闻资讯', null],
  ['brand-news', '品牌动态', 'news'],
  ['store-events', '门店活动', 'news'],
  ['guides', '用车指南', null],
  ['maintenance', '保养知识', 'guides'],
  ['nev', '新能源专栏', 'guides'],
  ['notices', '公告', null],
];

/** [column code, title, summary, paragraphs, status, pinned] */
const ARTICLES: Array<[string, string, string, string[], 'draft' | 'published' | 'offline', boolean]> = [
  [
    'store-events',
    '浦东店周末试驾节：预约即送精品洗车券',
    '本周六、周日到店试驾，可获洗车券一张。',
    ['活动时间：本周六、周日 9:00–18:00。', '到店完成试驾的客户可获精品洗车券一张，积分同步到账。'],
    'published',
    true,
  ],
  [
    'brand-news',
    '2026 款车型到店，现车充足',
    '多款 2026 款车型已到店，欢迎预约看车。',
    ['新款车型陆续到店，现车颜色齐全。', '欢迎致电销售顾问预约看车与试驾。'],
    'published',
    false,
  ],
  [
    'maintenance',
    '冬季用车保养五件事',
    '低温天气里，电瓶、轮胎和玻璃水值得多看一眼。',
    ['检查电瓶电量，长时间停放前充满电。', '胎压随气温下降，每月检查一次。', '更换冬季玻璃水，防止冻结。'],
    'published',
    false,
  ],
  [
    'nev',
    '家用充电桩安装须知',
    '安装前需要准备的材料与流程。',
    ['准备车位产权或租赁证明、物业同意书。', '预约勘测后，安装约需一个工作日。'],
    'published',
    false,
  ],
  [
    'notices',
    '春节期间营业时间调整',
    '春节期间各门店营业时间有所调整。',
    ['除夕至初二闭店，初三起恢复正常营业。'],
    'offline',
    false,
  ],
  [
    'store-events',
    '老客户转介绍有礼',
    '推荐亲友成交，双方均可获得积分与红包。',
    ['推荐人可获 500 积分与转介绍红包。', '被推荐人享购车礼包。'],
    'published',
    false,
  ],
  ['brand-news', '新车发布会邀请（草稿）', '发布会议程待定。', ['议程、嘉宾与场地待确认。'], 'draft', false],
  [
    'maintenance',
    '首保常见问题解答',
    '首次保养的时间、项目与费用。',
    ['首保一般在 5000 公里或 6 个月，以先到者为准。'],
    'draft',
    false,
  ],
];

const doc = (paragraphs: string[]) => ({
  type: 'doc',
  content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

/** The demo company's columns and articles: published, pinned, offline and drafts. Once. */
export async function seedContent(ctx: SeedContext): Promise<void> {
  if (!ctx.config.SEED_DEMO) return;
  await ctx.db.tx(async (db) => {
    if (
      await first(db, scoped(TENANT).selectFrom('content_column', 'c', { withDeleted: true }).select('c.id'))
    )
      return;
    const admin = await first(
      db,
      scoped(TENANT).selectFrom('blade_user', 'u').select('u.id').where('u.account', '=', 'admin'),
    );
    const by = admin ? String(admin.id) : null;
    const ids = new Map(COLUMNS.map(([code]) => [code, newId()]));
    await exec(
      db,
      scoped(TENANT).insertInto(
        'content_column',
        COLUMNS.map(([code, name, parent], i) => ({
          id: ids.get(code)!,
          parentId: parent ? ids.get(parent)! : '0',
          name,
          code,
          sort: i + 1,
          createUser: by,
          updateUser: by,
        })) as never,
      ),
    );
    const now = Date.now();
    await exec(
      db,
      scoped(TENANT).insertInto(
        'content_article',
        ARTICLES.map(([column, title, summary, paragraphs, status, top], i) => {
          const at = new Date(now - (20 - i * 2) * DAY);
          return {
            id: newId(),
            columnId: ids.get(column)!,
            title,
            summary,
            body: JSON.stringify(doc(paragraphs)),
            status,
            top,
            publishTime: status === 'draft' ? null : new Date(at.getTime() + DAY),
            createUser: by,
            updateUser: by,
            createTime: at,
            updateTime: at,
          };
        }) as never,
      ),
    );
    ctx.log(`seeded ${COLUMNS.length} content columns and ${ARTICLES.length} articles`);
  });
}
