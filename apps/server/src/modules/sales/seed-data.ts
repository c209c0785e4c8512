/**
 * The demo sales floor as pure data: stock, customers, inquiries with their follow-ups and history, offers
 * and user inquiries, drawn from a seeded generator so every first start (and every test) sees the same floor.
 * Amounts are computed with the shared offer calculator, so the demo never shows a total the rules would not.
 */
import {
  Decimal,
  type EnergyType,
  type InquiryChannel,
  type InquiryStatus,
  type Money,
  type OfferStatus,
  type PurchasePlan,
  type ResourceStatus,
  SALES_DEFAULTS,
  calculateOffer,
  dec,
  fmt,
  needsApproval,
  withCheckDigit,
} from '@forecourt/contracts/sales';

export const DEMO_DISCOUNT_LIMIT: Money = SALES_DEFAULTS.discountLimit;

export const DEMO_ACCOUNTS = [
  'admin',
  'sales1',
  'sales2',
  'online1',
  'online2',
  'resource1',
  'resource2',
] as const;
export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];
export interface StaffRef {
  id: string;
  deptId: string | null;
}
export interface ModelRef {
  id: string;
  brandCode: string;
  wmi: string;
  modelYear: number;
  label: string;
  energyType: EnergyType;
  guidePrice: Money;
}

export interface FloorInput {
  now: Date;
  seed: number;
  staff: Record<DemoAccount, StaffRef>;
  models: ModelRef[];
  /** Phones already customers of the tenant: the generator never makes a second customer with one. */
  takenPhones: ReadonlySet<string>;
  newId: () => string;
}

export interface CustomerRow {
  id: string;
  name: string;
  phone: string;
  sex: 1 | 2;
  source: string;
  brand: string;
  intention: string;
  userId: string;
  deptId: string | null;
  createTime: string;
}
export interface ResourceRow {
  id: string;
  vin: string;
  modelId: string;
  exteriorColor: string;
  interiorColor: string;
  productionDate: string;
  arrivalDate: string | null;
  purchaseCost: Money;
  guidePrice: Money;
  floorPrice: Money;
  remark: string;
  status: ResourceStatus;
  reservedUntil: string | null;
  reservedOfferId: string | null;
  ownerUser: string;
  ownerDept: string | null;
  createTime: string;
}
export interface InquiryRow {
  id: string;
  customerId: string;
  customerName: string;
  customerPhone: string;
  modelId: string | null;
  modelText: string;
  cityCode: string;
  budget: Money | null;
  purchasePlan: PurchasePlan;
  expectedPurchaseDate: string | null;
  channel: InquiryChannel;
  status: InquiryStatus;
  closeReason: string;
  ownerUser: string | null;
  ownerDept: string | null;
  assignedAt: string | null;
  firstResponseAt: string | null;
  lastFollowTime: string | null;
  nextFollowTime: string | null;
  createTime: string;
}
export interface FollowRow {
  id: string;
  inquiryId: string;
  followTime: string;
  method: 'phone' | 'wechat' | 'visit' | 'chat';
  content: string;
  nextFollowTime: string | null;
  createUser: string;
}
export interface HistoryRow {
  id: string;
  inquiryId: string;
  action: 'create' | 'assign' | 'transfer' | 'status' | 'claim';
  fromStatus: string | null;
  toStatus: string | null;
  fromUser: string | null;
  toUser: string | null;
  reason: string;
  createUser: string | null;
  createTime: string;
}
export interface OfferRow {
  id: string;
  inquiryId: string;
  version: number;
  resourceId: string | null;
  modelId: string;
  energyType: EnergyType;
  vehiclePrice: Money;
  discount: Money;
  invoicePrice: Money;
  purchaseTax: Money;
  purchaseTaxRelief: Money;
  insurance: Money;
  registrationFee: Money;
  accessories: Array<{ name: string; amount: Money }>;
  accessoriesTotal: Money;
  serviceFee: Money;
  tradeInCredit: Money;
  downPaymentPercent: string | null;
  termMonths: number | null;
  annualRatePercent: string | null;
  downPayment: Money | null;
  loanAmount: Money | null;
  monthlyPayment: Money | null;
  totalInterest: Money | null;
  total: Money;
  status: OfferStatus;
  validUntil: string;
  approvalNeeded: boolean;
  approvedBy: string | null;
  approvedAt: string | null;
  approvalRemark: string;
  sentAt: string | null;
  closedAt: string | null;
  ownerUser: string;
  ownerDept: string | null;
  createTime: string;
}
export interface UserInquiryRow {
  id: string;
  customerId: string;
  name: string;
  phone: string;
  modelId: string;
  cityCode: string;
  status: 'pending' | 'claimed' | 'assigned';
  claimedBy: string | null;
  claimedAt: string | null;
  inquiryId: string | null;
  createTime: string;
}
export interface Floor {
  customers: CustomerRow[];
  resources: ResourceRow[];
  inquiries: InquiryRow[];
  follows: FollowRow[];
  history: HistoryRow[];
  offers: OfferRow[];
  userInquiries: UserInquiryRow[];
}

