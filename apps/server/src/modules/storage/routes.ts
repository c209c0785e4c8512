import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import { Attach, type Page, Uploaded } from '@forecourt/contracts';
import type { App } from '../../platform/context.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { bad, notFound } from '../../platform/errors.js';
import { scopeOf } from '../../platform/auth/guard.js';
import { Repo } from '../../platform/crud.js';
import { first, scoped } from '../../platform/sql/index.js';
import { listQuerySchema } from '../../platform/paging.js';
import { splitIds } from '../../platform/rows.js';
import { openStorage } from './drivers.js';
import {
  KEY_PATTERN,
  POLICIES,
  POLICY_NAMES,
  contentTypeOf,
  extOf,
  isImageExt,
  type PolicyName,
} from './policy.js';
import { signUploadToken, verifyUploadToken } from './token.js';
import { storeUpload } from './upload.js';
import { Id, IdList } from '../../platform/schema.js';

const attachments = new Repo({
  table: 'blade_attach',
  softDelete: true,
  audit: true,
  fields: [
    'id',
    'tenantId',
    'link',
    'name',
    'originalName',
    'extension',
    'attachSize',
    'contentType',
    'createTime',
  ],
  filters: {
    originalName: { column: 'originalName', type: 'text' },
    extension: { column: 'extension', type: 'exact' },
  },
  sortable: ['createTime', 'attachSize', 'originalName'],
  defaultOrder: 't.create_time DESC, t.id DESC',
});

const MAX_UPLOAD = Math.max(...Object.values(POLICIES).map((p) => p.maxBytes));

export async function storageRoutes(app: App) {
  const { db, config } = app.ctx;
  const driver = openStorage(config);
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD + 1, files: 1, fields: 10, fieldSize: 8192 },
  });

  app.get(
    '/api/blade-resource/oss/token',
    {
      config: { permission: 'login' },
      schema: {
        tags: ['storage'],
        summary:
          'An upload token for one key (a timestamp plus extension), valid 10 minutes, bound to the size and type limits of its policy',
        querystring: Type.Object({
          bucket_name: Type.Optional(Type.String({ maxLength: 63 })),
          key: Type.String({ maxLength: 120 }),
          type: Type.Optional(Type.String({ maxLength: 20 })),
        }),
        response: { 200: envelope(Type.String()) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      const { key } = req.query;
      if (!KEY_PATTERN.test(key)) throw bad('storage.badKey', { key });
      const ext = extOf(key);
      const policy = (req.query.type ?? (isImageExt(ext) ? 'image' : 'attachment')) as PolicyName;
      if (!POLICY_NAMES.includes(policy)) throw bad('storage.badType', { type: req.query.type });
      const exts = POLICIES[policy].exts as string[] | null;
      if (exts && !exts.includes(ext)) throw bad('storage.extNotAllowed', { ext });
      // Early word for the client; the upload itself decides (blade_attach_upload's unique name).
      const taken = scoped({ tenantId: scope.tenantId, isPlatformAdmin: false })
        .selectFrom('blade_attach_upload')
        .select('jti')
        .where('name', '=', `${scope.tenantId}/${key}`);
      if (await first(db, taken)) throw bad('storage.keyExists', { key });
      return ok(
        await signUploadToken(db, {
          tid: scope.tenantId,
          uid: scope.userId,
          bucket: req.query.bucket_name || 'forecourt',
          key,
          policy,
        }),
      );
    },
  );

  app.post(
    '/api/blade-resource/oss/upload',
    {
      // The upload token is the credential: it names the tenant, the user, the key and the limits.
      config: { permission: 'public' },
      schema: {
        tags: ['storage'],
        summary: 'Multipart form (token, key, file) → the stored key and its public URL',
        response: { 200: envelope(Uploaded) },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw bad('storage.noFile');
      const fields: Record<string, string> = {};
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        if (!fields.token) {
          part.file.resume();
          throw bad('storage.tokenInvalid');
        }
        const grant = await verifyUploadToken(db, fields.token);
        const key = fields.key ?? grant.key;
        if (key !== grant.key) {
          part.file.resume();
          throw bad('storage.tokenKey', { key });
        }
        const result = await storeUpload({ db, driver, cdnBase: config.CDN_BASE }, grant, {
          stream: part.file,
          filename: part.filename,
        });
        return ok(result);
      }
      throw bad('storage.noFile');
    },
  );

  app.get(
    '/files/*',
    {
      config: { permission: 'public', client: false },
      schema: {
        tags: ['storage'],
        summary: 'A stored file; images inline, other types as a download',
        params: Type.Object({ '*': Type.String({ maxLength: 300 }) }),
      },
    },
    async (req, reply) => {
      const key = req.params['*'];
      if (!/^\d{6}\/[A-Za-z0-9_-]{1,100}\.[A-Za-z0-9]{1,10}$/.test(key)) throw notFound('storage.notFound');
      const found = await driver.get(key);
      if (!found) throw notFound('storage.notFound');
      const ext = extOf(key);
      reply.header('content-type', contentTypeOf(ext));
      reply.header('x-content-type-options', 'nosniff');
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      if (found.size !== undefined) reply.header('content-length', found.size);
      if (!isImageExt(ext)) {
        // The key starts with its tenant; a removed attachment's file keeps its name.
        const row = await first(
          db,
          scoped({ tenantId: key.slice(0, 6), isPlatformAdmin: false })
            .selectFrom('blade_attach', 'a', { withDeleted: true })
            .select('a.originalName')
            .where('a.name', '=', key),
        );
        const name = row?.originalName ?? key.split('/').pop()!;
        reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
      }
      return reply.send(found.body);
    },
  );

  app.get(
    '/api/blade-resource/attach/list',
    {
      config: { permission: 'code:attach' },
      schema: {
        tags: ['storage'],
        summary: "The tenant's attachments",
        querystring: listQuerySchema(attachments.def.filters!),
        response: { 200: envelope(pageSchema(Attach)) },
      },
    },
    async (req) => ok((await attachments.page(db, scopeOf(req), req.query)) as Page<Attach>),
  );

  app.get(
    '/api/blade-resource/attach/detail',
    {
      config: { permission: 'code:attach' },
      schema: {
        tags: ['storage'],
        summary: 'One attachment',
        querystring: Type.Object({ id: Id() }),
        response: { 200: envelope(Attach) },
      },
    },
    async (req) => ok((await attachments.detail(db, scopeOf(req), req.query.id)) as Attach),
  );

  app.post(
    '/api/blade-resource/attach/remove',
    {
      config: { permission: 'code:attach_delete' },
      schema: {
        tags: ['storage'],
        summary: 'Removes attachments (the records; stored bytes stay for links already handed out)',
        querystring: Type.Object({ ids: IdList() }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => ok(await attachments.remove(db, scopeOf(req), splitIds(req.query.ids))),
  );
}
