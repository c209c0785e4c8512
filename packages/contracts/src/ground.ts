import { Type, type Static } from 'typebox';
import { Id, Nullable } from './common.js';

/** `status` of a ground store: open for business, or closed (kept for its history, hidden from pickers). */
export const GROUND_OPEN = 1;
export const GROUND_CLOSED = 0;

/** A store code: letters, digits, dash and underscore (it prints on documents and signs). */
export const GROUND_CODE_PATTERN = '^[A-Za-z0-9_-]{1,32}$';
/** A phone number as a store gives it: digits with +, -, spaces and brackets. */
export const GROUND_PHONE_PATTERN = '^[0-9+()\\- ]{5,20}$';

/** One of the tenant's ground stores (showrooms): where it is on the map, its zone, who runs it. */
export const Ground = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  name: Type.String(),
  code: Type.String(),
  zoneId: Nullable(Type.String()),
  zoneName: Nullable(Type.String()),
  /** Zone ids from the top down to the store's zone (the zone cascader's value); detail only. */
  zonePath: Type.Optional(Type.Array(Type.String())),
  address: Type.String(),
  longitude: Type.Number(),
  latitude: Type.Number(),
  areaCode: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  managerUser: Nullable(Type.String()),
  managerName: Nullable(Type.String()),
  businessHours: Nullable(Type.String()),
  status: Type.Integer(),
  sort: Type.Integer(),
  remark: Nullable(Type.String()),
  createTime: Type.String(),
  updateTime: Type.String(),
});
export type Ground = Static<typeof Ground>;

export const GroundSubmit = Type.Object({
  id: Type.Optional(Id()),
  name: Type.String({ minLength: 1, maxLength: 64 }),
  code: Type.String({ pattern: GROUND_CODE_PATTERN }),
  zoneId: Type.Optional(Nullable(Id())),
  address: Type.String({ minLength: 1, maxLength: 255 }),
  // Required: a store is where it stands on the map (the picker's "please select on the map").
  longitude: Type.Number({ minimum: -180, maximum: 180 }),
  latitude: Type.Number({ minimum: -90, maximum: 90 }),
  areaCode: Type.Optional(Nullable(Type.String({ pattern: '^[0-9]{2,12}$' }))),
  phone: Type.Optional(Nullable(Type.String({ pattern: GROUND_PHONE_PATTERN }))),
  managerUser: Type.Optional(Nullable(Id())),
  businessHours: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  status: Type.Optional(Type.Union([Type.Literal(GROUND_OPEN), Type.Literal(GROUND_CLOSED)])),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  remark: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
});
export type GroundSubmit = Static<typeof GroundSubmit>;
