// Peer of the list benchmark: the page a competent engineer writes with bare Fastify and pg — the same
// rows, filters and order as Forecourt's list (the platform administrator's view: every tenant's live
// rows of one dictionary), an exact count(*) and OFFSET, on the same database and indexes.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.get('/health', async () => 'ok');
app.get('/child-list', async (req) => {
  const q = req.query;
  const size = Math.min(1000, Number(q.size ?? 10));
  const current = Math.max(1, Number(q.current ?? 1));
  const params = [q.parentId];
  let where = 'is_deleted = 0 AND parent_id = $1';
  if (q.dictValue) {
    params.push(`%${String(q.dictValue).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where += ` AND dict_value LIKE $${params.length}`;
  }
  const [count, rows] = await Promise.all([
    pool.query(`SELECT count(*) AS n FROM blade_dict_biz WHERE ${where}`, params),
    pool.query(
      `SELECT id, tenant_id AS "tenantId", parent_id AS "parentId", code, dict_key AS "dictKey",
              dict_value AS "dictValue", dict_value_en AS "dictValueEn", sort, remark, is_sealed AS "isSealed"
         FROM blade_dict_biz WHERE ${where} ORDER BY sort, id LIMIT ${size} OFFSET ${(current - 1) * size}`,
      params,
    ),
  ]);
  const total = Number(count.rows[0].n);
  return {
    code: 200,
    success: true,
    data: { records: rows.rows, total, size, current, pages: Math.ceil(total / size) },
    msg: 'success',
  };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
