import { Type } from 'typebox';
import {
  PointAccount,
  PointAdjustBody,
  PointExchange,
  PointExchangeAction,
  PointExchangeSubmit,
  PointGoods,
  PointGoodsSubmit,
  PointRecord,
  PointRule,
  PointRuleSubmit,
  type PointParty,
} from '@forecourt/contracts';
import { requireCode, scopeOf } from '../../platform/auth/guard.js';
import type { App } from '../../platform/context.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { listQuerySchema } from '../../platform/paging.js';
import { splitIds } from '../../platform/rows.js';
import { Id, IdList } from '../../platform/schema.js';
import type { Repo } from '../../platform/crud.js';
import {
  EXCHANGE_FILTERS,
  LEDGER_FILTERS,
  account,
  adjust,
  createExchange,
  exchangeDetail,
  exchangePage,
  ledgerPage,
  pointGoods,
  pointRules,
  saveGoods,
  saveRule,
  settleExchange,
} from './rules.js';

/** The points area's routes (`/api/blade-points/*`), docs/points.md. */
export async function pointsRoutes(app: App) {
  const { db } = app.ctx;
  const base = '/api/blade-points';
  const perm = (c: string) => `code:${c}` as const;

  /** A console table: list, detail, submit (add or edit by permission), remove. */
  function table<T extends Repo>(
    path: string,
    code: string,
    repo: T,
    view: Parameters<typeof envelope>[0],
    body: Parameters<typeof envelope>[0],
    save: (scope: ReturnType<typeof scopeOf>, b: never) => Promise<string>,
    what: string,
  ) {
    const tags = [`points-${path}`];
    app.get(
      `${base}/${path}/list`,
      {
        config: { permission: `code:${code}` },
        schema: {
          tags,
          summary: `A page of the tenant's ${what}`,
          querystring: listQuerySchema(repo.def.filters!),
          response: { 200: envelope(pageSchema(view)) },
        },
      },
      async (req) => ok(await repo.page(db, scopeOf(req), req.query)),
    );
    app.get(
      `${base}/${path}/detail`,
      {
        config: { permission: `code:${code}` },
        schema: {
          tags,
          summary: `One of the tenant's ${what}`,
          querystring: Type.Object({ id: Id() }),
          response: { 200: envelope(view) },
        },
      },
      async (req) => ok(await repo.detail(db, scopeOf(req), req.query.id)),
    );
    app.post(
      `${base}/${path}/submit`,
      {
        config: { permission: perm(`${code}_add`) },
        schema: {
          tags,
          summary: `Adds (no id) or changes (id: needs ${code}_edit) one of the ${what}`,
          body,
          response: { 200: envelope(view) },
        },
      },
      async (req) => {
        const scope = scopeOf(req);
        const b = req.body as { id?: string };
        if (b.id) await requireCode(scope, `${code}_edit`, app.ctx.permissions);
        const id = await save(scope, b as never);
        return ok(await repo.detail(db, scope, id));
      },
    );
    app.post(
      `${base}/${path}/remove`,
      {
        config: { permission: perm(`${code}_delete`) },
        schema: {
          tags,
          summary: `Removes ${what} (ids=1,2,3)`,
          querystring: Type.Object({ ids: IdList() }),
          response: { 200: envelope(Type.Integer()) },
        },
      },
      async (req) => ok(await repo.remove(db, scopeOf(req), splitIds(req.query.ids))),
    );
  }
  table(
    'rule',
    'score_rules',
    pointRules,
    PointRule,
    PointRuleSubmit,
    (s, b) => saveRule(db, s, b),
    'points rules',
  );
  table(
    'goods',
    'score_goods',
    pointGoods,
    PointGoods,
    PointGoodsSubmit,
    (s, b) => saveGoods(db, s, b),
    'points goods',
  );

  /** A holder kind's ledger: its page, a holder's account, a line by staff. */
  function ledger(path: string, code: string, party: PointParty, who: string) {
    const tags = [`points-${path}`];
    app.get(
      `${base}/${path}/list`,
      {
        config: { permission: `code:${code}` },
        schema: {
          tags,
          summary: `A page of the ${who}' points lines, newest first, each with the balance it left`,
          querystring: listQuerySchema(LEDGER_FILTERS),
          response: { 200: envelope(pageSchema(PointRecord)) },
        },
      },
      async (req) => ok(await ledgerPage(db, scopeOf(req), party, req.query)),
    );
    app.get(
      `${base}/${path}/account`,
      {
        config: { permission: `code:${code}` },
        schema: {
          tags,
          summary: `One of the ${who}' balance and totals`,
          querystring: Type.Object({ partyId: Id() }),
          response: { 200: envelope(PointAccount) },
        },
      },
      async (req) => ok(await account(db, scopeOf(req), party, req.query.partyId)),
    );
    app.post(
      `${base}/${path}/adjust`,
      {
        config: { permission: perm(`${code}_adjust`) },
        schema: {
          tags,
          summary: `Points for one of the ${who} by an event's rule, or an adjustment by hand with its reason`,
          body: PointAdjustBody,
          response: { 200: envelope(PointRecord) },
        },
      },
      async (req) => ok(await adjust(db, scopeOf(req), party, req.body)),
    );
  }
  ledger('record', 'score_records', 'customer', 'customers');
  ledger('record-tob', 'score_records_tob', 'store', 'ground stores');

  const tags = ['points-exchange'];
  app.get(
    `${base}/exchange/list`,
    {
      config: { permission: 'code:score_exchange' },
      schema: {
        tags,
        summary: "A page of the customers' exchanges of points for goods",
        querystring: listQuerySchema(EXCHANGE_FILTERS),
        response: { 200: envelope(pageSchema(PointExchange)) },
      },
    },
    async (req) => ok(await exchangePage(db, scopeOf(req), req.query)),
  );
  app.get(
    `${base}/exchange/detail`,
    {
      config: { permission: 'code:score_exchange' },
      schema: {
        tags,
        summary: 'One exchange',
        querystring: Type.Object({ id: Id() }),
        response: { 200: envelope(PointExchange) },
      },
    },
    async (req) => ok(await exchangeDetail(db, scopeOf(req), req.query.id)),
  );
  app.post(
    `${base}/exchange/submit`,
    {
      config: { permission: 'code:score_exchange_add' },
      schema: {
        tags,
        summary:
          "Exchanges a customer's points for goods on the shelf: the points and the stock are taken together",
        body: PointExchangeSubmit,
        response: { 200: envelope(PointExchange) },
      },
    },
    async (req) => ok(await createExchange(db, scopeOf(req), req.body)),
  );
  app.post(
    `${base}/exchange/deliver`,
    {
      config: { permission: 'code:score_exchange_deliver' },
      schema: {
        tags,
        summary: 'Records a pending exchange handed over',
        body: PointExchangeAction,
        response: { 200: envelope(PointExchange) },
      },
    },
    async (req) => ok(await settleExchange(db, scopeOf(req), req.body.id, 'delivered', req.body.remark)),
  );
  app.post(
    `${base}/exchange/cancel`,
    {
      config: { permission: 'code:score_exchange_cancel' },
      schema: {
        tags,
        summary: 'Cancels a pending exchange with its reason: the points and the stock go back',
        body: PointExchangeAction,
        response: { 200: envelope(PointExchange) },
      },
    },
    async (req) => ok(await settleExchange(db, scopeOf(req), req.body.id, 'cancelled', req.body.remark)),
  );
}