/** How many inquiries end in each status (300 in all), and how many stock vehicles wait besides the sold ones. */
export const INQUIRY_MIX: Record<InquiryStatus, number> = {
  new: 25,
  assigned: 40,
  following: 95,
  quoted: 40,
  won: 25,
  lost: 45,
  invalid: 30,
};
const FREE_STOCK: Array<[ResourceStatus, number]> = [
  ['in_transit', 15],
  ['in_stock', 80],
];
/** The path an inquiry walks to reach each status (history rows). */
const PATH: Record<InquiryStatus, InquiryStatus[]> = {
  new: ['new'],
  assigned: ['new', 'assigned'],
  following: ['new', 'assigned', 'following'],
  quoted: ['new', 'assigned', 'following', 'quoted'],
  won: ['new', 'assigned', 'following', 'quoted', 'won'],
  lost: ['new', 'assigned', 'following', 'lost'],
  invalid: ['new', 'invalid'],
};
/** The latest offer of a quoted inquiry, in turn. */
const QUOTED_OFFER: OfferStatus[] = [
  'sent',
  'draft',
  'pending_approval',
  'approved',
  'rejected',
  'sent',
  'declined',
  'expired',
];
const EARLIER_OFFER: OfferStatus[] = ['declined', 'expired', 'rejected'];

