/**
 * TypeBox schemas of the sales entities as the API answers them (camelCase, money as decimal strings, ids as
 * strings, times "yyyy-MM-dd HH:mm:ss"). Request schemas of the routes build on these in the second wave.
 */
import { Type, type Static } from 'typebox';
import {
  ENERGY_TYPES,
  FOLLOW_METHODS,
  INQUIRY_CHANNELS,
  PURCHASE_PLANS,
  USER_INQUIRY_STATUSES,
  TRADE_KINDS,
  PAYMENT_METHODS,
} from './enums.js';
import { MONEY_INPUT_PATTERN, MONEY_PATTERN } from './money.js';
import { INQUIRY_STATUSES, OFFER_STATUSES, ORDER_STATUSES, RESOURCE_STATUSES } from './status.js';
import { VIN_PATTERN } from './vin.js';
import { PERCENT_PATTERN, RATE_PATTERN, MAX_TERM_MONTHS } from './pricing.js';

const oneOf = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));
const Id = () => Type.String({ pattern: '^[1-9]\\d{0,18}$' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const DateOnly = () => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const DateTime = () => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' });

/** An amount answered by the server. */
export const MoneySchema = Type.String({ pattern: MONEY_PATTERN });
/** An amount typed by a user (spec §5). */
export const MoneyInputSchema = Type.String({ pattern: MONEY_INPUT_PATTERN });
export const VinSchema = Type.String({ pattern: VIN_PATTERN, minLength: 17, maxLength: 17 });
export const EnergyTypeSchema = oneOf(ENERGY_TYPES);
export const ResourceStatusSchema = oneOf(RESOURCE_STATUSES);
export const InquiryStatusSchema = oneOf(INQUIRY_STATUSES);
export const OfferStatusSchema = oneOf(OFFER_STATUSES);
export const OrderStatusSchema = oneOf(ORDER_STATUSES);
export const TradeKindSchema = oneOf(TRADE_KINDS);
export const PaymentMethodSchema = oneOf(PAYMENT_METHODS);
export const ChannelSchema = oneOf(INQUIRY_CHANNELS);
export const PurchasePlanSchema = oneOf(PURCHASE_PLANS);
export const FollowMethodSchema = oneOf(FOLLOW_METHODS);
export const UserInquiryStatusSchema = oneOf(USER_INQUIRY_STATUSES);

export const CatalogModelSchema = Type.Object({
  id: Id(),
  brandId: Id(),
  brandName: Type.String(),
  seriesId: Id(),
  seriesName: Type.String(),
  modelYear: Type.Integer({ minimum: 1990, maximum: 2100 }),
  trim: Type.String({ maxLength: 80 }),
  energyType: EnergyTypeSchema,
  guidePrice: MoneySchema,
});
export type CatalogModel = Static<typeof CatalogModelSchema>;

/** A stock vehicle as a salesperson sees it: no purchase cost, no floor price. */
export const ResourceSchema = Type.Object({
  id: Id(),
  vin: VinSchema,
  modelId: Id(),
  modelName: Type.String(),
  exteriorColor: Type.String({ maxLength: 40 }),
  interiorColor: Type.String({ maxLength: 40 }),
  productionDate: DateOnly(),
  arrivalDate: Nullable(DateOnly()),
  stockDays: Nullable(Type.Integer({ minimum: 0 })),
  storeId: Nullable(Id()),
  guidePrice: MoneySchema,
  photos: Type.Array(Type.String(), { maxItems: 8 }),
  remark: Type.String({ maxLength: 500 }),
  status: ResourceStatusSchema,
  reservedUntil: Nullable(DateTime()),
  ownerUser: Nullable(Id()),
  createTime: DateTime(),
});
export type Resource = Static<typeof ResourceSchema>;

/** What resource staff and administrators see in addition. */
export const ResourceCostSchema = Type.Object({ purchaseCost: MoneySchema, floorPrice: MoneySchema });
export const ResourceFullSchema = Type.Intersect([ResourceSchema, ResourceCostSchema]);
export type ResourceFull = Static<typeof ResourceFullSchema>;

export const InquirySchema = Type.Object({
  id: Id(),
  customerId: Id(),
  customerName: Type.String({ maxLength: 40 }),
  customerPhone: Type.String({ pattern: '^1\\d{10}$' }),
  modelId: Nullable(Id()),
  modelText: Type.String({ maxLength: 100 }),
  cityCode: Type.String({ maxLength: 12 }),
  budget: Nullable(MoneySchema),
  purchasePlan: PurchasePlanSchema,
  expectedPurchaseDate: Nullable(DateOnly()),
  channel: ChannelSchema,
  status: InquiryStatusSchema,
  closeReason: Type.String({ maxLength: 200 }),
  ownerUser: Nullable(Id()),
  ownerDept: Nullable(Id()),
  assignedAt: Nullable(DateTime()),
  firstResponseAt: Nullable(DateTime()),
  nextFollowTime: Nullable(DateTime()),
  createTime: DateTime(),
});
export type Inquiry = Static<typeof InquirySchema>;

export const FollowUpSchema = Type.Object({
  id: Id(),
  inquiryId: Id(),
  followTime: DateTime(),
  method: FollowMethodSchema,
  content: Type.String({ minLength: 1, maxLength: 500 }),
  nextFollowTime: Nullable(DateTime()),
  createUser: Id(),
});
export type FollowUp = Static<typeof FollowUpSchema>;

export const UserInquirySchema = Type.Object({
  id: Id(),
  name: Type.String({ maxLength: 40 }),
  phone: Type.String({ pattern: '^1\\d{10}$' }),
  modelId: Nullable(Id()),
  modelText: Type.String({ maxLength: 100 }),
  cityCode: Type.String({ maxLength: 12 }),
  status: UserInquiryStatusSchema,
  claimedBy: Nullable(Id()),
  claimedAt: Nullable(DateTime()),
  inquiryId: Nullable(Id()),
  createTime: DateTime(),
});
export type UserInquiry = Static<typeof UserInquirySchema>;

export const AccessoryLineSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 60 }),
  amount: MoneyInputSchema,
});

