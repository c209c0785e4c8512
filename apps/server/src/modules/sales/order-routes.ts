import { Type } from 'typebox';
import {
  FinanceDeskSummary,
  OrderCancelBody,
  OrderDetail,
  OrderView,
  TradeBody,
  TradeSummary,
  TradeView,
} from '@forecourt/contracts/sales';
import { scopeOf } from '../../platform/auth/guard.js';
import type { App } from '../../platform/context.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { listQuerySchema, filterQuerySchema } from '../../platform/paging.js';
import { Id } from '../../platform/schema.js';
import {
  ORDER_FILTERS,
  TRADE_FILTERS,
  cancelOrder,
  financeDesk,
  listOrders,
  listTrades,
  orderDetail,
  recordTrade,
  tradeDetail,
  tradeSummary,
} from './order-rules.js';

/** Orders (财务收款) and the payment flow (支付流水): the money of a sale, docs/orders.md. */
export async function orderRoutes(app: App) {
  const { db } = app.ctx;
  const orders = '/api/blade-sales/order';
  const trades = '/api/blade-sales/trade';

  app.get(
    `${orders}/list`,
    {
      config: { permission: 'code:order' },
      schema: {
        tags: ['sales-order'],
        summary: 'A page of the orders the caller may see, with what each has received',
        querystring: listQuerySchema(ORDER_FILTERS),
        response: { 200: envelope(pageSchema(OrderView)) },
      },
    },
    async (req) => ok(await listOrders(db, scopeOf(req), req.query)),
  );
  app.get(
    `${orders}/detail`,
    {
      config: { permission: 'code:order' },
      schema: {
        tags: ['sales-order'],
        summary: "One order with its offer's lines and every receipt and refund on it",
        querystring: Type.Object({ id: Id() }),
        response: { 200: envelope(OrderDetail) },
      },
    },
    async (req) => ok(await orderDetail(db, scopeOf(req), req.query.id)),
  );
  app.post(
    `${orders}/receive`,
    {
      config: { permission: 'code:order_receive' },
      schema: {
        tags: ['sales-order'],
        summary: 'Records money received on an order (at most what is outstanding)',
        body: TradeBody,
        response: { 200: envelope(OrderDetail) },
      },
    },
    async (req) => ok(await recordTrade(db, scopeOf(req), 'receipt', req.body)),
  );
  app.post(
    `${orders}/refund`,
    {
      config: { permission: 'code:order_refund' },
      schema: {
        tags: ['sales-order'],
        summary: 'Records money paid back on a partly paid order, with its reason',
        body: TradeBody,
        response: { 200: envelope(OrderDetail) },
      },
    },
    async (req) => ok(await recordTrade(db, scopeOf(req), 'refund', req.body)),
  );
  app.post(
    `${orders}/cancel`,
    {
      config: { permission: 'code:order_cancel' },
      schema: {
        tags: ['sales-order'],
        summary: 'Cancels an order that holds no money; its vehicle goes back to stock',
        body: OrderCancelBody,
        response: { 200: envelope(OrderView) },
      },
    },
    async (req) => ok(await cancelOrder(db, scopeOf(req), req.body)),
  );

  app.get(
    `${orders}/desk`,
    {
      config: { permission: 'code:finance_desk' },
      schema: {
        tags: ['sales-order'],
        summary:
          "The finance workbench card: today's receipts and refunds, orders waiting for money, settled this month",
        response: { 200: envelope(FinanceDeskSummary) },
      },
    },
    async (req) => ok(await financeDesk(db, scopeOf(req))),
  );

  app.get(
    `${trades}/list`,
    {
      config: { permission: 'code:trade' },
      schema: {
        tags: ['sales-trade'],
        summary: 'A page of the receipts and refunds on the orders the caller may see',
        querystring: listQuerySchema(TRADE_FILTERS),
        response: { 200: envelope(pageSchema(TradeView)) },
      },
    },
    async (req) => ok(await listTrades(db, scopeOf(req), req.query)),
  );
  app.get(
    `${trades}/summary`,
    {
      config: { permission: 'code:trade' },
      schema: {
        tags: ['sales-trade'],
        summary: 'The receipts, refunds and net of the trades the same filters select',
        querystring: filterQuerySchema(TRADE_FILTERS),
        response: { 200: envelope(TradeSummary) },
      },
    },
    async (req) => ok(await tradeSummary(db, scopeOf(req), req.query)),
  );
  app.get(
    `${trades}/detail`,
    {
      config: { permission: 'code:trade' },
      schema: {
        tags: ['sales-trade'],
        summary: 'One receipt or refund',
        querystring: Type.Object({ id: Id() }),
        response: { 200: envelope(TradeView) },
      },
    },
    async (req) => ok(await tradeDetail(db, scopeOf(req), req.query.id)),
  );
}