/** Who sells which brands: the staff's own brands, and the resource staff's brands shared by the two sales teams. */
const SELLERS: Array<[DemoAccount, string[], InquiryChannel[]]> = [
  ['sales1', ['toyota', 'honda', 'byd', 'geely'], ['walk_in', 'walk_in', 'phone', 'referral', 'online']],
  ['sales2', ['volkswagen', 'audi', 'bmw', 'benz'], ['walk_in', 'walk_in', 'phone', 'referral', 'online']],
  ['online1', ['tesla', 'nio'], ['online', 'online', 'h5', 'h5', 'phone']],
  ['online2', ['li_auto', 'xpeng'], ['online', 'online', 'h5', 'h5', 'phone']],
];
const STOCK_OWNER: Record<string, DemoAccount> = {
  toyota: 'resource1', honda: 'resource1', byd: 'resource1', geely: 'resource1', tesla: 'resource1', nio: 'resource1',
  volkswagen: 'resource2', audi: 'resource2', bmw: 'resource2', benz: 'resource2', li_auto: 'resource2', xpeng: 'resource2',
}; // prettier-ignore

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN_M = [
  '伟',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '杰',
  '涛',
  '明',
  '超',
  '志刚',
  '建国',
  '海涛',
  '俊杰',
  '浩然',
  '子轩',
  '宇航',
  '文博',
  '振华',
  '国庆',
  '立新',
  '晓东',
];
const GIVEN_F = [
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '艳',
  '娟',
  '霞',
  '婷',
  '雪',
  '秀英',
  '丽华',
  '晓燕',
  '梦婷',
  '雅琴',
  '佳琪',
  '欣怡',
  '思雨',
  '海燕',
  '春梅',
  '玉兰',
  '静怡',
];
const PHONE_PREFIX = [
  '139',
  '138',
  '137',
  '136',
  '135',
  '159',
  '158',
  '188',
  '187',
  '186',
  '177',
  '176',
  '199',
  '180',
  '181',
  '189',
  '191',
  '150',
  '151',
  '152',
];
const CITIES = [
  '1101',
  '3101',
  '4401',
  '4403',
  '3301',
  '3201',
  '5101',
  '4201',
  '3205',
  '3702',
  '6101',
  '4301',
];
const EXTERIOR = ['珍珠白', '曜石黑', '星光银', '天青蓝', '熔岩红', '钛金灰', '极地白', '深海蓝'];
const INTERIOR = ['黑色', '米色', '棕色', '灰色', '黑/红'];
const FREE_TEXT = [
  '7座 SUV，空间要大',
  '20 万左右的混动轿车',
  '想看新能源，家里能装充电桩',
  '商务接待用车，后排要舒适',
  '第一台车，省油好开',
];
const LOST_REASONS = [
  '已在其他门店购买',
  '价格未达预期，选择竞品',
  '购车计划推迟到明年',
  '家人不同意，暂不购车',
  '贷款审批未通过',
];
const INVALID_REASONS = ['空号或号码错误', '重复留资', '同行询价', '无购车意向，仅咨询保养', '测试数据'];
const TRANSFER_REASONS = [
  '原销售顾问休假，临时交接',
  '客户要求更换销售顾问',
  '按品牌重新分配',
  '客户转到另一门店附近',
];
const ACCESSORIES: Array<[string, Money, boolean]> = [
  ['全包围脚垫', '800.00', false],
  ['隐形车衣', '6800.00', false],
  ['前挡隔热膜', '1980.00', false],
  ['行车记录仪', '1280.00', false],
  ['家用充电桩及安装', '2999.00', true],
  ['座椅套', '1500.00', false],
];
const FOLLOW_TEXT: Record<string, string[]> = {
  first: [
    '首次电话联系，客户确认有购车意向',
    '加微信发送车型资料和配置表',
    '客户在线咨询，已回复库存与到店时间',
  ],
  middle: [
    '邀约周末到店试驾',
    '客户试驾后对动力满意，关注油耗',
    '发送金融方案对比，客户在考虑首付比例',
    '客户询问置换旧车评估价格',
    '回访：客户对比竞品中，下周再联系',
  ],
  quote: ['已出具报价单，客户考虑中', '客户希望再优惠一些，已申请', '报价已发送，约定明天答复'],
  won: ['客户确认订车，已签合同交定金', '安排交车时间，客户满意'],
  lost: ['客户表示已在别处购车', '多次联系未接通，客户暂不考虑'],
};

/** mulberry32: a tiny PRNG, enough to make a reproducible demo. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
/** Model-year letter of the 10th VIN character. */
const YEAR_CODE: Record<number, string> = { 2023: 'P', 2024: 'R', 2025: 'S', 2026: 'T' };

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const day = (ms: number) => iso(ms).slice(0, 10);
/** An amount in whole yuan rounded to a step (prices are quoted in hundreds). */
const roundTo = (d: Decimal, step: number): Money => fmt(d.toNearest(step, Decimal.ROUND_HALF_UP));

