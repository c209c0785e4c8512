import { Decimal, type Money, add, cmp, dec, fmt, isMoneyInput, sub } from './money.js';
import type { EnergyType } from './enums.js';
import { SalesRuleError } from './errors.js';
import { type NevTaxRule, NEV_TAX_RULES, purchaseTax } from './tax.js';

export interface AccessoryLine {
  name: string;
  amount: Money;
}

export interface FinanceInput {
  /** Share of the invoice price paid up front, in percent ("30", "25.5"). */
  downPaymentPercent: string;
  termMonths: number;
  /** Nominal annual rate in percent ("3.85", "0"). */
  annualRatePercent: string;
}

export interface OfferInput {
  vehiclePrice: Money;
  discount: Money;
  energyType: EnergyType;
  /** The day the tax is assessed (yyyy-MM-dd): the offer's date, as the invoice would be dated. */
  taxDate: string;
  insurance: Money;
  registrationFee: Money;
  accessories: readonly AccessoryLine[];
  serviceFee: Money;
  tradeInCredit: Money;
  finance?: FinanceInput | null;
}

export interface FinanceQuote {
  downPayment: Money;
  loanAmount: Money;
  /** Every instalment but the last. */
  monthlyPayment: Money;
  /** The last instalment takes up the fen lost to rounding, so the instalments add up to totalRepayment. */
  lastPayment: Money;
  totalRepayment: Money;
  totalInterest: Money;
}

export interface OfferQuote {
  /** Vehicle price less discount: what the motor-vehicle invoice shows. */
  invoicePrice: Money;
  taxBase: Money;
  purchaseTaxFull: Money;
  purchaseTaxRelief: Money;
  purchaseTax: Money;
  accessoriesTotal: Money;
  /** Everything the customer pays for the car, less the trade-in credit. */
  total: Money;
  finance: FinanceQuote | null;
  /** What the customer pays before delivery: the total less the loan. */
  dueAtSigning: Money;
}

export const PERCENT_PATTERN = '^(100(\\.0{1,2})?|[1-9]?\\d(\\.\\d{1,2})?)$';
export const RATE_PATTERN = '^(0|[1-9]\\d?)(\\.\\d{1,4})?$';
export const MAX_ANNUAL_RATE = '36';
export const MAX_TERM_MONTHS = 120;

const PERCENT_RE = new RegExp(PERCENT_PATTERN);
const RATE_RE = new RegExp(RATE_PATTERN);

function money(field: string, value: Money): Money {
  if (!isMoneyInput(value)) throw new SalesRuleError('sales.amountInvalid', { field });
  return value;
}

/**
 * Annuity: P·r / (1 − (1 + r)^−n) with r = annual ÷ 12, and P / n at 0 %. The monthly payment is rounded
 * half-up to the fen; the total repayment is the exact annuity × n rounded once, so the interest does not
 * grow with n rounding errors, and the last instalment settles the difference.
 */
export function financeQuote(invoicePrice: Money, f: FinanceInput): FinanceQuote {
  if (!PERCENT_RE.test(f.downPaymentPercent))
    throw new SalesRuleError('sales.percentInvalid', { field: 'downPaymentPercent' });
  if (!Number.isInteger(f.termMonths) || f.termMonths < 1 || f.termMonths > MAX_TERM_MONTHS)
    throw new SalesRuleError('sales.termInvalid', { field: 'termMonths', max: MAX_TERM_MONTHS });
  if (!RATE_RE.test(f.annualRatePercent) || cmp(f.annualRatePercent, MAX_ANNUAL_RATE) > 0)
    throw new SalesRuleError('sales.rateInvalid', { field: 'annualRatePercent', max: MAX_ANNUAL_RATE });
  const price = dec(invoicePrice);
  const downPayment = dec(fmt(price.times(f.downPaymentPercent).div(100)));
  const loan = price.minus(downPayment);
  const n = f.termMonths;
  const r = dec(f.annualRatePercent).div(100).div(12);
  const exact = r.isZero() ? loan.div(n) : loan.times(r).div(new Decimal(1).minus(r.plus(1).pow(-n)));
  const monthly = dec(fmt(exact));
  const total = dec(fmt(exact.times(n)));
  const last = total.minus(monthly.times(n - 1));
  return {
    downPayment: fmt(downPayment),
    loanAmount: fmt(loan),
    monthlyPayment: fmt(monthly),
    lastPayment: fmt(last),
    totalRepayment: fmt(total),
    totalInterest: fmt(total.minus(loan)),
  };
}

/** Every line of an offer from its inputs; refuses amounts outside spec §5's pattern and a negative total. */
export function calculateOffer(input: OfferInput, rules: readonly NevTaxRule[] = NEV_TAX_RULES): OfferQuote {
  const price = money('vehiclePrice', input.vehiclePrice);
  const discount = money('discount', input.discount);
  if (cmp(discount, price) > 0) throw new SalesRuleError('sales.discountOverPrice', { field: 'discount' });
  input.accessories.forEach((a, i) => money(`accessories[${i}].amount`, a.amount));
  const invoicePrice = sub(price, discount);
  const tax = purchaseTax(invoicePrice, input.energyType, input.taxDate, rules);
  const accessoriesTotal = add('0', ...input.accessories.map((a) => a.amount));
  const gross = add(
    invoicePrice,
    tax.tax,
    money('insurance', input.insurance),
    money('registrationFee', input.registrationFee),
    accessoriesTotal,
    money('serviceFee', input.serviceFee),
  );
  const credit = money('tradeInCredit', input.tradeInCredit);
  if (cmp(credit, gross) > 0) throw new SalesRuleError('sales.creditOverTotal', { field: 'tradeInCredit' });
  const total = sub(gross, credit);
  const finance = input.finance ? financeQuote(invoicePrice, input.finance) : null;
  return {
    invoicePrice,
    taxBase: tax.base,
    purchaseTaxFull: tax.full,
    purchaseTaxRelief: tax.relief,
    purchaseTax: tax.tax,
    accessoriesTotal,
    total,
    finance,
    dueAtSigning: finance ? sub(total, finance.loanAmount) : total,
  };
}

/**
 * An offer needs a manager's approval when the discount is above the salesperson's limit or the invoice
 * price falls below the vehicle's floor price (no floor: a catalogue model not yet in stock).
 */
export function needsApproval(o: {
  vehiclePrice: Money;
  discount: Money;
  discountLimit: Money;
  floorPrice?: Money | null;
}): boolean {
  if (cmp(o.discount, o.discountLimit) > 0) return true;
  return o.floorPrice != null && cmp(sub(o.vehiclePrice, o.discount), o.floorPrice) < 0;
}
