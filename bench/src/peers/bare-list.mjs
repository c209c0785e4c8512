// Peer of the list benchmark: the same page query (count + page, LIKE search) through bare Fastify and pg.
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
  let where = 'parent_id = $1 AND is_deleted = 0 AND tenant_id = $2';
  params.push('000000');
  if (q.dictValue) {
    params.push(`%${q.dictValue}%`);
    where += ` AND dict_value LIKE $${params.length}`;
  }
  const [count, rows] = await Promise.all([
    pool.query(`SELECT count(*) AS n FROM blade_dict_biz WHERE ${where}`, params),
    pool.query(
      `SELECT id::text, parent_id::text AS "parentId", code, dict_key AS "dictKey", dict_value AS "dictValue", sort, remark
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
