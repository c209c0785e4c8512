/**
 * Red packets (红包管理, `/fc/redPacket/index`, `/api/blade-sales/red-packet/*`): cash gifts to customers
 * (a referral's reward, a test drive's thanks, a festival, a service apology). A salesperson applies, a
 * manager approves or rejects, and the cashier records it paid with the wallet's serial number. docs/orders.md.
 */
import { Type, type Static } from 'typebox';

export const RED_PACKET_SCENES = ['referral', 'test_drive', 'festival', 'compensation'] as const;
export type RedPacketScene = (typeof RED_PACKET_SCENES)[number];

/** pending (待审批) → approved (待发放) → paid (已发放); pending → rejected (已驳回, with a reason). */
export const RED_PACKET_STATUSES = ['pending', 'approved', 'paid', 'rejected'] as const;
export type RedPacketStatus = (typeof RED_PACKET_STATUSES)[number];

/** A wallet red packet carries at most 200 yuan (the payment platforms' limit for one packet). */
export const RED_PACKET_MAX = '200.00';
export const RED_PACKET_GREETING_MAX = 40;

export const RED_PACKET_LABELS: Record<string, Record<string, [zh: string, en: string]>> = {
  scene: {
    referral: ['转介绍奖励', 'Referral reward'],
    test_drive: ['试驾礼', 'Test drive thanks'],
    festival: ['节日红包', 'Festival gift'],
    compensation: ['服务补偿', 'Service apology'],
  },
  status: {
    pending: ['待审批', 'Pending approval'],
    approved: ['待发放', 'Approved'],
    paid: ['已发放', 'Paid'],
    rejected: ['已驳回', 'Rejected'],
  },
};

const Id = () => Type.String({ pattern: '^[1-9]\\d{0,18}$' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const oneOf = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((v) => Type.Literal(v))));

export const RedPacket = Type.Object({
  id: Id(),
  /** RP, the day, the tenant's running number of that day: RP20261129-0001. */
  packetNo: Type.String(),
  customerId: Id(),
  customerName: Type.String(),
  customerPhone: Type.String(),
  scene: oneOf(RED_PACKET_SCENES),
  /** A decimal string with two decimals, 0.01 to 200.00. */
  amount: Type.String(),
  greeting: Type.String(),
  status: oneOf(RED_PACKET_STATUSES),
  /** The applicant. */
  ownerUser: Id(),
  ownerName: Type.String(),
  approvedByName: Nullable(Type.String()),
  approvedAt: Nullable(Type.String()),
  /** Why it was rejected, or the approver's note. */
  approvalRemark: Type.String(),
  /** The wallet's serial number of the payment. */
  reference: Type.String(),
  paidAt: Nullable(Type.String()),
  createTime: Type.String(),
});
export type RedPacket = Static<typeof RedPacket>;

export const RedPacketSubmit = Type.Object({
  customerId: Id(),
  scene: oneOf(RED_PACKET_SCENES),
  /** 0.01 to 200.00, at most 2 decimals. */
  amount: Type.String({ pattern: '^(0|[1-9]\\d{0,2})(\\.\\d{1,2})?$' }),
  greeting: Type.Optional(Type.String({ maxLength: RED_PACKET_GREETING_MAX })),
});
export type RedPacketSubmit = Static<typeof RedPacketSubmit>;

/** Approve (remark optional) or reject (remark: the reason, required). */
export const RedPacketDecision = Type.Object({
  id: Id(),
  remark: Type.Optional(Type.String({ maxLength: 200 })),
});
export type RedPacketDecision = Static<typeof RedPacketDecision>;

/** Paid, with the wallet's serial number (once per tenant). */
export const RedPacketPay = Type.Object({
  id: Id(),
  reference: Type.String({ minLength: 1, maxLength: 64 }),
});
export type RedPacketPay = Static<typeof RedPacketPay>;
