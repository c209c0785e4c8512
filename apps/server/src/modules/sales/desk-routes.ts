import { SalesDeskSummary } from '@forecourt/contracts/sales';
import type { App } from '../../platform/context.js';
import { scopeOf } from '../../platform/auth/guard.js';
import { envelope, ok } from '../../platform/envelope.js';
import { salesDeskSummary } from './desk.js';

/** The sales workbench's figures (`/api/blade-sales/desk/*`). */
export async function salesDeskRoutes(app: App) {
  const { db } = app.ctx;
  app.get(
    '/api/blade-sales/desk/summary',
    {
      config: { permission: 'code:sales_desk' },
      schema: {
        tags: ['sales'],
        summary:
          "The caller's overdue first responses, overdue and today's follow-ups, this month's funnel and the stock's age bands",
        response: { 200: envelope(SalesDeskSummary) },
      },
    },
    async (req) => ok(await salesDeskSummary(db, scopeOf(req))),
  );
}
