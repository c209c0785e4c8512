/**
 * Requests and answers of `/api/blade-sales/offer/*` (issue 24, offers). An offer's lines are computed by
 * `calculateOffer` (pricing.ts): the web shows them live, the server recomputes them and stores its own.
 * No answer here has a floor price or a purchase cost: whoever asks, those stay on the server.
 */
import { Type, type Static } from 'typebox';
import {
  AccessoryLineSchema,
  EnergyTypeSchema,
  FinanceInputSchema,
  MoneyInputSchema,
  MoneySchema,
  OfferStatusSchema,
} from './schemas.js';
import type { EnergyType } from './enums.js';
import type { OfferStatus } from './status.js';

/** The schemas' unions of mapped literals type as nothing useful: state the value types here. */
const OfferStatusT = Type.Unsafe<OfferStatus>(OfferStatusSchema);
const EnergyTypeT = Type.Unsafe<EnergyType>(EnergyTypeSchema);

const Id = () => Type.String({ pattern: '^[1-9]\\d{0,18}$' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const DateOnly = () => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const DateTime = () => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' });

/**
 * A new version (no id: version = the inquiry's last + 1, so a revision is a new row and the old one stays
 * readable), or a change of a draft (id). The vehicle is a stock vehicle (resourceId: its model, and its
 * floor price for the approval check) or a catalogue model (modelId).
 */
export const OfferSubmitBody = Type.Object({
  id: Type.Optional(Id()),
  inquiryId: Id(),
  resourceId: Type.Optional(Nullable(Id())),
  modelId: Type.Optional(Nullable(Id())),
  vehiclePrice: MoneyInputSchema,
  discount: MoneyInputSchema,
  insurance: MoneyInputSchema,
  registrationFee: MoneyInputSchema,
  accessories: Type.Array(AccessoryLineSchema, { maxItems: 30 }),
  serviceFee: MoneyInputSchema,
  tradeInCredit: MoneyInputSchema,
  finance: Type.Optional(Nullable(FinanceInputSchema)),
  validUntil: DateOnly(),
});
export type OfferSubmitBody = Static<typeof OfferSubmitBody>;

export const OfferFinanceView = Type.Object({
  downPaymentPercent: Type.String(),
  termMonths: Type.Integer(),
  annualRatePercent: Type.String(),
  downPayment: MoneySchema,
  loanAmount: MoneySchema,
  monthlyPayment: MoneySchema,
  lastPayment: MoneySchema,
  totalRepayment: MoneySchema,
  totalInterest: MoneySchema,
});
export type OfferFinanceView = Static<typeof OfferFinanceView>;

/** One offer version as lists, details, the PDF and the chat card show it. */
export const OfferView = Type.Object({
  id: Id(),
  inquiryId: Id(),
  version: Type.Integer({ minimum: 1 }),
  /** Versions of the inquiry's offer (the list shows the latest of each inquiry). */
  versionCount: Type.Integer({ minimum: 1 }),
  customerId: Nullable(Id()),
  customerName: Type.String(),
  customerPhone: Type.String(),
  resourceId: Nullable(Id()),
  vin: Nullable(Type.String()),
  modelId: Id(),
  modelName: Type.String(),
  energyType: EnergyTypeT,
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
  finance: Nullable(OfferFinanceView),
  total: MoneySchema,
  dueAtSigning: MoneySchema,
  status: OfferStatusT,
  validUntil: DateOnly(),
  approvalNeeded: Type.Boolean(),
  approvedBy: Nullable(Id()),
  approvedByName: Nullable(Type.String()),
  approvedAt: Nullable(DateTime()),
  approvalRemark: Type.String(),
  sentAt: Nullable(DateTime()),
  closedAt: Nullable(DateTime()),
  ownerUser: Id(),
  ownerName: Type.String(),
  createTime: DateTime(),
});
export type OfferView = Static<typeof OfferView>;

export const OfferVersion = Type.Object({
  id: Id(),
  version: Type.Integer({ minimum: 1 }),
  status: OfferStatusT,
  total: MoneySchema,
  createTime: DateTime(),
});
export type OfferVersion = Static<typeof OfferVersion>;

/** A version and every version of the same inquiry's offer, oldest first. */
export const OfferDetail = Type.Intersect([OfferView, Type.Object({ versions: Type.Array(OfferVersion) })]);
export type OfferDetail = Static<typeof OfferDetail>;

export const OfferIdBody = Type.Object({ id: Id() });
export const OfferDecisionBody = Type.Object({
  id: Id(),
  remark: Type.Optional(Type.String({ maxLength: 200 })),
});

/** What `offer/send` writes into the chat: a custom message whose data is this JSON (`businessID`). */
export const OFFER_CARD_BUSINESS_ID = 'forecourt.offer';
export interface OfferCard {
  businessID: typeof OFFER_CARD_BUSINESS_ID;
  offerId: string;
  version: number;
  modelName: string;
  vin: string | null;
  invoicePrice: string;
  total: string;
  dueAtSigning: string;
  monthlyPayment: string | null;
  termMonths: number | null;
  validUntil: string;
}

/** The card in a custom message's data, or null when the data is anything else. */
export function parseOfferCard(data: string): OfferCard | null {
  try {
    const v = JSON.parse(data) as Partial<OfferCard> | null;
    return v && v.businessID === OFFER_CARD_BUSINESS_ID && typeof v.offerId === 'string'
      ? (v as OfferCard)
      : null;
  } catch {
    return null;
  }
}
