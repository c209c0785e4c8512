import { Type, type Static, type TSchema, type TStringOptions } from 'typebox';

/**
 * What every domain shares on the wire: ids, the BladeX envelope, pages and tree nodes. Schemas are
 * TypeBox values, so the server validates and serialises with them and both sides take `Static<>` types.
 */

export const BIGINT_MAX = '9223372036854775807';

/**
 * A regular expression source for the decimal numbers 0..max (no sign, no leading zero). A pattern, not a
 * custom format, so the same check works in Ajv, TypeBox's compiler, the OpenAPI document and the web.
 */
export function decimalUpTo(max: string): string {
  const n = max.length;
  const alts = ['0'];
  if (n > 1) alts.push(n > 2 ? `[1-9]\\d{0,${n - 2}}` : '[1-9]');
  for (let i = 0; i < n; i++) {
    const low = i === 0 ? 1 : 0;
    const d = Number(max[i]);
    if (d > low) alts.push(`${max.slice(0, i)}[${low}-${d - 1}]${n - i - 1 ? `\\d{${n - i - 1}}` : ''}`);
  }
  alts.push(max);
  return `(?:${alts.join('|')})`;
}

const ID = decimalUpTo(BIGINT_MAX);
export const ID_PATTERN = `^${ID}$`;
export const ID_LIST_PATTERN = `^${ID}(?:,${ID})*$`;

/** A row id (snowflake): digits only and within PostgreSQL's bigint, so a bad one is a 400, not a 500. */
export const Id = (opts: TStringOptions = {}) => Type.String({ pattern: ID_PATTERN, ...opts });

/** A comma-separated list of ids, as BladeX sends them (`ids=1,2,3`). */
export const IdList = (opts: TStringOptions = {}) =>
  Type.String({ pattern: ID_LIST_PATTERN, minLength: 1, maxLength: 4000, ...opts });

/** The one test of a single id outside a schema (filters, ids inside lists of other shapes). */
export const isId = (s: string) => new RegExp(ID_PATTERN).test(s);

/** An id in an answer: ids are snowflakes beyond 2^53, so they travel as strings. */
export const IdOut = () => Type.String();

/** A value the database may leave empty. */
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** A time in an answer: 'yyyy-MM-dd HH:mm:ss'. */
export const Time = () => Type.String();

/** The BladeX answer every API call (but the token endpoint) returns; msg is filled in the caller's language. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), success: Type.Boolean(), data, msg: Type.Optional(Type.String()) });

export interface R<T> {
  code: number;
  success: boolean;
  data: T;
  msg?: string;
}

/** The page shape of every list. */
export const PageOf = <T extends TSchema>(record: T) =>
  Type.Object({
    records: Type.Array(record),
    total: Type.Integer(),
    size: Type.Integer(),
    current: Type.Integer(),
    pages: Type.Integer(),
    estimated: Type.Optional(Type.Boolean({ description: "total is the planner's estimate (a large list)" })),
    next: Type.Optional(Type.String({ description: 'cursor of the page after this one' })),
    prev: Type.Optional(Type.String({ description: 'cursor of the page before this one' })),
  });

/**
 * A page as BladeX shapes it. Large lists add: `estimated` (total is about, not exact) and the cursors of
 * the neighbouring pages, which the next request passes as `cursor` to read them by keyset, not OFFSET.
 */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  estimated?: boolean;
  next?: string;
  prev?: string;
}

/** Paging and sorting of every list (`current`, `size`, `ascs`/`descs` as comma lists of field names). */
export const PageQueryProps = {
  current: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  ascs: Type.Optional(Type.String({ maxLength: 200 })),
  descs: Type.Optional(Type.String({ maxLength: 200 })),
  /** `next`/`prev` of the page at hand, or `last`: the neighbouring page by keyset (any depth, same cost). */
  cursor: Type.Optional(Type.String({ maxLength: 2000 })),
};
export const PageQuery = Type.Object(PageQueryProps);
export type PageQuery = Static<typeof PageQuery>;

/** `?id=` of every detail answer. */
export const IdQuery = Type.Object({ id: Id() });
/** `?ids=1,2,3` of every removal. */
export const IdsQuery = Type.Object({ ids: IdList() });

/** Ok answers whose data says nothing more than that it worked. */
export const Done = Envelope(Type.Boolean());

/**
 * A tree node of select trees: key = value = id; leaves have no children. Each tree names its node
 * ($id), since fastify's serialiser resolves the self-reference by that name.
 */
export const treeOf = <P extends Record<string, TSchema>>(name: string, props: P) =>
  Type.Cyclic(
    {
      [name]: Type.Object({
        ...props,
        hasChildren: Type.Optional(Type.Boolean()),
        children: Type.Optional(Type.Array(Type.Ref(name))),
      }),
    },
    name,
  );

/** The node of the select trees (departments, roles, dictionaries, zones). */
export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren?: boolean;
  children?: TreeNode[];
}

/** Headers of the BladeX convention. */
export const TOKEN_HEADER = 'Blade-Auth';
export const DEFAULT_TENANT = '000000';