export const FinanceInputSchema = Type.Object({
  downPaymentPercent: Type.String({ pattern: PERCENT_PATTERN }),
  termMonths: Type.Integer({ minimum: 1, maximum: MAX_TERM_MONTHS }),
  annualRatePercent: Type.String({ pattern: RATE_PATTERN }),
});

export const OfferSchema = Type.Object({
  id: Id(),
  inquiryId: Id(),
  version: Type.Integer({ minimum: 1 }),
  resourceId: Nullable(Id()),
  modelId: Id(),
  energyType: EnergyTypeSchema,
  vehiclePrice: MoneySchema,
  discount: MoneySchema,
  invoicePrice: MoneySchema,
  purchaseTax: MoneySchema,
  purchaseTaxRelief: MoneySchema,
  insurance: MoneySchema,
  registrationFee: MoneySchema,
  accessories: Type.Array(AccessoryLineSchema, { maxItems: 30 }),
  accessoriesTotal: MoneySchema,
  serviceFee: MoneySchema,
  tradeInCredit: MoneySchema,
  finance: Nullable(
    Type.Intersect([
      FinanceInputSchema,
      Type.Object({
        downPayment: MoneySchema,
        loanAmount: MoneySchema,
        monthlyPayment: MoneySchema,
        totalInterest: MoneySchema,
      }),
    ]),
  ),
  total: MoneySchema,
  status: OfferStatusSchema,
  validUntil: DateOnly(),
  approvalNeeded: Type.Boolean(),
  approvedBy: Nullable(Id()),
  approvedAt: Nullable(DateTime()),
  approvalRemark: Type.String({ maxLength: 200 }),
  ownerUser: Id(),
  createTime: DateTime(),
});
export type Offer = Static<typeof OfferSchema>;
