import { LRUCache } from 'lru-cache';
import { Type } from 'typebox';
import { ButtonGroup, MenuNode, TopMenu } from '@forecourt/contracts';
import type { App } from '../../platform/context.js';
import { envelope, ok } from '../../platform/envelope.js';
import { t } from '../../platform/i18n.js';
import { scopeOf } from '../../platform/auth/guard.js';
import type { Scope } from '../../platform/scope.js';
import { all, anyId, scoped } from '../../platform/sql/index.js';
import { buildTree } from '../../platform/tree.js';
import { buttonGroups, grantedMenus, topMenuRoots } from './tree.js';
import { Id } from '../../platform/schema.js';

/**
 * Menus depend only on the caller's roles (and the top menu chosen), and every user loads them at
 * sign-in and on each reload: a per-role-set cache keeps that cheap. Grant, menu and role changes clear
 * it on every node (permissions.onClear); the minute's lifetime only bounds a lost announcement.
 */
class ShortCache<T> {
  // Bounded like every cache keyed by what callers bring (here role sets and the chosen top menu).
  private map: LRUCache<string, Promise<T>>;
  constructor(ttlMs: number, max = 1000) {
    this.map = new LRUCache({ max, ttl: ttlMs });
  }
  get(key: string, make: () => Promise<T>): Promise<T> {
    const hit = this.map.get(key);
    if (hit) return hit;
    const value = make();
    this.map.set(key, value);
    value.catch(() => {
      if (this.map.peek(key) === value) this.map.delete(key);
    });
    return value;
  }
  clear() {
    this.map.clear();
  }
}

const roleKey = (s: Scope) =>
  `${s.tenantId}|${[...s.roleIds].sort().join(',')}|${s.roleAliases.includes('administrator') ? 'A' : ''}`;

const MENU_TTL_MS = 60_000;

export async function menuRoutes(app: App) {
  const { db } = app.ctx;
  const routesCache = new ShortCache<object[]>(MENU_TTL_MS);
  // The answer itself, serialised once per role set, top menu and language: every shell loads it on each
  // reload, and turning the same tree into the same bytes was a sixth of the request.
  const routesBodies = new ShortCache<Buffer>(MENU_TTL_MS);
  const buttonsCache = new ShortCache<object[]>(MENU_TTL_MS);
  // Grant changes call permissions.invalidate(); the menu caches follow it on every node.
  app.ctx.permissions.onClear(() => {
    routesCache.clear();
    routesBodies.clear();
    buttonsCache.clear();
  });

  app.get(
    '/api/blade-system/menu/routes',
    {
      config: { permission: 'login' },
      schema: {
        tags: ['menu'],
        summary: "The caller's menu tree (menus granted to the caller's roles and their ancestors), sorted",
        querystring: Type.Object({ topMenuId: Type.Optional(Id()) }),
        response: { 200: envelope(Type.Array(MenuNode)) },
      },
    },
    async (req, reply) => {
      const scope = scopeOf(req);
      const top = req.query.topMenuId;
      const key = `${roleKey(scope)}|${top ?? ''}`;
      const body = await routesBodies.get(`${key}|${req.lang}`, async () => {
        const tree = await routesCache.get(key, async () => {
          const roots = buildTree(await grantedMenus(db, scope, 1));
          if (!top) return roots;
          const owned = await topMenuRoots(db, scope, top);
          return roots.filter((r) => owned.has(r.id));
        });
        // The route's own serialiser (its response schema), with the message the success hook would fill.
        return Buffer.from(reply.serialize(ok(tree as MenuNode[], t(req.lang, 'common.success'))) as string);
      });
      // Bytes the schema's serialiser made: sent as they are (Fastify does not serialise a Buffer again).
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/api/blade-system/menu/buttons',
    {
      config: { permission: 'login' },
      schema: {
        tags: ['menu'],
        summary: "The caller's buttons grouped by page (the shell flattens them to code → true)",
        response: { 200: envelope(Type.Array(ButtonGroup)) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      return ok((await buttonsCache.get(roleKey(scope), () => buttonGroups(db, scope))) as ButtonGroup[]);
    },
  );

  app.get(
    '/api/blade-system/menu/top-menu',
    {
      config: { permission: 'login' },
      schema: {
        tags: ['menu'],
        summary: "The top menus of the caller's tenant that own at least one menu the caller may open",
        response: { 200: envelope(Type.Array(TopMenu)) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      const menus = await grantedMenus(db, scope, 1);
      const ids = menus.map((m) => m.id);
      // The caller's own tenant, the platform administrator's too: these are its navigation.
      const rows = await all(
        db,
        scoped({ tenantId: scope.tenantId, isPlatformAdmin: false })
          .selectFrom('blade_top_menu', 't')
          .select(['t.id', 't.code', 't.name', 't.source', 't.path', 't.sort', 't.meta'])
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('blade_top_menu_setting as s')
                .select('s.menuId')
                .whereRef('s.topMenuId', '=', 't.id')
                .where('s.menuId', '=', anyId(ids)),
            ),
          )
          .orderBy('t.sort')
          .orderBy('t.id'),
      );
      return ok(rows as TopMenu[]);
    },
  );
}
