import { describe, expect, it } from 'vitest';
import { calculateOffer, financeQuote, needsApproval } from './pricing.js';
import { purchaseTax, type NevTaxRule } from './tax.js';
import { SalesRuleError } from './errors.js';

describe('purchase tax', () => {
  it('is 10 % of the invoice price without VAT', () => {
    // 200000 ÷ 1.13 = 176991.1504… → 176991.15 (as printed on the invoice); × 10 % = 17699.115 → 17699.12.
    expect(purchaseTax('200000.00', 'petrol', '2025-06-01')).toEqual({
      base: '176991.15',
      full: '17699.12',
      relief: '0.00',
      tax: '17699.12',
    });
  });

  it('exempts new-energy cars in 2024–2025, at most 30000 yuan', () => {
    expect(purchaseTax('200000.00', 'ev', '2025-06-01').tax).toBe('0.00');
    expect(purchaseTax('200000.00', 'phev', '2024-01-01').tax).toBe('0.00');
    // 400000 ÷ 1.13 = 353982.30; × 10 % = 35398.23; relief capped at 30000 → 5398.23 to pay.
    expect(purchaseTax('400000.00', 'ev', '2025-12-31')).toMatchObject({
      full: '35398.23',
      relief: '30000.00',
      tax: '5398.23',
    });
  });

  it('halves it in 2026–2027, the reduction at most 15000 yuan', () => {
    // 17699.12 ÷ 2 = 8849.56 off.
    expect(purchaseTax('200000.00', 'ev', '2026-01-01')).toMatchObject({ relief: '8849.56', tax: '8849.56' });
    // 35398.23 ÷ 2 = 17699.115 → 17699.12, above the 15000 cap: 35398.23 − 15000 = 20398.23.
    expect(purchaseTax('400000.00', 'phev', '2027-12-31')).toMatchObject({
      relief: '15000.00',
      tax: '20398.23',
    });
  });

  it('gives hybrids without a plug, and dates outside the rules, no relief', () => {
    expect(purchaseTax('200000.00', 'hybrid', '2025-06-01').relief).toBe('0.00');
    expect(purchaseTax('200000.00', 'ev', '2023-12-31').relief).toBe('0.00');
    expect(purchaseTax('200000.00', 'ev', '2028-01-01').relief).toBe('0.00');
  });

  it('takes its rules as data', () => {
    const rules: NevTaxRule[] = [
      { from: '2028-01-01', to: '2028-12-31', energyTypes: ['ev'], share: '0.25', cap: '5000.00' },
    ];
    // 17699.12 × 25 % = 4424.78.
    expect(purchaseTax('200000.00', 'ev', '2028-05-01', rules).tax).toBe('13274.34');
  });
});

describe('finance', () => {
  it('computes the annuity', () => {
    // 120000, 20 % down = 24000, loan 96000, 6 % a year: r = 0.005, 1.005^-12 = 0.9419053…,
    // 96000 × 0.005 ÷ (1 − 0.9419053) = 480 ÷ 0.0580947 = 8262.38; 12 × 8262.3778 = 99148.53 → interest 3148.53.
    expect(
      financeQuote('120000.00', { downPaymentPercent: '20', termMonths: 12, annualRatePercent: '6' }),
    ).toEqual({
      downPayment: '24000.00',
      loanAmount: '96000.00',
      monthlyPayment: '8262.38',
      lastPayment: '8262.35',
      totalRepayment: '99148.53',
      totalInterest: '3148.53',
    });
  });

  it('divides evenly at 0 %, the last instalment taking the rounding', () => {
    // 100000 ÷ 36 = 2777.777… → 2777.78; 35 × 2777.78 = 97222.30, so the last is 2777.70 and no interest.
    expect(
      financeQuote('100000.00', { downPaymentPercent: '0', termMonths: 36, annualRatePercent: '0' }),
    ).toMatchObject({
      monthlyPayment: '2777.78',
      lastPayment: '2777.70',
      totalRepayment: '100000.00',
      totalInterest: '0.00',
    });
  });

  it('refuses impossible plans naming the field', () => {
    const plan = { downPaymentPercent: '30', termMonths: 36, annualRatePercent: '3.6' };
    const field = (p: Partial<typeof plan>) => {
      try {
        financeQuote('100000.00', { ...plan, ...p });
      } catch (e) {
        return (e as SalesRuleError).params.field;
      }
    };
    expect(field({ downPaymentPercent: '101' })).toBe('downPaymentPercent');
    expect(field({ termMonths: 0 })).toBe('termMonths');
    expect(field({ termMonths: 12.5 })).toBe('termMonths');
    expect(field({ annualRatePercent: '37' })).toBe('annualRatePercent');
    expect(field({ annualRatePercent: '-1' })).toBe('annualRatePercent');
    expect(field({})).toBeUndefined();
  });
});

