import { Decimal, type Money, dec, fmt } from './money.js';
import type { EnergyType } from './enums.js';

/**
 * Vehicle purchase tax (车辆购置税): 10 % of the taxable price. The taxable price of a new car bought from a
 * dealer is the invoice price without VAT, i.e. the price the customer pays (after discount) ÷ 1.13. We use the
 * invoice price, not the guide price, because that is what the tax office assesses from the motor-vehicle
 * sales invoice; the VAT-exclusive figure is rounded to the fen as it is printed on that invoice.
 */
export const PURCHASE_TAX_RATE = '0.10';
export const VAT_DIVISOR = '1.13';

/**
 * New-energy relief, kept as data so a new announcement is a new row, not new code. `share` of the tax is
 * waived, at most `cap` per vehicle, for invoices dated from `from` to `to` (inclusive) of the listed energy
 * types. Source: 财政部 税务总局 工业和信息化部公告 2023 年第 10 号 (NEV passenger cars; hybrids without a
 * plug are not NEVs and pay in full).
 */
export interface NevTaxRule {
  from: string;
  to: string;
  energyTypes: readonly EnergyType[];
  share: string;
  cap: Money;
}

export const NEV_TAX_RULES: readonly NevTaxRule[] = [
  { from: '2024-01-01', to: '2025-12-31', energyTypes: ['ev', 'phev'], share: '1', cap: '30000.00' },
  { from: '2026-01-01', to: '2027-12-31', energyTypes: ['ev', 'phev'], share: '0.5', cap: '15000.00' },
];

export interface PurchaseTax {
  /** Invoice price without VAT: the taxable price. */
  base: Money;
  /** 10 % of the base, before any relief. */
  full: Money;
  relief: Money;
  /** What the customer pays. */
  tax: Money;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Purchase tax on an invoice price (yuan, VAT included) dated `date` (yyyy-MM-dd). */
export function purchaseTax(
  invoicePrice: Money,
  energyType: EnergyType,
  date: string,
  rules: readonly NevTaxRule[] = NEV_TAX_RULES,
): PurchaseTax {
  if (!DATE_RE.test(date)) throw new TypeError(`not a date: ${date}`);
  const base = dec(fmt(dec(invoicePrice).div(VAT_DIVISOR)));
  const full = dec(fmt(base.times(PURCHASE_TAX_RATE)));
  // String comparison is date order for yyyy-MM-dd.
  const rule = rules.find((r) => r.energyTypes.includes(energyType) && r.from <= date && date <= r.to);
  const relief = rule ? Decimal.min(dec(fmt(full.times(rule.share))), dec(rule.cap)) : new Decimal(0);
  return { base: fmt(base), full: fmt(full), relief: fmt(relief), tax: fmt(full.minus(relief)) };
}
