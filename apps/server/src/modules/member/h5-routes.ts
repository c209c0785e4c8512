import { Type } from 'typebox';
import { CustomerProfile, CustomerSignIn } from '@forecourt/contracts';
import type { App } from '../../platform/context.js';
import { envelope, ok } from '../../platform/envelope.js';
import { bad, forbidden } from '../../platform/errors.js';
import { t } from '../../platform/i18n.js';
import { RATE_LIMITS } from '../../platform/rate-limits.js';
import { PLATFORM_TENANT } from '../../platform/scope.js';
import { exec, first, scoped, sql, type SqlBool } from '../../platform/sql/index.js';
import { checkMobile, consumeSmsCode, issueSmsCode } from '../user/index.js';
import { imSettings } from '../im/index.js';
import { advisorOf, customerChatId, customerTicket } from './chat.js';
import { customerForSignIn } from './leads.js';
import { customerProfile } from './profile.js';
import {
  CUSTOMER_TOKEN_TTL,
  customerGuard,
  customerOf,
  openCustomerSession,
  revokeCustomerSession,
  type CustomerTokens,
} from './sessions.js';

const tenantId = Type.Optional(Type.String({ pattern: '^\\d{1,12}$' }));
const phone = Type.Optional(Type.String({ maxLength: 20 }));
/** Codes of the mobile sign-in are kept apart per tenant: the same number may be a customer of several. */
export const smsPurpose = (tenant: string) => `h5:${tenant}`;

/** The customer-facing routes of the mobile page (/h5/chat): SMS sign-in, profile, sign-out. */
export async function h5Routes(app: App, tokens: CustomerTokens) {
  const { db } = app.ctx;
  const base = '/api/blade-member/h5';
  const tags = ['member-h5'];
  // Customer routes are outside the staff permission model ('public' for the staff guard, which ignores
  // the customer token); this hook is what admits a caller: a live customer session.
  const onRequest = customerGuard(db, tokens);

  const tenantActive = async (tenant: string) =>
    Boolean(
      await first(
        db,
        scoped({ tenantId: tenant, isPlatformAdmin: false })
          .selectFrom('blade_tenant')
          .select('id')
          .where('status', '=', 1)
          .where(sql<SqlBool>`(expire_time IS NULL OR expire_time > now())`),
      ),
    );

  app.get(
    `${base}/sms-code`,
    {
      config: { permission: 'public', rateLimit: RATE_LIMITS.sms },
      schema: {
        tags,
        summary:
          'Sends a sign-in code to a mobile number (60 s apart, 10 a day, valid 5 minutes); the answer is the same for every valid number',
        querystring: Type.Object({ tenantId, phone }),
        response: { 200: envelope(Type.Boolean()) },
      },
    },
    async (req) => {
      const number = checkMobile(req.query.phone);
      const tenant = req.query.tenantId || PLATFORM_TENANT;
      // A new number becomes a lead at sign-in, so every number of a live tenant gets its code: the answer
      // says nothing about who is a customer already.
      await issueSmsCode(db, req.lang, tenant, number, smsPurpose(tenant), await tenantActive(tenant));
      return ok(true, t(req.lang, 'user.smsSent'));
    },
  );

  app.post(
    `${base}/login`,
    {
      config: { permission: 'public', rateLimit: RATE_LIMITS.customerSignIn },
      schema: {
        tags,
        summary:
          'Signs a customer in with the SMS code (single use, 5 tries); a new number becomes a lead of an online-sales colleague',
        body: Type.Object({ tenantId, phone, code: Type.Optional(Type.String({ maxLength: 10 })) }),
        response: { 200: envelope(CustomerSignIn) },
      },
    },
    async (req) => {
      const number = checkMobile(req.body.phone);
      const tenant = req.body.tenantId || PLATFORM_TENANT;
      await consumeSmsCode(db, number, smsPurpose(tenant), req.body.code);
      // Only a delivered code matches, and codes are delivered only for live tenants.
      if (!(await tenantActive(tenant))) throw bad('user.smsCodeInvalid');
      const customer = await customerForSignIn(db, req.lang, tenant, number);
      if (customer.status !== 1) throw forbidden('member.disabled');
      const accessToken = await openCustomerSession(db, tokens, {
        tenantId: tenant,
        customerId: customer.id,
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      await exec(
        db,
        scoped({ tenantId: tenant, isPlatformAdmin: false })
          .updateTable('member_customer')
          .set({ lastLoginTime: sql`now()` })
          .where('id', '=', customer.id),
      );
      const profile = await customerProfile(db, {
        kind: 'customer',
        tenantId: tenant,
        customerId: customer.id,
        sessionId: '',
      });
      return ok({ accessToken, tokenType: 'bearer', expiresIn: CUSTOMER_TOKEN_TTL, customer: profile });
    },
  );

  app.get(
    `${base}/me`,
    {
      config: { permission: 'public' },
      onRequest,
      schema: {
        tags,
        summary:
          'The signed-in customer and the public card of the staff member looking after them (name, avatar, brands)',
        response: { 200: envelope(CustomerProfile) },
      },
    },
    async (req) => ok(await customerProfile(db, customerOf(req))),
  );

  app.post(
    `${base}/profile`,
    {
      config: { permission: 'public' },
      onRequest,
      schema: {
        tags,
        summary: 'The customer changes their own name or gender',
        body: Type.Object({
          name: Type.Optional(Type.String({ maxLength: 40 })),
          sex: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
        }),
        response: { 200: envelope(CustomerProfile) },
      },
    },
    async (req) => {
      const me = customerOf(req);
      const name = req.body.name?.trim();
      if (req.body.name !== undefined && !name) throw bad('member.nameRequired');
      await exec(
        db,
        scoped({ tenantId: me.tenantId, isPlatformAdmin: false })
          .updateTable('member_customer')
          .set({ name: name ?? sql`name`, sex: req.body.sex ?? sql`sex`, updateTime: sql`now()` })
          .where('id', '=', me.customerId),
      );
      return ok(await customerProfile(db, me));
    },
  );

  // The ticket life is the one getSign uses.
  const ticketTtlS = imSettings(app.ctx.config).ticketTtlS;
  app.get(
    `${base}/im-sign`,
    {
      config: { permission: 'public' },
      onRequest,
      schema: {
        tags,
        summary:
          "The customer's chat user id and sign-in ticket (userSig, valid IM_TICKET_TTL seconds), and the staff member responsible for them (null: none yet)",
        response: {
          200: envelope(
            Type.Object({
              userID: Type.String(),
              userSig: Type.String(),
              staff: Type.Union([
                Type.Object({
                  userID: Type.String(),
                  name: Type.String(),
                  avatar: Type.Union([Type.String(), Type.Null()]),
                }),
                Type.Null(),
              ]),
            }),
          ),
        },
      },
    },
    async (req) => {
      const me = customerOf(req);
      return ok({
        userID: customerChatId(me.customerId),
        userSig: await customerTicket(db, me, ticketTtlS),
        staff: await advisorOf(db, me),
      });
    },
  );

  app.post(
    `${base}/logout`,
    {
      config: { permission: 'public' },
      onRequest,
      schema: { tags, summary: 'Ends the customer session', response: { 200: envelope(Type.Boolean()) } },
    },
    async (req) => {
      await revokeCustomerSession(db, customerOf(req).sessionId);
      return ok(true);
    },
  );
}
