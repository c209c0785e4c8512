import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, tokenFor, type TestApp } from './harness.js';

/**
 * Every route of the OpenAPI document gets malformed input as an administrator, as a staff member and
 * without a token, and must never answer 5xx nor show a stack or SQL. The route list comes from the
 * document, so a new route is fuzzed with no extra work.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}
interface OpenApiParam {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: JsonSchema;
}
interface OpenApiOp {
  parameters?: OpenApiParam[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Routes that are not JSON APIs, with the reason; everything else in the document is fuzzed. */
const SKIPPED: Record<string, string> = {
  'POST /api/blade-resource/oss/upload': 'multipart upload (token, key, file), not JSON',
};
const isSkipped = (key: string, op: OpenApiOp) =>
  key in SKIPPED || Object.keys(op.requestBody?.content ?? {}).some((c) => c.startsWith('multipart/'));

const HUGE = 'x'.repeat(20_000);
/** Typed as text, sent to every field: what the outside test found, and the usual suspects. */
const NASTY_TEXT = [
  '',
  ' ',
  'abc',
  '\u0000',
  'a\u0000b',
  HUGE,
  '-1',
  '0',
  '1.5',
  '1e21',
  'Infinity',
  'NaN',
  '99999999999999999999999',
  '9223372036854775808',
  '-9223372036854775809',
  '1,2,abc',
  ',,,',
  'true',
  'null',
  '__proto__',
  'constructor',
  'toString',
  '2026-13-45',
  '2026-02-30 25:61:61',
  '😀\u202e\ud800',
  "'; DROP TABLE blade_user; --",
  '%_\\',
  '../../etc/passwd',
];
/** Non-text values, for JSON bodies. */
const NASTY_JSON: unknown[] = [
  ...NASTY_TEXT,
  -1,
  0,
  1e21,
  -1e308,
  1.5,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  null,
  [],
  ['\u0000'],
  {},
  { a: { b: { c: [1, '\u0000'] } } },
];

/** Values that fit a declared schema now and then and break it the rest of the time. */
function arbFor(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const wild = fc.oneof(fc.constantFrom(...NASTY_JSON), fc.jsonValue({ maxDepth: 2 }));
  if (!s || depth > 3) return wild;
  const variants = s.anyOf ?? s.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => arbFor(v, depth + 1)), wild);
  if (s.enum?.length) return fc.oneof(fc.constantFrom(...s.enum), wild);
  if (s.const !== undefined) return fc.oneof(fc.constant(s.const), wild);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return fc.oneof(
        fc.string({ maxLength: Math.min(s.maxLength ?? 64, 64) }),
        fc.string({ unit: 'binary', maxLength: 16 }),
        fc.stringMatching(/^\d{1,25}$/),
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString().replace('T', ' ').slice(0, 19)),
        wild,
      );
    case 'integer':
    case 'number':
      return fc.oneof(
        fc.integer({ min: s.minimum ?? -1000, max: s.maximum ?? 1000 }),
        fc.double(),
        fc.bigInt().map(String),
        wild,
      );
    case 'boolean':
      return fc.oneof(fc.boolean(), wild);
    case 'array':
      return fc.oneof(fc.array(arbFor(s.items, depth + 1), { maxLength: 5 }), wild);
    case 'object':
      return fc.oneof(objectArb(s, depth + 1), wild);
    default:
      return wild;
  }
}

function objectArb(s: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const keys = Object.keys(props);
  if (!keys.length) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }));
  return fc.record(Object.fromEntries(keys.map((k) => [k, arbFor(props[k], depth)])), {
    requiredKeys: [],
  });
}

const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
/** A lone surrogate cannot be percent-encoded; it arrives as U+FFFD, as a browser would send it. */
const enc = (v: string) =>
  encodeURIComponent(
    v.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );

/** A stack frame, a file path or a database error reaching the caller. */
const LEAK =
  /\bat .+:\d+:\d+|node_modules|\.ts:\d+|\bSELECT\s.+\sFROM\b|\bINSERT INTO\b|\bUPDATE\s+\w+\s+SET\b|syntax error at|invalid input syntax|relation "|column "|violates|duplicate key|out of range for type|PostgresError|PGlite|error: /i;

