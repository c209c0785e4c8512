import { Type } from 'typebox';
import { Dashboard, NoticePage, SystemNoticePage, UNREAD_CAP, Workbench } from '@forecourt/contracts';
import { urlString } from '../../platform/url.js';
import type { App } from '../../platform/context.js';
import { envelope, ok } from '../../platform/envelope.js';
import { scopeOf } from '../../platform/auth/guard.js';
import { newId } from '../../platform/ids.js';
import { formatDateTime } from '../../platform/time.js';
import { systemInbox } from '../im/index.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { pageParams, pageQueryProps, toPage } from '../../platform/paging.js';
import { listPage, type ListSpec } from '../../platform/list.js';
import './messages.js';
import { redactUrl } from '../../platform/logging.js';
import type { Scope } from '../../platform/scope.js';
import {
  camelKeys,
  all,
  allTenants,
  exec,
  first,
  globalDb,
  scoped,
  sql,
  type SqlBool,
} from '../../platform/sql/index.js';

const idSchema = Type.String({ pattern: '^[0-9]{1,19}$' });
const logEntry = Type.Object({
  type: Type.String({ maxLength: 40 }),
  message: Type.String({ maxLength: 4000 }),
  stack: Type.Optional(Type.String({ maxLength: 20000 })),
  info: Type.Optional(Type.String({ maxLength: 20000 })),
  // The address of the page the error happened on (the shell's location: always http or https).
  url: Type.Optional(urlString(1000)),
  time: Type.Optional(Type.String({ maxLength: 40 })),
});

/** The desk shows the caller's own tenant, the platform administrator's too (its figures are its own). */
const ownTenant = (s: Scope) => scoped({ tenantId: s.tenantId, isPlatformAdmin: false });
const count = sql<string>`count(*)`.as('n');

/** Title and content in the caller's language (English falls back to Chinese). */
const localized = (en: boolean) =>
  en
    ? [
        sql<string>`coalesce(n.title_en, n.title)`.as('title'),
        sql<string | null>`coalesce(n.content_en, n.content)`.as('content'),
      ]
    : [sql<string>`n.title`.as('title'), sql<string | null>`n.content`.as('content')];

const NOTICE_LIST: ListSpec = {
  filters: {},
  sortable: {},
  defaultOrder: 'n.publish_time DESC, n.id DESC',
  id: 'n.id',
  tables: { n: 'blade_notice', r: 'blade_notice_read' },
};
interface NoticeRaw {
  id: string;
  title: string;
  content: string | null;
  category: number;
  publishTime: Date;
  read: boolean;
}

/**
 * The caller's unread notices of their tenant, counted up to UNREAD_CAP (the bell shows "99+"): the count
 * stops at the cap however many notices the tenant has.
 */
const unreadNotices = (s: Scope) =>
  globalDb
    .selectFrom(
      ownTenant(s)
        .selectFrom('blade_notice', 'n')
        .select(sql`1`.as('one'))
        .where(
          sql<SqlBool>`NOT EXISTS (SELECT 1 FROM blade_notice_read r WHERE r.notice_id = n.id AND r.user_id = ${s.userId})`,
        )
        .limit(UNREAD_CAP)
        .as('u'),
    )
    .select(count);

