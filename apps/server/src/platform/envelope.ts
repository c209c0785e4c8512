import { Type, type TSchema } from 'typebox';

/** The BladeX answer: { code, success, data, msg }. msg is filled in the caller's language on the way out. */
export interface R<T> {
  code: number;
  success: boolean;
  data: T;
  msg?: string;
}

export const ok = <T>(data: T, msg?: string): R<T> => ({ code: 200, success: true, data, msg });

/** Response schema of an envelope around `data` (for OpenAPI and fast serialisation). */
export const envelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), success: Type.Boolean(), data, msg: Type.Optional(Type.String()) });

/** Page shape of every list. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export const pageSchema = <T extends TSchema>(record: T) =>
  Type.Object({
    records: Type.Array(record),
    total: Type.Integer(),
    size: Type.Integer(),
    current: Type.Integer(),
    pages: Type.Integer(),
  });