export function generateFloor(input: FloorInput): Floor {
  const r = prng(input.seed);
  const now = input.now.getTime();
  const { staff, newId } = input;
  const byBrand = new Map<string, ModelRef[]>();
  for (const m of input.models) byBrand.set(m.brandCode, [...(byBrand.get(m.brandCode) ?? []), m]);
  const modelById = new Map(input.models.map((m) => [m.id, m]));

  const phones = new Set(input.takenPhones);
  const phone = () => {
    for (;;) {
      const p = r.pick(PHONE_PREFIX) + String(r.int(0, 99_999_999)).padStart(8, '0');
      if (!phones.has(p)) return (phones.add(p), p);
    }
  };

  const floor: Floor = {
    customers: [],
    resources: [],
    inquiries: [],
    follows: [],
    history: [],
    offers: [],
    userInquiries: [],
  };
  const history = (h: Omit<HistoryRow, 'id'>) => floor.history.push({ id: newId(), ...h });

  // --- customers and inquiries
  const statuses = (Object.entries(INQUIRY_MIX) as Array<[InquiryStatus, number]>).flatMap(([s, n]) =>
    Array<InquiryStatus>(n).fill(s),
  );
  const customersOf = new Map<DemoAccount, CustomerRow[]>();
  statuses.forEach((status, i) => {
    const [account, brands, channels] = SELLERS[i % SELLERS.length]!;
    const owner = staff[account];
    const channel = r.pick(channels);
    const model = r.chance(0.88) ? r.pick(byBrand.get(r.pick(brands)) ?? input.models) : null;
    const ageDays = status === 'new' ? r.next() * 1.5 : 2 + r.next() * 118;
    const created = now - Math.round(ageDays * DAY);
    const mine = customersOf.get(account) ?? [];
    let customer = mine.length > 5 && r.chance(0.12) ? r.pick(mine) : undefined;
    if (!customer) {
      const sex = r.chance(0.55) ? 1 : 2;
      customer = {
        id: newId(),
        name: r.pick([...SURNAMES]) + r.pick(sex === 1 ? GIVEN_M : GIVEN_F),
        phone: phone(),
        sex,
        source: { walk_in: '1', phone: '2', online: '3', h5: '3', referral: '4' }[channel],
        brand: model?.brandCode ?? brands[0]!,
        intention: r.pick(['H', 'A', 'B', 'C']),
        userId: owner.id,
        deptId: owner.deptId,
        createTime: iso(created),
      };
      floor.customers.push(customer);
      customersOf.set(account, [...mine, customer]);
    }
    const plan: PurchasePlan = r.pick(['full', 'full', 'finance', 'finance', 'trade_in']);
    const assigned = status === 'new' ? null : created + r.int(5, 180) * MIN;
    // Half of the assigned-only inquiries are still unanswered, so the first-response flag has something to show.
    const answered = assigned !== null && !(status === 'assigned' && i % 2 === 0) && status !== 'invalid';
    const firstResponse = answered ? assigned! + r.int(3, 55) * MIN : null;
    const open = status === 'assigned' || status === 'following' || status === 'quoted';
    const inquiry: InquiryRow = {
      id: newId(),
      customerId: customer.id,
      customerName: customer.name,
      customerPhone: customer.phone,
      modelId: model?.id ?? null,
      modelText: model ? '' : r.pick(FREE_TEXT),
      cityCode: r.pick(CITIES),
      budget: model ? roundTo(dec(model.guidePrice).times(new Decimal(r.int(90, 110)).div(100)), 10_000) : r.chance(0.5) ? '200000.00' : null,
      purchasePlan: plan,
      expectedPurchaseDate: r.chance(0.7) ? day(now + r.int(7, 120) * DAY) : null,
      channel,
      status,
      closeReason: status === 'lost' ? r.pick(LOST_REASONS) : status === 'invalid' ? r.pick(INVALID_REASONS) : '',
      ownerUser: status === 'new' ? null : owner.id,
      ownerDept: status === 'new' ? null : owner.deptId,
      assignedAt: assigned === null ? null : iso(assigned),
      firstResponseAt: firstResponse === null ? null : iso(firstResponse),
      lastFollowTime: null,
      // Some due in the past (overdue), some today, some later.
      nextFollowTime: open && answered ? iso(now + r.int(-72, 168) * HOUR) : null,
      createTime: iso(created),
    };
    floor.inquiries.push(inquiry);

    // history: creation, assignment (sometimes after a transfer), then each status step
    let t = created;
    history({ inquiryId: inquiry.id, action: 'create', fromStatus: null, toStatus: 'new', fromUser: null, toUser: null, reason: '', createUser: owner.id, createTime: iso(t) });
    const path = PATH[status];
    for (let k = 1; k < path.length; k++) {
      t = k === 1 && assigned ? assigned : Math.min(now - MIN, t + r.int(1, 5 * 24) * HOUR);
      const fromUser = path[k] === 'assigned' ? null : owner.id;
      history({
        inquiryId: inquiry.id,
        action: path[k] === 'assigned' ? 'assign' : 'status',
        fromStatus: path[k - 1]!,
        toStatus: path[k]!,
        fromUser,
        toUser: path[k] === 'assigned' ? owner.id : null,
        reason: path[k] === 'lost' || path[k] === 'invalid' ? inquiry.closeReason : '',
        createUser: path[k] === 'assigned' ? staff.admin.id : owner.id,
        createTime: iso(t),
      });
    }
    if (open && i % 11 === 3) {
      const other = staff[SELLERS[(i + 1) % SELLERS.length]![0]];
      history({ inquiryId: inquiry.id, action: 'transfer', fromStatus: null, toStatus: null, fromUser: other.id, toUser: owner.id, reason: r.pick(TRANSFER_REASONS), createUser: staff.admin.id, createTime: iso(assigned! + 30 * MIN) });
    }

    // follow-ups between the first response and now
    const follows = { new: 0, assigned: answered ? 1 : 0, following: r.int(1, 3), quoted: r.int(2, 4), won: r.int(3, 5), lost: r.int(1, 3), invalid: 0 }[status];
    let ft = firstResponse ?? created;
    for (let k = 0; k < follows; k++) {
      const stage = k === 0 ? 'first' : status === 'won' && k === follows - 1 ? 'won' : status === 'lost' && k === follows - 1 ? 'lost' : status === 'quoted' || status === 'won' ? (k >= follows - 2 ? 'quote' : 'middle') : 'middle';
      ft = k === 0 ? ft : Math.min(now - 5 * MIN, ft + r.int(6, 96) * HOUR);
      const last = k === follows - 1;
      floor.follows.push({
        id: newId(),
        inquiryId: inquiry.id,
        followTime: iso(ft),
        method: channel === 'online' || channel === 'h5' ? r.pick(['chat', 'wechat', 'phone'] as const) : r.pick(['phone', 'wechat', 'visit'] as const),
        content: r.pick(FOLLOW_TEXT[stage]!),
        nextFollowTime: last ? inquiry.nextFollowTime : iso(ft + r.int(1, 3) * DAY),
        createUser: owner.id,
      });
      inquiry.lastFollowTime = iso(ft);
    }
  }); // prettier-ignore

  // --- offers: one per quoted or won inquiry, and an earlier version on some of them
  const stockFor: Array<{ offer: OfferRow; status: ResourceStatus }> = [];
  const quotable = floor.inquiries.filter((q) => q.status === 'quoted' || q.status === 'won');
  const accepted: ResourceStatus[] = ['reserved', 'sold', 'delivered'];
  let earlier = 0;
  quotable.forEach((q, i) => {
    const model = q.modelId
      ? modelById.get(q.modelId)!
      : r.pick(byBrand.get(SELLERS[i % 4]![1][0]!) ?? input.models);
    const owner = { id: q.ownerUser!, deptId: q.ownerDept };
    const created = Date.parse(q.lastFollowTime ?? q.createTime) - r.int(1, 48) * HOUR;
    const versions: OfferStatus[] = [
      q.status === 'won' ? 'accepted' : QUOTED_OFFER[i % QUOTED_OFFER.length]!,
    ];
    if (earlier < 15 && i % 4 === 1) versions.unshift(EARLIER_OFFER[earlier++ % EARLIER_OFFER.length]!);
    versions.forEach((status, v) => {
      const o = offer(r, newId, staff.admin.id, q, model, owner, status, v + 1, created + v * 26 * HOUR, now);
      floor.offers.push(o);
      if (status === 'accepted') stockFor.push({ offer: o, status: accepted[stockFor.length % 3]! });
    });
  });

  // --- stock: the vehicles the accepted offers took, then the free stock
  const serials = new Set<string>();
  const vehicle = (model: ModelRef, status: ResourceStatus, offerRow: OfferRow | null): ResourceRow => {
    const owner = staff[STOCK_OWNER[model.brandCode] ?? 'resource1'];
    const ageDays =
      status === 'in_transit'
        ? 0
        : offerRow
          ? r.int(10, 60)
          : r.pick([r.int(0, 30), r.int(31, 60), r.int(61, 90), r.int(91, 160)]);
    const arrival = now - ageDays * DAY - r.int(0, 20) * HOUR;
    const produced = arrival - r.int(10, 60) * DAY;
    let vin: string;
    do {
      const vds = Array.from({ length: 5 }, () => r.pick([...VIN_CHARS])).join('');
      const serial = String(r.int(0, 999_999)).padStart(6, '0');
      vin = withCheckDigit(
        `${model.wmi}${vds}0${YEAR_CODE[model.modelYear] ?? 'R'}${r.pick([...'ABCDEFGH123'])}${serial}`,
      );
    } while (serials.has(vin));
    serials.add(vin);
    const guide = dec(model.guidePrice);
    const cost = guide.times(new Decimal(r.int(84, 92)).div(100));
    return {
      id: newId(),
      vin,
      modelId: model.id,
      exteriorColor: r.pick(EXTERIOR),
      interiorColor: r.pick(INTERIOR),
      productionDate: day(produced),
      arrivalDate: status === 'in_transit' ? null : day(arrival),
      purchaseCost: roundTo(cost, 100),
      guidePrice: fmt(guide),
      floorPrice: roundTo(Decimal.min(guide, cost.times('1.04')), 100),
      remark: status === 'in_transit' ? '预计两周内到店' : ageDays > 90 ? '库龄较长，可申请特价' : '',
      status,
      reservedUntil: status === 'reserved' ? iso(now + r.int(2, 46) * HOUR) : null,
      reservedOfferId: offerRow?.id ?? null,
      ownerUser: owner.id,
      ownerDept: owner.deptId,
      createTime: iso(status === 'in_transit' ? produced : Math.min(arrival, now)),
    };
  };
  for (const { offer: o, status } of stockFor) {
    const res = vehicle(modelById.get(o.modelId)!, status, o);
    o.resourceId = res.id;
    floor.resources.push(res);
  }
  for (const [status, n] of FREE_STOCK)
    for (let k = 0; k < n; k++) floor.resources.push(vehicle(r.pick(input.models), status, null));
  // Open offers on a model in stock name that vehicle (without holding it).
  const inStock = new Map<string, ResourceRow>();
  for (const res of floor.resources)
    if (res.status === 'in_stock' && !inStock.has(res.modelId)) inStock.set(res.modelId, res);
  for (const o of floor.offers)
    if (!o.resourceId && o.status !== 'accepted') o.resourceId = inStock.get(o.modelId)?.id ?? null;

  // --- user inquiries: a few waiting in the pool, the rest claimed or assigned into the h5 inquiries above
  const h5 = floor.inquiries.filter((q) => q.channel === 'h5' && q.ownerUser && q.modelId).slice(0, 8);
  for (const [k, q] of h5.entries()) {
    floor.userInquiries.push({ id: newId(), customerId: q.customerId, name: q.customerName, phone: q.customerPhone, modelId: q.modelId!, cityCode: q.cityCode, status: k % 4 === 3 ? 'assigned' : 'claimed', claimedBy: q.ownerUser, claimedAt: q.assignedAt, inquiryId: q.id, createTime: q.createTime });
  } // prettier-ignore
  for (let k = 0; k < 6; k++) {
    const model = r.pick([...(byBrand.get('tesla') ?? []), ...(byBrand.get('li_auto') ?? []), ...(byBrand.get('xpeng') ?? [])]);
    const sex = r.chance(0.5) ? 1 : 2;
    const customer: CustomerRow = { id: newId(), name: r.pick([...SURNAMES]) + r.pick(sex === 1 ? GIVEN_M : GIVEN_F), phone: phone(), sex, source: '3', brand: model.brandCode, intention: 'A', userId: staff.online1.id, deptId: staff.online1.deptId, createTime: iso(now - r.int(5, 50) * MIN) };
    floor.customers.push(customer);
    floor.userInquiries.push({ id: newId(), customerId: customer.id, name: customer.name, phone: customer.phone, modelId: model.id, cityCode: r.pick(CITIES), status: 'pending', claimedBy: null, claimedAt: null, inquiryId: null, createTime: customer.createTime });
  } // prettier-ignore
  return floor;
}

