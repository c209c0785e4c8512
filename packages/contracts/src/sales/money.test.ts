import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { add, cmp, dec, fmt, isMoneyInput, sub, toFen } from './money.js';

/** Fen as a bigint → "yuan.fen": the exact reference the decimal sums are held to. */
const yuan = (fen: bigint) => {
  const neg = fen < 0n;
  const a = neg ? -fen : fen;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

describe('money', () => {
  it('adds what floats get wrong', () => {
    expect(0.1 + 0.2).not.toBe(0.3); // why amounts are never numbers
    expect(add('0.1', '0.2')).toBe('0.30');
    expect(add('99999999.99', '0.01')).toBe('100000000.00');
    expect(sub('1.10', '1.1')).toBe('0.00');
  });

  it('sums of decimal strings equal the exact sum in fen (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 9_999_999_999n }), { maxLength: 40 }), (fens) => {
        const expected = yuan(fens.reduce((s, f) => s + f, 0n));
        expect(add('0', ...fens.map(yuan))).toBe(expected);
      }),
      { seed: 24, numRuns: 500 },
    );
  });

  it('differences keep their sign and are exact (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 9_999_999_999n }),
        fc.bigInt({ min: 0n, max: 9_999_999_999n }),
        (a, b) => {
          expect(sub(yuan(a), yuan(b))).toBe(yuan(a - b));
          expect(cmp(yuan(a), yuan(b))).toBe(a < b ? -1 : a > b ? 1 : 0);
        },
      ),
      { seed: 24, numRuns: 500 },
    );
  });

  it('rounds half-up to the fen, once', () => {
    expect(fmt('17699.115')).toBe('17699.12');
    expect(fmt('17699.114999')).toBe('17699.11');
    expect(fmt('-0.004')).toBe('0.00');
    expect(toFen('2.675').toString()).toBe('2.68'); // the float 2.675 is 2.67499999…
  });

  it('gives back an amount already in the wire form as it is, and formats any other the same way (property)', () => {
    // The wire form is returned without decimal.js: the answer must be the one the arithmetic gives.
    const viaDecimal = (v: string) => {
      const d = toFen(dec(v));
      return d.isZero() ? '0.00' : d.toFixed(2);
    };
    fc.assert(
      fc.property(
        fc.bigInt({ min: -99_999_999_999_999n, max: 99_999_999_999_999n }),
        fc.integer({ min: 0, max: 4 }),
        (n, places) => {
          const neg = n < 0n;
          const digits = String(neg ? -n : n).padStart(places + 1, '0');
          const text = `${neg ? '-' : ''}${places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits}`;
          expect(fmt(text)).toBe(viaDecimal(text));
        },
      ),
      { seed: 25, numRuns: 2000 },
    );
    for (const v of ['0.00', '-0.00', '-0', '0', '12.5', '-7.00', '123456789012.34'])
      expect(fmt(v), v).toBe(viaDecimal(v));
    expect(fmt('-0.00')).toBe('0.00');
    // Not an amount in any form: still refused.
    for (const v of ['00.10', '1.00 ', '+1.00', '1e2']) expect(() => fmt(v), v).toThrow(TypeError);
  });

  it('refuses numbers and malformed text', () => {
    expect(() => dec(0.3 as unknown as string)).toThrow(TypeError);
    expect(() => dec('1e5')).toThrow(TypeError);
    expect(() => dec('12,000')).toThrow(TypeError);
  });

  it('accepts user amounts as spec §5 allows them (1 to 8 digits, up to 2 decimals)', () => {
    for (const ok of ['0', '0.5', '12000', '179800.00', '99999999.99']) expect(isMoneyInput(ok)).toBe(true);
    for (const bad of ['', '-1', '01', '1.234', '123456789', '1e3', ' 1', '1.', '.5'])
      expect(isMoneyInput(bad), bad).toBe(false);
  });
});
