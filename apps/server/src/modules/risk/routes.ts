import { Type } from 'typebox';
import { RiskDiary, SensitiveWord, type Page } from '@forecourt/contracts';
import { requireCode, scopeOf } from '../../platform/auth/guard.js';
import type { App } from '../../platform/context.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { t as tr, type Lang } from '../../platform/i18n.js';
import { listQuerySchema } from '../../platform/paging.js';
import { splitIds } from '../../platform/rows.js';
import { sql, type SqlBool } from '../../platform/sql/index.js';
import {
  CATEGORIES,
  MAX_IMPORT,
  MAX_WORD_LENGTH,
  diary,
  importWords,
  removeWords,
  submitWord,
  words,
} from './rules.js';
import { wordFilterOf } from './words.js';
import { Id, IdList } from '../../platform/schema.js';

const id = Id();
const category = Type.Union(CATEGORIES.map((c) => Type.Literal(c)));

const withCategoryName = (lang: Lang) => (r: Record<string, unknown>) => ({
  ...r,
  categoryName: tr(lang, `risk.category.${String(r.category)}`),
});

export async function riskRoutes(app: App) {
  const { db, bus } = app.ctx;
  const base = '/api/blade-system/sensitive-word';
  const tags = ['sensitive-word'];

  app.get(
    `${base}/list`,
    {
      config: { permission: 'code:text_filter' },
      schema: {
        tags,
        summary: 'A page of sensitive words, filtered by word (contains), category and status',
        querystring: listQuerySchema(words.def.filters!),
        response: { 200: envelope(pageSchema(SensitiveWord)) },
      },
    },
    async (req) => {
      const page = await words.page(db, scopeOf(req), req.query);
      return ok({ ...page, records: page.records.map(withCategoryName(req.lang)) as SensitiveWord[] });
    },
  );

  app.get(
    `${base}/detail`,
    {
      config: { permission: 'code:text_filter' },
      schema: {
        tags,
        summary: 'One sensitive word',
        querystring: Type.Object({ id }),
        response: { 200: envelope(SensitiveWord) },
      },
    },
    async (req) =>
      ok(withCategoryName(req.lang)(await words.detail(db, scopeOf(req), req.query.id)) as SensitiveWord),
  );

  app.get(
    `${base}/categories`,
    {
      config: { permission: 'code:text_filter' },
      schema: {
        tags,
        summary: "The categories a word may have, with names in the caller's language",
        response: {
          200: envelope(Type.Array(Type.Object({ value: Type.String(), label: Type.String() }))),
        },
      },
    },
    async (req) => ok(CATEGORIES.map((c) => ({ value: c, label: tr(req.lang, `risk.category.${c}`) }))),
  );

  app.post(
    `${base}/submit`,
    {
      config: { permission: 'code:text_filter_add' },
      schema: {
        tags,
        summary: 'Adds (no id) or changes a word; a word already in the list (ignoring case) is refused',
        body: Type.Object({
          id: Type.Optional(id),
          word: Type.String({ minLength: 1, maxLength: MAX_WORD_LENGTH }),
          category: Type.Optional(category),
          status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
          remark: Type.Optional(Type.String({ maxLength: 255 })),
        }),
        response: { 200: envelope(Type.String()) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      if (req.body.id) await requireCode(scope, 'text_filter_edit', app.ctx.permissions);
      return ok(await submitWord(db, bus, scope, req.body));
    },
  );

  app.post(
    `${base}/remove`,
    {
      config: { permission: 'code:text_filter_delete' },
      schema: {
        tags,
        summary: 'Removes words; every node stops masking them at once',
        querystring: Type.Object({ ids: IdList() }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => ok(await removeWords(db, bus, scopeOf(req), splitIds(req.query.ids))),
  );

  app.post(
    `${base}/import`,
    {
      config: { permission: 'code:text_filter_add' },
      schema: {
        tags,
        summary: `Adds many words (separated by line breaks, commas or semicolons; at most ${MAX_IMPORT}); duplicates are skipped and counted`,
        body: Type.Object({
          words: Type.String({ minLength: 1, maxLength: 200_000 }),
          category: Type.Optional(category),
        }),
        response: {
          200: envelope(
            Type.Object({
              added: Type.Integer(),
              skipped: Type.Integer(),
              invalid: Type.Array(Type.String()),
            }),
          ),
        },
      },
    },
    async (req) => ok(await importWords(db, bus, scopeOf(req), req.body.words, req.body.category)),
  );

  app.post(
    `${base}/test`,
    {
      config: { permission: 'code:text_filter' },
      schema: {
        tags,
        summary: "Runs a text through the tenant's filter: the masked text and every hit",
        body: Type.Object({ text: Type.String({ minLength: 1, maxLength: 10_000 }) }),
        response: {
          200: envelope(
            Type.Object({
              masked: Type.String(),
              words: Type.Array(Type.String()),
              hits: Type.Array(
                Type.Object({ word: Type.String(), start: Type.Integer(), end: Type.Integer() }),
              ),
            }),
          ),
        },
      },
    },
    async (req) => {
      const filter = await wordFilterOf(db, scopeOf(req).tenantId);
      const hits = filter.find(req.body.text);
      return ok({
        masked: filter.mask(req.body.text),
        words: [...new Set(hits.map((h) => h.word))],
        hits,
      });
    },
  );

  const diaryBase = '/api/blade-system/risk-diary';
  app.get(
    `${diaryBase}/list`,
    {
      config: { permission: 'code:risk_diary' },
      schema: {
        tags: ['risk-diary'],
        summary:
          'A page of masked messages, newest first; filter by source, account, content, a word hit and time (createTime_ge / createTime_le)',
        querystring: listQuerySchema(diary.def.filters!, {
          word: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_WORD_LENGTH })),
        }),
        response: { 200: envelope(pageSchema(RiskDiary)) },
      },
    },
    async (req) => {
      const { word } = req.query;
      return ok(
        (await diary.page(db, scopeOf(req), req.query, (q) =>
          word ? q.where(sql<SqlBool>`${word} = ANY(${sql.ref('t.hits')})`) : q,
        )) as Page<RiskDiary>,
      );
    },
  );

  app.get(
    `${diaryBase}/detail`,
    {
      config: { permission: 'code:risk_diary' },
      schema: {
        tags: ['risk-diary'],
        summary: 'One masked message: what was written, what was delivered, the words hit',
        querystring: Type.Object({ id }),
        response: { 200: envelope(RiskDiary) },
      },
    },
    async (req) => ok((await diary.detail(db, scopeOf(req), req.query.id)) as RiskDiary),
  );
}
