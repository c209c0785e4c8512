import { describe, expect, it } from 'vitest';
import { checkVin, normaliseVin, vinCheckDigit, withCheckDigit } from './vin.js';

describe('VIN (ISO 3779 / GB 16735)', () => {
  it('accepts real VINs with a correct check digit', () => {
    // 1M8GDM9AXKP042788: the standard's worked example; the sum 351 % 11 = 10 gives "X".
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    for (const vin of ['1M8GDM9AXKP042788', '1HGCM82633A004352', 'JHMCM56557C404453', '11111111111111111'])
      expect(checkVin(vin), vin).toBeNull();
  });

  it('refuses a wrong check digit', () => {
    expect(checkVin('1M8GDM9A1KP042788')).toBe('vin.checkDigit');
    expect(checkVin('1HGCM82643A004352')).toBe('vin.checkDigit');
    // A European VIN: valid there, but it carries no check digit, which a Chinese registration requires.
    expect(checkVin('WP0ZZZ99ZTS392124')).toBe('vin.checkDigit');
  });

  it('refuses I, O, Q, lower case and other characters', () => {
    expect(checkVin('1M8GDM9AXKP04278O')).toBe('vin.characters');
    expect(checkVin('IM8GDM9AXKP042788')).toBe('vin.characters');
    expect(checkVin('1M8GDM9AXKQ042788')).toBe('vin.characters');
    expect(checkVin('1m8gdm9axkp042788')).toBe('vin.characters');
    expect(checkVin('1M8GDM9AXKP04278-')).toBe('vin.characters');
  });

  it('refuses a wrong length and nothing', () => {
    expect(checkVin('1M8GDM9AXKP04278')).toBe('vin.length');
    expect(checkVin('1M8GDM9AXKP0427888')).toBe('vin.length');
    expect(checkVin('')).toBe('vin.empty');
    expect(checkVin(null)).toBe('vin.empty');
  });

  it('normalises typed text and fills a check digit into a body', () => {
    expect(checkVin(normaliseVin(' 1m8gdm9axkp 042788 '))).toBeNull();
    const vin = withCheckDigit('LVGBE40K08G123456');
    expect(checkVin(vin)).toBeNull();
    expect(vin.slice(0, 8) + vin.slice(9)).toBe('LVGBE40K' + '8G123456');
  });
});