interface Req {
  /** What is malformed, for grouping the failures. */
  field: string;
  method: string;
  url: string;
  payload?: string;
  headers?: Record<string, string>;
}

describe(`fuzz over the route table (${dbLabel})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  // What the outside security test sent (issue 21, item 8): each a 400 that names the field.
  it.each([
    ['/api/blade-member/customer/page?sex=abc', 'sex'],
    ['/api/blade-member/customer/page?userId=abc', 'userId'],
    ['/api/blade-member/customer/page?createTime_ge=2026-13-45', 'createTime_ge'],
    ['/api/blade-member/customer/page?createTime_le=yesterday', 'createTime_le'],
    ['/api/blade-member/customer/page?current=1e21', 'current'],
    ['/api/blade-member/customer/page?current=Infinity', 'current'],
    ['/api/blade-member/customer/page?size=99999999999999999999', 'size'],
    ['/api/blade-member/customer/page?ascs=__proto__', '__proto__'],
    ['/api/blade-member/customer/page?descs=constructor', 'constructor'],
    ['/api/blade-member/customer/detail?id=9223372036854775808', 'id'],
    ['/api/blade-basic/zone/lazy-tree?name=a%00b', 'name'],
    ['/api/blade-user/check-password?userId=abc', 'userId'],
  ])('GET %s → 400 naming %s', async (url, field) => {
    const res = await call(t, await tokenFor(t, 'admin'), { url, lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(field);
  });

  it.each([
    ['/api/blade-system/tenant/remove?ids=abc', undefined, 'ids'],
    ['/api/blade-system/tenant/remove?ids=1,2,99999999999999999999', undefined, 'ids'],
    [
      '/api/blade-system/param/submit',
      '{"paramName":"a\\u0000b","paramKey":"k","paramValue":"v"}',
      'paramName',
    ],
  ])('POST %s %s → 400 naming %s', async (url, payload, field) => {
    const res = await call(t, await tokenFor(t, 'admin'), {
      method: 'POST',
      url,
      ...(payload ? { payload, headers: { 'content-type': 'application/json' } } : {}),
      lang: 'en',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(field);
  });

  it('answers malformed input with 4xx, never 5xx, stack or SQL', { timeout: 600_000 }, async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, OpenApiOp>>;
    };
    const failures = new Map<string, string>();
    let routes = 0;
    let requests = 0;
    // Websockets are not in the document; listed here so the figures say what was left out.
    const skipped = [
      ...new Set(
        t.app.routeTable
          .filter((r) => r.websocket)
          .map((r) => `GET ${r.url}: websocket, not JSON over HTTP (chat op names: im-ops.test.ts)`),
      ),
    ];

    const send = async (who: string, token: string | undefined, r: Req) => {
      requests++;
      const res = await call(t, token, {
        method: r.method as 'GET',
        url: r.url,
        ...(r.payload !== undefined ? { payload: r.payload } : {}),
        headers: r.payload !== undefined ? { 'content-type': 'application/json', ...r.headers } : r.headers,
        lang: 'en',
      });
      const body = res.body;
      if (
        res.statusCode >= 500 ||
        (res.statusCode >= 400 && LEAK.test(body)) ||
        /\bat .+:\d+:\d+/.test(body)
      ) {
        const k = `${who} ${r.method} ${r.url.split('?')[0]} ${r.field}`;
        failures.set(
          k,
          failures.get(k) ??
            `${r.method} ${r.url.slice(0, 160)} ${r.payload?.slice(0, 160) ?? ''} → ${res.statusCode} ${body.slice(0, 160)}`,
        );
      }
    };

    const paths = Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b));
    for (const [path, ops] of paths) {
      for (const [method, op] of Object.entries(ops)) {
        const m = method.toUpperCase();
        if (m === 'HEAD' || !path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
        const key = `${m} ${path}`;
        if (isSkipped(key, op)) {
          skipped.push(`${key}: ${SKIPPED[key] ?? 'multipart, not JSON'}`);
          continue;
        }
        routes++;
        const params = op.parameters ?? [];
        const pathParams = params.filter((p) => p.in === 'path');
        const query = params.filter((p) => p.in === 'query');
        const bodySchema = op.requestBody?.content?.['application/json']?.schema;
        const hasBody = Boolean(op.requestBody) && m !== 'GET';
        const good = (name: string) => (name.toLowerCase().includes('id') ? '1' : 'a');
        const urlOf = (pv: Record<string, string>, qv: Record<string, unknown>) => {
          let u = path;
          for (const p of pathParams) u = u.replace(`{${p.name}}`, enc(pv[p.name] ?? good(p.name)) || '%20');
          const qs = Object.entries(qv)
            .flatMap(([k, v]) =>
              Array.isArray(v) ? v.map((x) => [k, asText(x)]) : v === undefined ? [] : [[k, asText(v)]],
            )
            .map(([k, v]) => `${enc(k!)}=${enc(v!)}`)
            .join('&');
          return qs ? `${u}?${qs}` : u;
        };
        const reqs: Req[] = [];
        // Every field gets every nasty value, the others left out (missing fields come along).
        for (const p of pathParams)
          for (const v of NASTY_TEXT.filter((x) => x !== HUGE))
            reqs.push({ field: p.name, method: m, url: urlOf({ [p.name]: v }, {}) });
        // A list route has a dozen filters with five suffixes each: each query field gets a third of the
        // list, a different third from its neighbour, which keeps a run near a minute.
        for (const [i, p] of query.entries())
          for (const v of NASTY_TEXT.filter((_, j) => (i + j) % 3 === 0))
            reqs.push({ field: p.name, method: m, url: urlOf({}, { [p.name]: v }) });
        if (hasBody) {
          for (const [i, k] of Object.keys(bodySchema?.properties ?? {}).entries())
            for (const v of NASTY_JSON.filter((_, j) => (i + j) % 2 === 0))
              reqs.push({ field: k, method: m, url: urlOf({}, {}), payload: asText({ [k]: v }) });
          for (const raw of [
            '',
            'null',
            '[]',
            '"text"',
            '123',
            '{"__proto__":{"isAdmin":true}}',
            '{"constructor":{"prototype":{"x":1}}}',
            '{',
            `{"unexpected":"${HUGE}"}`,
          ])
            reqs.push({ field: 'body', method: m, url: urlOf({}, {}), payload: raw });
        }
        // Generated requests per the declared schema of each part, with a fixed seed.
        const seed = [...key].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);
        const whole = fc.record({
          path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, arbFor(p.schema).map(asText)]))),
          query: fc.record(Object.fromEntries(query.map((p) => [p.name, arbFor(p.schema)])), {
            requiredKeys: [],
          }),
          body: hasBody
            ? fc.oneof(objectArb(bodySchema ?? {}), fc.jsonValue({ maxDepth: 2 }))
            : fc.constant(undefined),
          extra: fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'zz', 'toString'), fc.string()),
        });
        for (const g of fc.sample(whole, { seed, numRuns: 5 }))
          reqs.push({
            field: 'generated',
            method: m,
            url: urlOf(g.path as Record<string, string>, { ...g.extra, ...g.query }),
            ...(hasBody ? { payload: JSON.stringify(g.body) ?? '' } : {}),
          });

        // A fresh session per route: a route that signs out or changes the caller must not blind the rest.
        const admin = await tokenFor(t, 'admin');
        const staff = await tokenFor(t, 'sales1');
        for (let i = 0; i < reqs.length; i += 8)
          await Promise.all(reqs.slice(i, i + 8).map((r) => send('admin', admin, r)));
        // The staff member and the anonymous caller mostly stop at the permission check; a sample will do.
        const sample = reqs.filter((_, i) => i % 10 === 0);
        for (const r of sample) await send('staff', staff, r);
        for (const r of sample.slice(0, 5)) await send('anonymous', undefined, r);
      }
    }
    console.log(
      `fuzz (${dbLabel}): ${routes} routes covered, ${requests} requests sent, ${skipped.length} skipped:\n  ${skipped.join('\n  ')}`,
    );
    expect(routes).toBeGreaterThan(50);
    for (const [k, example] of failures) console.log(`${k}\n    ${example}`);
    expect([...failures.keys()]).toEqual([]);
  });
});
