import { SalesRuleError } from './errors.js';

/**
 * The life of a stock vehicle, an inquiry and an offer, as data: the web draws its buttons from the same
 * tables the server enforces. Anything not listed is refused.
 */
export const MACHINES = {
  resource: {
    label: ['车源', 'vehicle'],
    states: {
      in_transit: ['在途', 'In transit'],
      in_stock: ['在库', 'In stock'],
      reserved: ['已预订', 'Reserved'],
      sold: ['已售', 'Sold'],
      delivered: ['已交车', 'Delivered'],
    },
    moves: [
      ['in_transit', 'in_stock'],
      ['in_stock', 'reserved'],
      ['reserved', 'sold'],
      ['sold', 'delivered'],
      // A reservation lapses (hold time) or is released.
      ['reserved', 'in_stock'],
    ],
  },
  inquiry: {
    label: ['询价', 'inquiry'],
    states: {
      new: ['新建', 'New'],
      assigned: ['已分配', 'Assigned'],
      following: ['跟进中', 'Following'],
      quoted: ['已报价', 'Quoted'],
      won: ['已成交', 'Won'],
      lost: ['已战败', 'Lost'],
      invalid: ['无效', 'Invalid'],
    },
    moves: [
      ['new', 'assigned'],
      ['assigned', 'following'],
      ['following', 'quoted'],
      // Won only with an offer the customer accepted.
      ['quoted', 'won'],
      // Lost needs a customer someone has spoken to: not from "new", which nobody has contacted yet.
      ['assigned', 'lost'],
      ['following', 'lost'],
      ['quoted', 'lost'],
      // Invalid (spam, wrong number, duplicate) can be seen at any open state, first of all on arrival.
      ['new', 'invalid'],
      ['assigned', 'invalid'],
      ['following', 'invalid'],
      ['quoted', 'invalid'],
    ],
  },
  offer: {
    label: ['报价', 'offer'],
    states: {
      draft: ['草稿', 'Draft'],
      pending_approval: ['待审批', 'Pending approval'],
      approved: ['已审批', 'Approved'],
      rejected: ['已驳回', 'Rejected'],
      sent: ['已发送', 'Sent'],
      accepted: ['已接受', 'Accepted'],
      declined: ['已拒绝', 'Declined'],
      expired: ['已过期', 'Expired'],
    },
    moves: [
      ['draft', 'pending_approval'],
      ['pending_approval', 'approved'],
      ['pending_approval', 'rejected'],
      ['draft', 'sent'],
      ['approved', 'sent'],
      ['sent', 'accepted'],
      ['sent', 'declined'],
      ['sent', 'expired'],
    ],
  },
  order: {
    label: ['订单', 'order'],
    states: {
      unpaid: ['待收款', 'Unpaid'],
      partial: ['部分收款', 'Partly paid'],
      paid: ['已收清', 'Paid'],
      cancelled: ['已取消', 'Cancelled'],
    },
    moves: [
      // Receipts move an order forward; a refund of every yuan received moves a part-paid order back.
      ['unpaid', 'partial'],
      ['unpaid', 'paid'],
      ['partial', 'paid'],
      ['partial', 'unpaid'],
      // Only an order holding no money can be cancelled: a deposit is refunded first.
      ['unpaid', 'cancelled'],
    ],
  },
} as const satisfies Record<
  string,
  {
    /** zh, and en in lower case: it stands inside sentences. */
    label: readonly [string, string];
    states: Record<string, readonly [string, string]>;
    moves: ReadonlyArray<readonly [string, string]>;
  }
>;

export type MachineKind = keyof typeof MACHINES;
export type StateOf<K extends MachineKind> = keyof (typeof MACHINES)[K]['states'] & string;
export type ResourceStatus = StateOf<'resource'>;
export type InquiryStatus = StateOf<'inquiry'>;
export type OfferStatus = StateOf<'offer'>;
export type OrderStatus = StateOf<'order'>;

export const statesOf = <K extends MachineKind>(kind: K): StateOf<K>[] =>
  Object.keys(MACHINES[kind].states) as StateOf<K>[];

export const RESOURCE_STATUSES = statesOf('resource');
export const INQUIRY_STATUSES = statesOf('inquiry');
export const OFFER_STATUSES = statesOf('offer');
export const ORDER_STATUSES = statesOf('order');

/** Closing an inquiry as lost or invalid needs a reason (kept in its history). */
export const REASON_REQUIRED: Partial<Record<MachineKind, readonly string[]>> = {
  inquiry: ['lost', 'invalid'],
  order: ['cancelled'],
};

/** What the caller knows about the move beyond the two states. */
export interface MoveContext {
  reason?: string | null;
  /** Offers: whether the discount or the floor price calls for a manager (pricing.needsApproval). */
  approvalNeeded?: boolean;
}

export const canMove = (kind: MachineKind, from: string, to: string): boolean =>
  (MACHINES[kind].moves as ReadonlyArray<readonly [string, string]>).some(([a, b]) => a === from && b === to);

/** The states a row may go to next (buttons of the web). */
export const nextStates = (kind: MachineKind, from: string): string[] =>
  (MACHINES[kind].moves as ReadonlyArray<readonly [string, string]>)
    .filter(([a]) => a === from)
    .map(([, b]) => b);

const label = (kind: MachineKind, state: string) =>
  (MACHINES[kind].states as Record<string, readonly [string, string]>)[state];

/** Parameters that let each language's message name the kind and both states in its own words. */
function names(kind: MachineKind, from: string, to: string) {
  const [kindZh, kindEn] = MACHINES[kind].label;
  const [fromZh, fromEn] = label(kind, from) ?? [from, from];
  const [toZh, toEn] = label(kind, to) ?? [to, to];
  return { kind, from, to, kindZh, kindEn, fromZh, fromEn, toZh, toEn };
}

/**
 * Checks one move; answers the new state or throws a SalesRuleError whose message names the states. The
 * one function every status change goes through, server and web alike.
 */
export function transition<K extends MachineKind>(
  kind: K,
  from: string,
  to: string,
  ctx: MoveContext = {},
): StateOf<K> {
  if (!label(kind, from)) throw new SalesRuleError('sales.stateUnknown', names(kind, from, from));
  if (!label(kind, to)) throw new SalesRuleError('sales.stateUnknown', names(kind, to, to));
  if (!canMove(kind, from, to)) throw new SalesRuleError('sales.moveRefused', names(kind, from, to));
  if (REASON_REQUIRED[kind]?.includes(to) && !ctx.reason?.trim())
    throw new SalesRuleError('sales.reasonRequired', names(kind, from, to));
  if (kind === 'offer' && from === 'draft') {
    if (to === 'sent' && ctx.approvalNeeded !== false)
      throw new SalesRuleError('sales.approvalNeeded', names(kind, from, to));
    if (to === 'pending_approval' && ctx.approvalNeeded !== true)
      throw new SalesRuleError('sales.approvalNotNeeded', names(kind, from, to));
  }
  return to as StateOf<K>;
}
