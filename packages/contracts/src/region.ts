import { Type, type Static } from 'typebox';
import { Nullable, treeOf } from './common.js';

/** A region (GB/T 2260) as the lazy tree and the selects show it: id = key = value = code. */
export const RegionNode = Type.Object({
  id: Type.String(),
  key: Type.String(),
  value: Type.String(),
  title: Type.String(),
  code: Type.String(),
  name: Type.String(),
  parentCode: Type.String(),
  regionLevel: Type.Integer(),
  hasChildren: Type.Boolean(),
});
export type RegionNode = Static<typeof RegionNode>;

/** The region tree to a level, for cascaders. */
export const RegionCascade = Type.Cyclic(
  {
    RegionCascade: Type.Object({
      value: Type.String(),
      title: Type.String(),
      children: Type.Optional(Type.Array(Type.Ref('RegionCascade'))),
    }),
  },
  'RegionCascade',
);
export interface RegionCascade {
  value: string;
  title: string;
  children?: RegionCascade[];
}

/** A region as the region page edits it. */
export const Region = Type.Object({
  code: Type.String(),
  parentCode: Type.String(),
  ancestors: Type.String(),
  name: Type.String(),
  provinceCode: Nullable(Type.String()),
  provinceName: Nullable(Type.String()),
  cityCode: Nullable(Type.String()),
  cityName: Nullable(Type.String()),
  districtCode: Nullable(Type.String()),
  districtName: Nullable(Type.String()),
  regionLevel: Type.Integer(),
  sort: Type.Integer(),
  remark: Nullable(Type.String()),
});
export type Region = Static<typeof Region>;

const zoneFields = {
  id: Type.String(),
  tenantId: Type.String(),
  parentId: Type.String(),
  code: Type.String(),
  name: Type.String(),
  sort: Type.Integer(),
  remark: Nullable(Type.String()),
};
/** A sales zone of the lazy tree (its own columns and the tree fields, title "code name"). */
export const ZoneRow = Type.Object({
  ...zoneFields,
  hasChildren: Type.Boolean(),
  title: Type.String(),
  key: Type.String(),
  value: Type.String(),
});
export type ZoneRow = Static<typeof ZoneRow>;

/** A zone with the regions it covers. */
export const Zone = Type.Object({
  ...zoneFields,
  hasChildren: Type.Optional(Type.Boolean()),
  regionCodes: Type.Array(Type.String()),
});
export type Zone = Static<typeof Zone>;

/** A zone in the select tree. */
export const ZoneNode = treeOf('ZoneNode', {
  id: Type.String(),
  parentId: Type.String(),
  title: Type.String(),
  key: Type.String(),
  value: Type.String(),
  code: Type.String(),
  sort: Type.Integer(),
});
export type ZoneNode = Static<typeof ZoneNode>;

/** A region as the zone editor picks it: whether another zone has it, whether this one does. */
export const ZoneRegion = Type.Object({
  code: Type.String(),
  name: Type.String(),
  regionLevel: Type.Integer(),
  hasChildren: Type.Boolean(),
  zoneName: Nullable(Type.String()),
  taken: Type.Boolean(),
  selected: Nullable(Type.Boolean()),
});
export type ZoneRegion = Static<typeof ZoneRegion>;

/** The answer of a region's submit: its code. */
export const RegionSaved = Type.Object({ code: Type.String() });
