import { Type } from 'typebox';
import { Coupon, CouponActionBody, CouponIssueBody } from '@forecourt/contracts';
import { scopeOf } from '../../platform/auth/guard.js';
import type { App } from '../../platform/context.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { listQuerySchema } from '../../platform/paging.js';
import { Id } from '../../platform/schema.js';
import {
  COUPON_FILTERS,
  couponDetail,
  couponPage,
  expireCoupons,
  issueCoupons,
  settleCoupon,
} from './coupon-rules.js';

/** How often the server expires coupons past their last day (one UPDATE, harmless on several nodes). */
export const COUPON_SWEEP_MS = 10 * 60_000;

/** Coupon records (`/api/blade-points/coupon/*`), docs/points.md. */
export async function couponRoutes(app: App) {
  const { db } = app.ctx;
  const base = '/api/blade-points/coupon';
  const tags = ['points-coupon'];
  const sweep = () =>
    expireCoupons(db).catch((e: unknown) => app.log.warn({ err: e }, 'coupon expiry sweep failed'));
  void sweep();
  const timer = setInterval(() => void sweep(), COUPON_SWEEP_MS);
  timer.unref();
  app.ctx.onClose.push(async () => clearInterval(timer));

  app.get(
    `${base}/list`,
    {
      config: { permission: 'code:coupon_records' },
      schema: {
        tags,
        summary: "A page of the coupons issued to the tenant's customers, newest first",
        querystring: listQuerySchema(COUPON_FILTERS),
        response: { 200: envelope(pageSchema(Coupon)) },
      },
    },
    async (req) => ok(await couponPage(db, scopeOf(req), req.query)),
  );
  app.get(
    `${base}/detail`,
    {
      config: { permission: 'code:coupon_records' },
      schema: {
        tags,
        summary: 'One coupon',
        querystring: Type.Object({ id: Id() }),
        response: { 200: envelope(Coupon) },
      },
    },
    async (req) => ok(await couponDetail(db, scopeOf(req), req.query.id)),
  );
  app.post(
    `${base}/issue`,
    {
      config: { permission: 'code:coupon_records_add' },
      schema: {
        tags,
        summary: 'Issues coupons to a customer, each with its own code',
        body: CouponIssueBody,
        response: { 200: envelope(Type.Array(Coupon)) },
      },
    },
    async (req) => ok(await issueCoupons(db, scopeOf(req), req.body)),
  );
  app.post(
    `${base}/use`,
    {
      config: { permission: 'code:coupon_records_use' },
      schema: {
        tags,
        summary: 'Redeems an unused coupon valid today (once: a second redemption is a 409)',
        body: CouponActionBody,
        response: { 200: envelope(Coupon) },
      },
    },
    async (req) => ok(await settleCoupon(db, scopeOf(req), 'used', req.body)),
  );
  app.post(
    `${base}/void`,
    {
      config: { permission: 'code:coupon_records_void' },
      schema: {
        tags,
        summary: 'Voids an unused coupon with its reason',
        body: CouponActionBody,
        response: { 200: envelope(Coupon) },
      },
    },
    async (req) => ok(await settleCoupon(db, scopeOf(req), 'voided', req.body)),
  );
}
