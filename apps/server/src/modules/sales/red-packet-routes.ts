import { Type } from 'typebox';
import { RedPacket, RedPacketDecision, RedPacketPay, RedPacketSubmit } from '@forecourt/contracts/sales';
import { scopeOf } from '../../platform/auth/guard.js';
import type { App } from '../../platform/context.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { listQuerySchema } from '../../platform/paging.js';
import { Id } from '../../platform/schema.js';
import {
  RED_PACKET_FILTERS,
  applyRedPacket,
  decideRedPacket,
  payRedPacket,
  redPacketDetail,
  redPacketPage,
} from './red-packet-rules.js';

/** Red packets (`/api/blade-sales/red-packet/*`), docs/orders.md. */
export async function redPacketRoutes(app: App) {
  const { db } = app.ctx;
  const base = '/api/blade-sales/red-packet';
  const tags = ['sales-red-packet'];
  app.get(
    `${base}/list`,
    {
      config: { permission: 'code:red_packet' },
      schema: {
        tags,
        summary: 'A page of the red packets the caller may see, newest first',
        querystring: listQuerySchema(RED_PACKET_FILTERS),
        response: { 200: envelope(pageSchema(RedPacket)) },
      },
    },
    async (req) => ok(await redPacketPage(db, scopeOf(req), req.query)),
  );
  app.get(
    `${base}/detail`,
    {
      config: { permission: 'code:red_packet' },
      schema: {
        tags,
        summary: 'One red packet',
        querystring: Type.Object({ id: Id() }),
        response: { 200: envelope(RedPacket) },
      },
    },
    async (req) => ok(await redPacketDetail(db, scopeOf(req), req.query.id)),
  );
  app.post(
    `${base}/submit`,
    {
      config: { permission: 'code:red_packet_add' },
      schema: {
        tags,
        summary: 'Applies for a red packet to a customer (0.01 to 200.00 yuan)',
        body: RedPacketSubmit,
        response: { 200: envelope(RedPacket) },
      },
    },
    async (req) => ok(await applyRedPacket(db, scopeOf(req), req.body)),
  );
  for (const [path, to, summary] of [
    ['approve', 'approved', "Approves a pending red packet (a manager, never the applicant's own)"],
    ['reject', 'rejected', 'Rejects a pending red packet with its reason'],
  ] as const)
    app.post(
      `${base}/${path}`,
      {
        config: { permission: 'code:red_packet_approve' },
        schema: { tags, summary, body: RedPacketDecision, response: { 200: envelope(RedPacket) } },
      },
      async (req) => ok(await decideRedPacket(db, scopeOf(req), to, req.body)),
    );
  app.post(
    `${base}/pay`,
    {
      config: { permission: 'code:red_packet_pay' },
      schema: {
        tags,
        summary: "Records an approved red packet paid, with the wallet's serial number (once per tenant)",
        body: RedPacketPay,
        response: { 200: envelope(RedPacket) },
      },
    },
    async (req) => ok(await payRedPacket(db, scopeOf(req), req.body)),
  );
}