function offer(
  r: ReturnType<typeof prng>,
  newId: () => string,
  approver: string,
  q: InquiryRow,
  model: ModelRef,
  owner: StaffRef,
  status: OfferStatus,
  version: number,
  created: number,
  now: number,
): OfferRow {
  const price = model.guidePrice;
  const needsApprovalWanted = status === 'pending_approval' || status === 'approved' || status === 'rejected';
  // Within the demo limit unless the offer is one that went to a manager.
  const discount = needsApprovalWanted
    ? fmt(new Decimal(r.int(12, 30)).times(500))
    : fmt(new Decimal(r.int(0, 10)).times(500));
  const ev = model.energyType === 'ev' || model.energyType === 'phev';
  const accessories = ACCESSORIES.filter(([, , evOnly]) => !evOnly || ev)
    .filter(() => r.chance(0.35))
    .map(([name, amount]) => ({ name, amount }));
  const finance =
    q.purchasePlan === 'finance'
      ? { downPaymentPercent: r.pick(['20', '30', '40', '50']), termMonths: r.pick([12, 24, 36, 48, 60]), annualRatePercent: r.pick(['0', '2.99', '3.5', '4.2']) }
      : null; // prettier-ignore
  const input = {
    vehiclePrice: price,
    discount,
    energyType: model.energyType,
    taxDate: day(created),
    insurance: fmt(new Decimal(r.int(350_000, 900_000)).div(100)),
    registrationFee: '500.00',
    accessories,
    serviceFee: r.pick(['0.00', '800.00', '1000.00', '1500.00']),
    tradeInCredit:
      q.purchasePlan === 'trade_in'
        ? fmt(new Decimal(r.int(30, Math.min(150, dec(price).div(2000).floor().toNumber()))).times(1000))
        : '0.00',
    finance,
  };
  const quote = calculateOffer(input);
  const approvalNeeded = needsApproval({ vehiclePrice: price, discount, discountLimit: DEMO_DISCOUNT_LIMIT });
  const decided =
    status === 'approved' ||
    status === 'rejected' ||
    (approvalNeeded && status !== 'draft' && status !== 'pending_approval');
  const sent = ['sent', 'accepted', 'declined', 'expired'].includes(status);
  const closed = ['accepted', 'declined', 'expired'].includes(status);
  const validDays = status === 'expired' ? -r.int(1, 20) : r.int(3, 10);
  // Expired offers ran out in the past; every other one is still valid from its creation (at least until tomorrow).
  const validUntil =
    status === 'expired'
      ? day(now + validDays * DAY)
      : day(Math.max(created + 7 * DAY, now + validDays * DAY));
  return {
    id: newId(),
    inquiryId: q.id,
    version,
    resourceId: null,
    modelId: model.id,
    energyType: model.energyType,
    vehiclePrice: fmt(price),
    discount,
    invoicePrice: quote.invoicePrice,
    purchaseTax: quote.purchaseTax,
    purchaseTaxRelief: quote.purchaseTaxRelief,
    insurance: input.insurance,
    registrationFee: input.registrationFee,
    accessories: accessories.map((a) => ({ name: a.name, amount: fmt(a.amount) })),
    accessoriesTotal: quote.accessoriesTotal,
    serviceFee: input.serviceFee,
    tradeInCredit: input.tradeInCredit,
    downPaymentPercent: finance?.downPaymentPercent ?? null,
    termMonths: finance?.termMonths ?? null,
    annualRatePercent: finance?.annualRatePercent ?? null,
    downPayment: quote.finance?.downPayment ?? null,
    loanAmount: quote.finance?.loanAmount ?? null,
    monthlyPayment: quote.finance?.monthlyPayment ?? null,
    totalInterest: quote.finance?.totalInterest ?? null,
    total: quote.total,
    status,
    validUntil,
    approvalNeeded,
    approvedBy: decided ? approver : null,
    approvedAt: decided ? iso(created + 2 * HOUR) : null,
    approvalRemark: status === 'rejected' ? '优惠幅度过大，请与客户再沟通' : '',
    sentAt: sent ? iso(created + 3 * HOUR) : null,
    closedAt: closed ? iso(Math.min(now - HOUR, created + 26 * HOUR)) : null,
    ownerUser: owner.id,
    ownerDept: owner.deptId,
    createTime: iso(created),
  };
}
