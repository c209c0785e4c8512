/**
 * Stock import from the template sheet (RESOURCE_IMPORT_COLUMNS). Every row is checked first — VIN with its
 * check digit, the model in the catalogue, dates, amounts, duplicates in the sheet and in stock — and every bad
 * row is reported with its sheet row number and reason. Nothing is written while any row is bad; a good sheet
 * goes in with one transaction.
 */
import {
  isMoneyInput,
  MACHINES,
  MAX_IMPORT_ROWS,
  normaliseVin,
  RESOURCE_IMPORT_COLUMNS,
  type ResourceImportColumn,
  type ResourceImportError,
  type ResourceImportResult,
  type ResourceStatus,
} from '@forecourt/contracts/sales';
import type { Db } from '../../platform/db/index.js';
import { AppError, bad } from '../../platform/errors.js';
import { t as translate, type Lang } from '../../platform/i18n.js';
import { newId } from '../../platform/ids.js';
import type { Scope } from '../../platform/scope.js';
import { all, exec, scoped } from '../../platform/sql/index.js';
import { checkResource, dayOf, type ResourceInput } from './resource-rules.js';
import './resource-messages.js';
import { importPackage } from '../../platform/packages.js';

export type Cell = string | number | boolean | Date | null | undefined;

const COLS = RESOURCE_IMPORT_COLUMNS;
const key = (...parts: Array<string | number>) => parts.map((p) => String(p).trim().toLowerCase()).join('|');

/** The cells of an uploaded .xlsx (first sheet); a file that is no sheet is a 400. */
export async function readUpload(base64: string): Promise<Cell[][]> {
  // read-excel-file is loaded on first use: it is heavy, and a start should not pay for it (docs/architecture.md "Start").
  const { readSheet } = await importPackage<typeof import('read-excel-file/node')>('read-excel-file/node');
  try {
    return (await readSheet(Buffer.from(base64, 'base64'))) as Cell[][];
  } catch {
    throw bad('sales.import.file');
  }
}

const text = (v: Cell): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return dayOf(new Date(v.getUTCFullYear(), v.getUTCMonth(), v.getUTCDate()));
  return String(v).trim();
};

/** A date cell: a real date (the sheet's day, stored as UTC midnight) or text yyyy-MM-dd / yyyy/M/d. */
function dateCell(v: Cell): string | null | undefined {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return text(v);
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(String(v).trim());
  if (!m) return undefined;
  const s = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  const d = new Date(`${s}T12:00:00`);
  return !Number.isNaN(d.getTime()) && dayOf(d) === s ? s : undefined;
}

/**
 * An amount cell. Text is taken as written; a number cell as the shortest decimal that reads back to the same
 * number, which is what was typed for any amount of up to 15 digits — the value is then checked as text, and
 * no arithmetic is done on the number.
 */
function moneyCell(v: Cell): string | undefined {
  const s = typeof v === 'number' ? String(v) : text(v).replace(/,/g, '');
  return isMoneyInput(s) ? s : undefined;
}

const STATUS_WORDS: Record<string, ResourceStatus> = Object.fromEntries(
  (['in_transit', 'in_stock'] as const).flatMap((s) => {
    const [zh, en] = MACHINES.resource.states[s];
    return [
      [s, s],
      [zh, s],
      [en.toLowerCase(), s],
    ];
  }),
);