/** The workbench, the dashboard and the client error log: the shell's own data. */
export async function deskRoutes(app: App) {
  const { db } = app.ctx;

  app.get(
    '/api/blade-desk/workbench',
    {
      config: { permission: 'login' },
      schema: {
        tags: ['desk'],
        summary: "The caller's pending items and the tenant's latest notices",
        response: { 200: envelope(Workbench) },
      },
    },
    async (req) => {
      const s = scopeOf(req);
      const en = req.lang === 'en';
      const admin = s.roleAliases.includes('administrator') || s.roleAliases.includes('admin');
      const own = ownTenant(s);
      const [pending, unread, notices] = await Promise.all([
        admin ? first(db, own.selectFrom('blade_user').select(count).where('status', '=', 0)) : undefined,
        first(db, unreadNotices(s)),
        all(
          db,
          own
            .selectFrom('blade_notice', 'n')
            .select(['n.id', ...localized(en), 'n.category', 'n.publishTime'])
            .orderBy('n.publishTime', 'desc')
            .limit(10),
        ),
      ]);
      return ok({
        pendingApprovals: pending ? Number(pending.n) : null,
        unreadNotices: Number(unread?.n ?? 0),
        notices: notices.map((n) => ({
          id: n.id,
          title: n.title,
          content: n.content ?? '',
          category: n.category,
          publishTime: formatDateTime(n.publishTime) ?? '',
        })),
      });
    },
  );

  // The notice bell: the caller's tenant's notices, newest first, each with the caller's read state.
  app.get(
    '/api/blade-desk/notice/mine',
    {
      config: { permission: 'login' },
      schema: {
        tags: ['desk'],
        summary: "A page of the tenant's notices with the caller's read state, and the caller's unread count",
        querystring: Type.Object({
          current: Type.Optional(Type.Integer({ minimum: 1 })),
          size: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
          cursor: pageQueryProps.cursor,
        }),
        response: { 200: envelope(NoticePage) },
      },
    },
    async (req) => {
      const s = scopeOf(req);
      const en = req.lang === 'en';
      const withReads = ownTenant(s)
        .selectFrom('blade_notice', 'n')
        .leftJoin('blade_notice_read as r', (j) =>
          j.onRef('r.noticeId', '=', 'n.id').on('r.userId', '=', s.userId),
        );
      // The page by the list engine (estimated totals and cursors at any size); the unread count capped.
      const [p, counts] = await Promise.all([
        listPage(db, withReads, NOTICE_LIST, req.query, (q) =>
          q.select([
            'n.id',
            ...localized(en),
            'n.category',
            'n.publishTime',
            sql<boolean>`r.notice_id IS NOT NULL`.as('read'),
          ]),
        ),
        first(db, unreadNotices(s)),
      ]);
      const page = {
        ...p,
        records: p.records.map(camelKeys<NoticeRaw>).map((n) => ({
          id: String(n.id),
          title: n.title,
          content: n.content ?? '',
          category: n.category,
          publishTime: formatDateTime(n.publishTime) ?? '',
          read: n.read,
        })),
      };
      return ok({ ...page, unread: Number(counts?.n ?? 0) });
    },
  );

  // The bell's "messages" tab: the caller's unread-aware system messages of the chat (group notices).
  app.get(
    '/api/blade-desk/notice/system',
    {
      config: { permission: 'login' },
      schema: {
        tags: ['desk'],
        summary: "A page of the caller's chat system messages with read state, and how many are unread",
        querystring: Type.Object({
          current: Type.Optional(Type.Integer({ minimum: 1 })),
          size: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
        }),
        response: { 200: envelope(SystemNoticePage) },
      },
    },
    async (req) => {
      const s = scopeOf(req);
      const { current, size, offset } = pageParams(req.query);
      // A staff member's chat user id is their account (modules/im/principals.ts).
      const inbox = await systemInbox(db, s.tenantId, s.account, size, offset);
      const page = toPage(
        inbox.rows.map((m) => ({ id: m.id, text: m.text, time: formatDateTime(m.time) ?? '', read: m.read })),
        inbox.total,
        current,
        size,
      );
      return ok({ ...page, unread: inbox.unread });
    },
  );

  app.post(
    '/api/blade-desk/notice/read',
    {
      config: { permission: 'login' },
      schema: {
        tags: ['desk'],
        summary:
          "Marks notices of the caller's tenant read for the caller; answers the caller's unread count",
        body: Type.Object({ ids: Type.Array(idSchema, { minItems: 1, maxItems: 100 }) }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => {
      const s = scopeOf(req);
      const ids = [...new Set(req.body.ids)];
      const unread = await db.tx(async (t) => {
        // Every tenant on purpose: another tenant's notice is told apart from a missing one (403, not 404).
        const found = await all(
          t,
          scoped(allTenants)
            .selectFrom('blade_notice')
            .select(['id', 'tenantId'])
            .where(sql<SqlBool>`id = ANY(${ids}::bigint[])`),
        );
        if (found.length < ids.length) throw notFound('desk.noticeNotFound');
        if (found.some((n) => n.tenantId !== s.tenantId)) throw forbidden('desk.noticeOtherTenant');
        await exec(
          t,
          globalDb
            .insertInto('blade_notice_read')
            .values(ids.map((noticeId) => ({ noticeId, userId: s.userId })))
            .onConflict((oc) => oc.doNothing()),
        );
        return first(t, unreadNotices(s));
      });
      return ok(Number(unread?.n ?? 0));
    },
  );

  app.get(
    '/api/blade-desk/dashboard',
    {
      config: { permission: 'login' },
      schema: {
        tags: ['desk'],
        summary:
          "Figures of the caller's tenant: staff by role, sign-ins of the last 7 days, headcount by department, menus by area",
        response: { 200: envelope(Dashboard) },
      },
    },
    async (req) => {
      const s = scopeOf(req);
      const en = req.lang === 'en';
      const own = ownTenant(s);
      const active = own.selectFrom('blade_user', 'u').select('u.id').where('u.status', '=', 1).as('u');
      const [roles, signIns, depts, areas] = await Promise.all([
        all(
          db,
          own
            .selectFrom('blade_role', 'r')
            .leftJoin('blade_user_role as ur', 'ur.roleId', 'r.id')
            .leftJoin(active, 'u.id', 'ur.userId')
            .select(['r.roleName as name', sql<string>`count(u.id)`.as('value')])
            .groupBy(['r.id', 'r.roleName', 'r.sort'])
            .orderBy('r.sort'),
        ),
        all(
          db,
          globalDb
            .selectFrom(
              sql<{
                d: Date;
              }>`generate_series(date_trunc('day', now()) - interval '6 days', date_trunc('day', now()), interval '1 day')`.as(
                'd',
              ),
            )
            .select([
              sql<string>`to_char(d, 'MM-DD')`.as('day'),
              own
                .selectFrom('auth_session', 'a')
                .select(count)
                .where(sql<SqlBool>`a.created_at >= d AND a.created_at < d + interval '1 day'`)
                .as('value'),
            ])
            .orderBy(sql`d`),
        ),
        all(
          db,
          own
            .selectFrom('blade_dept', 'd')
            .innerJoin('blade_user_dept as ud', 'ud.deptId', 'd.id')
            .innerJoin(active, 'u.id', 'ud.userId')
            .select(['d.deptName as name', sql<string>`count(u.id)`.as('value')])
            .groupBy(['d.id', 'd.deptName'])
            .orderBy('value', 'desc'),
        ),
        all(
          db,
          globalDb
            .selectFrom('blade_menu as r')
            .innerJoin('blade_menu as c', (j) =>
              j.onRef('c.parentId', '=', 'r.id').on('c.isDeleted', '=', 0).on('c.category', '=', 1),
            )
            .select([
              en ? sql<string>`coalesce(r.meta->'i18n'->>'en', r.name)`.as('name') : 'r.name',
              sql<string>`count(c.id)`.as('value'),
            ])
            .where('r.parentId', '=', '0')
            .where('r.isDeleted', '=', 0)
            .groupBy(['r.id', 'r.name', 'r.meta', 'r.sort'])
            .orderBy('r.sort'),
        ),
      ]);
      const num = <T extends { value: string | null }>(rows: T[]) =>
        rows.map((r) => ({ ...r, value: Number(r.value) }));
      return ok({
        staffByRole: num(roles),
        signIns: num(signIns),
        deptHeadcount: num(depts),
        menusByArea: num(areas),
      });
    },
  );

  app.post(
    '/api/blade-desk/log/client-errors',
    {
      config: { permission: 'login' },
      schema: {
        tags: ['desk'],
        summary: "Uploads the shell's local error log (a list of log entries)",
        body: Type.Array(logEntry, { maxItems: 200 }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => {
      const s = scopeOf(req);
      const ua = String(req.headers['user-agent'] ?? '').slice(0, 500);
      if (req.body.length) {
        await exec(
          db,
          ownTenant(s).insertInto(
            'blade_log_client',
            req.body.map((e) => ({
              id: newId(),
              userId: s.userId,
              type: e.type,
              message: e.message,
              stack: e.stack ?? null,
              info: e.info ?? null,
              // A page address may carry a secret in its query (a social sign-in's code): kept without it.
              url: e.url ? redactUrl(e.url) : null,
              occurredAt: e.time ?? null,
              userAgent: ua,
            })),
          ),
        );
      }
      return ok(req.body.length);
    },
  );
}
