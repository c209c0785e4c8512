import { Type } from 'typebox';
import { Dashboard, NoticePage, SystemNoticePage, Workbench } from '@forecourt/contracts';
import { urlString } from '../../platform/url.js';
import type { App } from '../../platform/context.js';
import { envelope, ok } from '../../platform/envelope.js';
import { scopeOf } from '../../platform/auth/guard.js';
import { newId } from '../../platform/ids.js';
import { formatDateTime } from '../../platform/time.js';
import { systemInbox } from '../im/index.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { pageParams, toPage } from '../../platform/paging.js';
import './messages.js';
import { redactUrl } from '../../platform/logging.js';

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
      const [pending, unread, notices] = await Promise.all([
        admin
          ? db.one<{ n: string }>(
              'SELECT count(*) AS n FROM blade_user WHERE tenant_id = $1 AND status = 0 AND is_deleted = 0',
              [s.tenantId],
            )
          : undefined,
        db.one<{ n: string }>(
          `SELECT count(*) AS n FROM blade_notice n WHERE n.tenant_id = $1 AND n.is_deleted = 0
              AND NOT EXISTS (SELECT 1 FROM blade_notice_read r WHERE r.notice_id = n.id AND r.user_id = $2)`,
          [s.tenantId, s.userId],
        ),
        db.query<{ id: string; title: string; content: string | null; category: number; publish_time: Date }>(
          `SELECT id, ${en ? 'coalesce(title_en, title)' : 'title'} AS title, ${en ? 'coalesce(content_en, content)' : 'content'} AS content, category, publish_time
             FROM blade_notice WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY publish_time DESC LIMIT 10`,
          [s.tenantId],
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
          publishTime: formatDateTime(n.publish_time) ?? '',
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
        }),
        response: { 200: envelope(NoticePage) },
      },
    },
    async (req) => {
      const s = scopeOf(req);
      const en = req.lang === 'en';
      const { current, size, offset } = pageParams(req.query);
      const [counts, rows] = await Promise.all([
        db.one<{ total: string; unread: string }>(
          `SELECT count(*) AS total, count(*) FILTER (WHERE r.notice_id IS NULL) AS unread
             FROM blade_notice n LEFT JOIN blade_notice_read r ON r.notice_id = n.id AND r.user_id = $2
            WHERE n.tenant_id = $1 AND n.is_deleted = 0`,
          [s.tenantId, s.userId],
        ),
        db.query<{
          id: string;
          title: string;
          content: string | null;
          category: number;
          publish_time: Date;
          read: boolean;
        }>(
          `SELECT n.id, ${en ? 'coalesce(n.title_en, n.title)' : 'n.title'} AS title,
                  ${en ? 'coalesce(n.content_en, n.content)' : 'n.content'} AS content, n.category, n.publish_time,
                  r.notice_id IS NOT NULL AS read
             FROM blade_notice n LEFT JOIN blade_notice_read r ON r.notice_id = n.id AND r.user_id = $2
            WHERE n.tenant_id = $1 AND n.is_deleted = 0
            ORDER BY n.publish_time DESC, n.id DESC LIMIT $3 OFFSET $4`,
          [s.tenantId, s.userId, size, offset],
        ),
      ]);
      const page = toPage(
        rows.map((n) => ({
          id: String(n.id),
          title: n.title,
          content: n.content ?? '',
          category: n.category,
          publishTime: formatDateTime(n.publish_time) ?? '',
          read: n.read,
        })),
        Number(counts?.total ?? 0),
        current,
        size,
      );
      return ok({ ...page, unread: Number(counts?.unread ?? 0) });
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
        const found = await t.query<{ id: string; tenant_id: string }>(
          'SELECT id, tenant_id FROM blade_notice WHERE id = ANY($1::bigint[]) AND is_deleted = 0',
          [ids],
        );
        if (found.length < ids.length) throw notFound('desk.noticeNotFound');
        if (found.some((n) => n.tenant_id !== s.tenantId)) throw forbidden('desk.noticeOtherTenant');
        await t.query(
          `INSERT INTO blade_notice_read (notice_id, user_id)
           SELECT unnest($1::bigint[]), $2 ON CONFLICT DO NOTHING`,
          [ids, s.userId],
        );
        return t.one<{ n: string }>(
          `SELECT count(*) AS n FROM blade_notice n WHERE n.tenant_id = $1 AND n.is_deleted = 0
              AND NOT EXISTS (SELECT 1 FROM blade_notice_read r WHERE r.notice_id = n.id AND r.user_id = $2)`,
          [s.tenantId, s.userId],
        );
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
      const [roles, signIns, depts, areas] = await Promise.all([
        db.query<{ name: string; value: string }>(
          `SELECT r.role_name AS name, count(u.id) AS value FROM blade_role r
             LEFT JOIN blade_user_role ur ON ur.role_id = r.id
             LEFT JOIN blade_user u ON u.id = ur.user_id AND u.is_deleted = 0 AND u.status = 1
            WHERE r.tenant_id = $1 AND r.is_deleted = 0 GROUP BY r.id, r.role_name, r.sort ORDER BY r.sort`,
          [s.tenantId],
        ),
        db.query<{ day: string; value: string }>(
          `SELECT to_char(d, 'MM-DD') AS day, (SELECT count(*) FROM auth_session a WHERE a.tenant_id = $1 AND a.created_at >= d AND a.created_at < d + interval '1 day') AS value
             FROM generate_series(date_trunc('day', now()) - interval '6 days', date_trunc('day', now()), interval '1 day') d ORDER BY d`,
          [s.tenantId],
        ),
        db.query<{ name: string; value: string }>(
          `SELECT d.dept_name AS name, count(u.id) AS value FROM blade_dept d
             JOIN blade_user_dept ud ON ud.dept_id = d.id
             JOIN blade_user u ON u.id = ud.user_id AND u.is_deleted = 0 AND u.status = 1
            WHERE d.tenant_id = $1 AND d.is_deleted = 0 GROUP BY d.id, d.dept_name ORDER BY value DESC`,
          [s.tenantId],
        ),
        db.query<{ name: string; value: string }>(
          `SELECT ${en ? "coalesce(r.meta->'i18n'->>'en', r.name)" : 'r.name'} AS name, count(c.id) AS value FROM blade_menu r
             JOIN blade_menu c ON c.parent_id = r.id AND c.is_deleted = 0 AND c.category = 1
            WHERE r.parent_id = 0 AND r.is_deleted = 0 GROUP BY r.id, r.name, r.meta, r.sort ORDER BY r.sort`,
        ),
      ]);
      const num = <T extends { value: string }>(rows: T[]) =>
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
      await db.tx(async (t) => {
        for (const e of req.body) {
          await t.query(
            `INSERT INTO blade_log_client (id, tenant_id, user_id, type, message, stack, info, url, occurred_at, user_agent)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
            [
              newId(),
              s.tenantId,
              s.userId,
              e.type,
              e.message,
              e.stack ?? null,
              e.info ?? null,
              // A page address may carry a secret in its query (a social sign-in's code): kept without it.
              e.url ? redactUrl(e.url) : null,
              e.time ?? null,
              ua,
            ],
          );
        }
      });
      return ok(req.body.length);
    },
  );
}