export async function importResources(
  db: Db,
  scope: Scope,
  sheet: Cell[][],
  lang: Lang,
  now = new Date(),
): Promise<ResourceImportResult> {
  const label = (c: ResourceImportColumn) => {
    const col = COLS.find((x) => x[0] === c)!;
    return lang === 'en' ? col[2] : col[1];
  };
  const header = sheet[0] ?? [];
  COLS.forEach(([, zh, en], i) => {
    const h = text(header[i]);
    if (h !== zh && h.toLowerCase() !== en.toLowerCase())
      throw bad('sales.import.header', { column: i + 1, expected: lang === 'en' ? en : zh });
  });
  const rows = sheet
    .map((cells, i) => ({ row: i + 1, cells }))
    .slice(1)
    .filter((r) => r.cells.some((c) => text(c) !== ''));
  if (!rows.length) throw bad('sales.import.empty');
  if (rows.length > MAX_IMPORT_ROWS) throw bad('sales.import.tooMany', { max: MAX_IMPORT_ROWS });

  const models = new Map<string, string>();
  for (const m of await all(
    db,
    scoped(scope)
      .selectFrom('sales_model', 'm')
      .innerJoin('sales_series as s', 's.id', 'm.seriesId')
      .innerJoin('sales_brand as b', 'b.id', 's.brandId')
      .select(['m.id', 'm.modelYear', 'm.trim', 's.name as series', 'b.name', 'b.nameEn', 'b.code']),
  )) {
    for (const brand of [m.name, m.nameEn, m.code].filter(Boolean) as string[])
      models.set(key(brand, m.series, m.modelYear, m.trim), m.id);
  }

  const today = dayOf(now);
  const errors: ResourceImportError[] = [];
  const good: Array<ResourceInput & { row: number }> = [];
  const seen = new Map<string, number>();
  const col = (cells: Cell[], c: ResourceImportColumn) => cells[COLS.findIndex((x) => x[0] === c)];

  for (const { row, cells } of rows) {
    const problems: ResourceImportError[] = [];
    const fail = (field: string, k: string, params: Record<string, unknown> = {}) =>
      problems.push({ row, field, reason: translate(lang, k, { label: label(field as never), ...params }) });

    const vin = normaliseVin(text(col(cells, 'vin')));
    const [brand, series, year, trim] = (['brand', 'series', 'modelYear', 'trim'] as const).map((c) =>
      text(col(cells, c)),
    );
    for (const [c, v] of [
      ['brand', brand],
      ['series', series],
      ['modelYear', year],
      ['trim', trim],
    ] as const)
      if (!v) fail(c, 'sales.import.required');
    let modelId: string | undefined;
    if (year && !/^\d{4}$/.test(year)) fail('modelYear', 'sales.import.year');
    else if (brand && series && year && trim) {
      modelId = models.get(key(brand, series, year, trim));
      if (!modelId) fail('trim', 'sales.import.model', { model: `${brand} ${series} ${year} ${trim}` });
    }
    const dates: Record<'productionDate' | 'arrivalDate', string | null> = {
      productionDate: null,
      arrivalDate: null,
    };
    for (const c of ['productionDate', 'arrivalDate'] as const) {
      const d = dateCell(col(cells, c));
      if (d === undefined) fail(c, 'sales.import.date');
      else dates[c] = d;
    }
    if (!dates.productionDate && !problems.some((p) => p.field === 'productionDate'))
      fail('productionDate', 'sales.import.required');
    const money: Record<'purchaseCost' | 'guidePrice' | 'floorPrice', string> = {
      purchaseCost: '',
      guidePrice: '',
      floorPrice: '',
    };
    for (const c of ['purchaseCost', 'guidePrice', 'floorPrice'] as const) {
      const raw = col(cells, c);
      if (text(raw) === '') fail(c, 'sales.import.required');
      else {
        const m = moneyCell(raw);
        if (m === undefined) fail(c, 'sales.import.money');
        else money[c] = m;
      }
    }
    const statusText = text(col(cells, 'status'));
    const status = statusText
      ? (STATUS_WORDS[statusText.toLowerCase()] ?? STATUS_WORDS[statusText])
      : undefined;
    if (statusText && !status) fail('status', 'sales.import.status');

    const input: ResourceInput = {
      vin,
      modelId: modelId ?? '0',
      exteriorColor: text(col(cells, 'exteriorColor')).slice(0, 40),
      interiorColor: text(col(cells, 'interiorColor')).slice(0, 40),
      productionDate: dates.productionDate ?? '',
      arrivalDate: dates.arrivalDate,
      purchaseCost: money.purchaseCost,
      guidePrice: money.guidePrice,
      floorPrice: money.floorPrice,
      remark: text(col(cells, 'remark')).slice(0, 500),
      status,
    };
    // The single-vehicle rules (VIN check digit, date order, arrival of a vehicle in stock) once the cells read.
    if (!problems.length) {
      try {
        Object.assign(input, checkResource(input, today));
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        const field = String(e.params?.field ?? 'vin');
        problems.push({
          row,
          field,
          reason: translate(lang, e.key, { ...e.params, field: label(field as never) }),
        });
      }
    } else if (!vin) fail('vin', 'sales.import.required');
    if (vin) {
      const other = seen.get(vin);
      if (other) fail('vin', 'sales.import.vinTwice', { vin, other });
      else seen.set(vin, row);
    }
    if (problems.length) errors.push(...problems);
    else good.push({ ...input, row });
  }

  // VINs already in stock.
  const vins = good.map((g) => g.vin);
  if (vins.length) {
    const taken = new Set(
      (
        await all(
          db,
          scoped({ tenantId: scope.tenantId, isPlatformAdmin: false })
            .selectFrom('sales_resource')
            .select('vin')
            .where('vin', 'in', vins),
        )
      ).map((r) => r.vin),
    );
    for (const g of good)
      if (taken.has(g.vin))
        errors.push({
          row: g.row,
          field: 'vin',
          reason: translate(lang, 'sales.vinDuplicate', { vin: g.vin }),
        });
  }
  if (errors.length) return { imported: 0, errors: errors.sort((a, b) => a.row - b.row) };

  // A VIN stored by someone else since the check above makes the unique index refuse the whole sheet.
  await db.tx(async (t) => {
    for (let i = 0; i < good.length; i += 500) {
      const chunk = good.slice(i, i + 500);
      await exec(
        t,
        scoped(scope).insertInto(
          'sales_resource',
          chunk.map((g) => ({
            id: newId(),
            vin: g.vin,
            modelId: g.modelId,
            exteriorColor: g.exteriorColor ?? '',
            interiorColor: g.interiorColor ?? '',
            productionDate: g.productionDate,
            arrivalDate: g.arrivalDate ?? null,
            purchaseCost: g.purchaseCost,
            guidePrice: g.guidePrice,
            floorPrice: g.floorPrice,
            remark: g.remark ?? '',
            status: g.status!,
            ownerUser: scope.userId,
            createUser: scope.userId,
            createDept: scope.deptId,
            updateUser: scope.userId,
          })),
        ),
      ).catch((e: unknown) => {
        throw (e as { code?: string }).code === '23505' ? bad('sales.vinDuplicate', { vin: '' }) : e;
      });
    }
  });
  return { imported: good.length, errors: [] };
}