describe('offer calculator', () => {
  const base = {
    vehiclePrice: '179800',
    discount: '12000',
    energyType: 'hybrid' as const,
    taxDate: '2026-11-25',
    insurance: '5200.50',
    registrationFee: '500',
    accessories: [
      { name: '脚垫', amount: '800' },
      { name: '贴膜', amount: '3999.99' },
    ],
    serviceFee: '1500',
    tradeInCredit: '30000',
  };

  it('adds every line', () => {
    // Invoice 179800 − 12000 = 167800; ÷ 1.13 = 148495.575… → 148495.58; × 10 % = 14849.558 → 14849.56 (a hybrid pays).
    // Accessories 800 + 3999.99 = 4799.99.
    // Total 167800 + 14849.56 + 5200.50 + 500 + 4799.99 + 1500 − 30000 = 164650.05.
    expect(calculateOffer(base)).toEqual({
      invoicePrice: '167800.00',
      taxBase: '148495.58',
      purchaseTaxFull: '14849.56',
      purchaseTaxRelief: '0.00',
      purchaseTax: '14849.56',
      accessoriesTotal: '4799.99',
      total: '164650.05',
      finance: null,
      dueAtSigning: '164650.05',
    });
  });

  it('with finance, the customer pays the total less the loan before delivery', () => {
    // 30 % of 167800 = 50340 down, loan 117460 over 36 months at 3.6 %: r = 0.003, 1.003^-36 = 0.8977…,
    // 117460 × 0.003 ÷ 0.10226 = 3447.03 a month. Due at signing: 164650.05 − 117460 = 47190.05.
    const q = calculateOffer({
      ...base,
      finance: { downPaymentPercent: '30', termMonths: 36, annualRatePercent: '3.6' },
    });
    expect(q.finance).toMatchObject({
      downPayment: '50340.00',
      loanAmount: '117460.00',
      monthlyPayment: '3447.03',
    });
    expect(q.dueAtSigning).toBe('47190.05');
  });

  it('applies the new-energy relief to an electric car', () => {
    // 2026: 167800 → tax 14849.56, halved: 7424.78 off.
    const q = calculateOffer({ ...base, energyType: 'ev' });
    expect(q).toMatchObject({ purchaseTaxRelief: '7424.78', purchaseTax: '7424.78', total: '157225.27' });
  });

  it('refuses amounts outside spec §5 and credits larger than what they reduce', () => {
    const key = (p: object) => {
      try {
        calculateOffer({ ...base, ...p });
      } catch (e) {
        return [(e as SalesRuleError).key, (e as SalesRuleError).params.field];
      }
    };
    expect(key({ vehiclePrice: '179800.001' })).toEqual(['sales.amountInvalid', 'vehiclePrice']);
    expect(key({ insurance: '-1' })).toEqual(['sales.amountInvalid', 'insurance']);
    expect(key({ accessories: [{ name: 'x', amount: '1e3' }] })).toEqual([
      'sales.amountInvalid',
      'accessories[0].amount',
    ]);
    expect(key({ discount: '179800.01' })).toEqual(['sales.discountOverPrice', 'discount']);
    expect(key({ tradeInCredit: '99999999' })).toEqual(['sales.creditOverTotal', 'tradeInCredit']);
  });
});

describe('approval', () => {
  it('is needed above the discount limit or below the floor price', () => {
    const o = { vehiclePrice: '179800.00', discountLimit: '10000.00', floorPrice: '165000.00' };
    expect(needsApproval({ ...o, discount: '10000.00' })).toBe(false);
    expect(needsApproval({ ...o, discount: '10000.01' })).toBe(true);
    expect(needsApproval({ ...o, discountLimit: '20000.00', discount: '14800.00' })).toBe(false); // 165000 = floor
    expect(needsApproval({ ...o, discountLimit: '20000.00', discount: '14800.01' })).toBe(true);
    expect(needsApproval({ ...o, floorPrice: null, discount: '9000.00' })).toBe(false);
  });
});
