import { Type, type Static } from 'typebox';

/** An uploaded file as the attachment page lists it. */
export const Attach = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  link: Type.String(),
  name: Type.String(),
  originalName: Type.String(),
  extension: Type.String(),
  /** Bytes; a bigint column, so a string. */
  attachSize: Type.Union([Type.String(), Type.Integer()]),
  contentType: Type.String(),
  createTime: Type.String(),
});
export type Attach = Static<typeof Attach>;

/** The answer of an upload: the stored key and its public URL. */
export const Uploaded = Type.Object({
  key: Type.String(),
  url: Type.String(),
  fileName: Type.String(),
  filePath: Type.String(),
  fileType: Type.String(),
  size: Type.Integer(),
  attachId: Type.String(),
});
export type Uploaded = Static<typeof Uploaded>;
