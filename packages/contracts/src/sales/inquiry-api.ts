/**
 * Requests and answers of the inquiry and user-inquiry routes (`/api/blade-sales/inquiry/*`,
 * `/api/blade-sales/user-inquiry/*`, the customers' form `/api/blade-member/h5/inquiry`).
 */
import { Type, type Static } from 'typebox';
import {
  ChannelSchema,
  MoneyInputSchema,
  FollowMethodSchema,
  InquirySchema,
  PurchasePlanSchema,
  UserInquirySchema,
} from './schemas.js';

const Id = () => Type.String({ pattern: '^[1-9]\\d{0,18}$' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const DateOnly = () => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
/** "yyyy-MM-dd HH:mm:ss" as the console sends times (seconds optional). */
const DateTimeInput = () => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2})?$' });
const DateTime = () => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' });

/** Spec §5: 11 digits starting with 1. */
export const MOBILE_PATTERN = '^1\\d{10}$';
/** A region code of the cascader (province, city or district). */
export const CITY_CODE_PATTERN = '^\\d{2,12}$';

const Name = () => Type.String({ minLength: 1, maxLength: 40 });
const Phone = () => Type.String({ pattern: MOBILE_PATTERN, maxLength: 11 });
const CityCode = () => Type.String({ pattern: CITY_CODE_PATTERN, maxLength: 12 });
const Reason = () => Type.String({ minLength: 1, maxLength: 200 });

export const InquirySubmitSchema = Type.Object({
  id: Type.Optional(Id()),
  customerName: Name(),
  customerPhone: Phone(),
  modelId: Type.Optional(Nullable(Id())),
  modelText: Type.Optional(Type.String({ maxLength: 100 })),
  cityCode: CityCode(),
  budget: Type.Optional(Nullable(MoneyInputSchema)),
  purchasePlan: Type.Optional(PurchasePlanSchema),
  expectedPurchaseDate: Type.Optional(Nullable(DateOnly())),
  channel: ChannelSchema,
  /** The salesperson it goes to (assigned at once); without one a new inquiry waits for assignment. */
  ownerUser: Type.Optional(Nullable(Id())),
});
export type InquirySubmit = Static<typeof InquirySubmitSchema>;

/** Without userId: the next online-sales colleague in turn (round-robin). */
export const InquiryAssignSchema = Type.Object({ id: Id(), userId: Type.Optional(Id()) });
export const InquiryTransferSchema = Type.Object({ id: Id(), userId: Id(), reason: Reason() });
export const InquiryFollowSchema = Type.Object({
  id: Id(),
  followTime: Type.Optional(DateTimeInput()),
  method: FollowMethodSchema,
  content: Type.String({ minLength: 1, maxLength: 500 }),
  nextFollowTime: Type.Optional(Nullable(DateTimeInput())),
});
export const InquiryCloseSchema = Type.Object({
  id: Id(),
  status: Type.Union([Type.Literal('won'), Type.Literal('lost'), Type.Literal('invalid')]),
  reason: Type.Optional(Type.String({ maxLength: 200 })),
});

/** A row of the inquiry list: the inquiry, the names the list shows, and the first-response flag. */
export const InquiryRowSchema = Type.Intersect([
  InquirySchema,
  Type.Object({
    modelName: Type.String(),
    /** The city's name from the region table (the code when the region is unknown). */
    cityName: Type.String(),
    ownerName: Nullable(Type.String()),
    customerChatId: Type.String(),
    /** Nobody answered it within the first-response limit (parameter, default 30 minutes). */
    overdue: Type.Boolean(),
  }),
]);
export type InquiryRow = Static<typeof InquiryRowSchema>;

export const InquiryHistorySchema = Type.Object({
  id: Id(),
  action: Type.Union(['create', 'assign', 'transfer', 'status', 'claim'].map((a) => Type.Literal(a))),
  fromStatus: Nullable(Type.String()),
  toStatus: Nullable(Type.String()),
  fromUser: Nullable(Id()),
  fromUserName: Nullable(Type.String()),
  toUser: Nullable(Id()),
  toUserName: Nullable(Type.String()),
  reason: Type.String(),
  createUser: Nullable(Id()),
  createTime: DateTime(),
});
export type InquiryHistory = Static<typeof InquiryHistorySchema>;

export const InquiryFollowRowSchema = Type.Object({
  id: Id(),
  inquiryId: Id(),
  followTime: DateTime(),
  method: FollowMethodSchema,
  content: Type.String(),
  nextFollowTime: Nullable(DateTime()),
  createUser: Nullable(Id()),
  createUserName: Nullable(Type.String()),
});
export type InquiryFollowRow = Static<typeof InquiryFollowRowSchema>;

export const InquiryDetailSchema = Type.Intersect([
  InquiryRowSchema,
  Type.Object({
    follows: Type.Array(InquiryFollowRowSchema),
    history: Type.Array(InquiryHistorySchema),
  }),
]);
export type InquiryDetail = Static<typeof InquiryDetailSchema>;

export const UserInquiryRowSchema = Type.Intersect([
  UserInquirySchema,
  Type.Object({ modelName: Type.String(), cityName: Type.String(), claimedByName: Nullable(Type.String()) }),
]);
export type UserInquiryRow = Static<typeof UserInquiryRowSchema>;

/** The customers' own form on the mobile page: the phone is proven by the SMS code of /h5/sms-code. */
export const H5InquirySchema = Type.Object({
  tenantId: Type.Optional(Type.String({ pattern: '^\\d{1,12}$' })),
  name: Name(),
  phone: Phone(),
  code: Type.String({ minLength: 1, maxLength: 10 }),
  modelId: Type.Optional(Nullable(Id())),
  modelText: Type.Optional(Type.String({ maxLength: 100 })),
  cityCode: CityCode(),
});
export type H5Inquiry = Static<typeof H5InquirySchema>;
