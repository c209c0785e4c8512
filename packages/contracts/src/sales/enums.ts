/** The value sets of the sales floor, exactly as the API and the database spell them. */

export const ENERGY_TYPES = ['petrol', 'hybrid', 'phev', 'ev'] as const;
export type EnergyType = (typeof ENERGY_TYPES)[number];

export const INQUIRY_CHANNELS = ['walk_in', 'phone', 'online', 'h5', 'referral'] as const;
export type InquiryChannel = (typeof INQUIRY_CHANNELS)[number];

export const PURCHASE_PLANS = ['full', 'finance', 'trade_in'] as const;
export type PurchasePlan = (typeof PURCHASE_PLANS)[number];

export const FOLLOW_METHODS = ['phone', 'wechat', 'visit', 'chat'] as const;
export type FollowMethod = (typeof FOLLOW_METHODS)[number];

export const USER_INQUIRY_STATUSES = ['pending', 'claimed', 'assigned'] as const;
export type UserInquiryStatus = (typeof USER_INQUIRY_STATUSES)[number];

/** Money moving on an order: a receipt from the customer (or their bank), or a refund to them. */
export const TRADE_KINDS = ['receipt', 'refund'] as const;
export type TradeKind = (typeof TRADE_KINDS)[number];

/** How the money moved; `loan` is the finance company's disbursement of the customer's loan. */
export const PAYMENT_METHODS = ['cash', 'transfer', 'pos', 'wechat', 'alipay', 'loan'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The longest bank, card or wallet serial number a trade keeps (here, not with the schemas: forms import it). */
export const TRADE_REFERENCE_MAX = 64;
/** The longest remark of a trade and reason of a cancellation. */
export const TRADE_REMARK_MAX = 200;

/** Zh and en labels of every value above, for lists, exports and messages. */
export const ENUM_LABELS: Record<string, Record<string, [zh: string, en: string]>> = {
  energyType: {
    petrol: ['燃油', 'Petrol'],
    hybrid: ['油电混动', 'Hybrid'],
    phev: ['插电混动', 'Plug-in hybrid'],
    ev: ['纯电动', 'Electric'],
  },
  channel: {
    walk_in: ['到店', 'Walk-in'],
    phone: ['电话', 'Phone'],
    online: ['线上平台', 'Online platform'],
    h5: ['H5', 'H5'],
    referral: ['转介绍', 'Referral'],
  },
  purchasePlan: {
    full: ['全款', 'Full payment'],
    finance: ['分期', 'Finance'],
    trade_in: ['置换', 'Trade-in'],
  },
  followMethod: {
    phone: ['电话', 'Phone'],
    wechat: ['微信', 'WeChat'],
    visit: ['到店', 'Visit'],
    chat: ['在线聊天', 'Chat'],
  },
  userInquiryStatus: {
    pending: ['待认领', 'Waiting'],
    claimed: ['已认领', 'Claimed'],
    assigned: ['已分配', 'Assigned'],
  },
  tradeKind: {
    receipt: ['收款', 'Receipt'],
    refund: ['退款', 'Refund'],
  },
  paymentMethod: {
    cash: ['现金', 'Cash'],
    transfer: ['银行转账', 'Bank transfer'],
    pos: ['POS 刷卡', 'Card (POS)'],
    wechat: ['微信支付', 'WeChat Pay'],
    alipay: ['支付宝', 'Alipay'],
    loan: ['贷款放款', 'Loan disbursement'],
  },
};
