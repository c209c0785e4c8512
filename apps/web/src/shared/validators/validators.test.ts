import { beforeAll, describe, expect, it } from 'vitest';
import type { RuleObject } from 'antd/es/form';
import i18n from '../i18n';
import { amountRule, mobileRule, numberRule, urlRule } from './index';

const run = async (rule: unknown, value: unknown): Promise<string | null> => {
  try {
    await (rule as { validator: (r: RuleObject, v: unknown) => Promise<void> }).validator({}, value);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
};

beforeAll(() => i18n.changeLanguage('en'));

describe('form rules of spec §5', () => {
  const t = i18n.t.bind(i18n);

  it('checks mobile numbers with the spec messages', async () => {
    const rule = mobileRule(t);
    expect(await run(rule, '')).toBe('Mobile number cannot be empty');
    expect(await run(rule, '1391234567')).toBe('Mobile number must be 11 digits');
    expect(await run(rule, '23912345678')).toBe('Mobile number must start with 1');
    expect(await run(rule, '13912345678')).toBeNull();
  });

  it('accepts http and https addresses and an empty optional field', async () => {
    const rule = urlRule(t);
    expect(await run(rule, 'https://cdn.example.com/a.png')).toBeNull();
    expect(await run(rule, '')).toBeNull();
    expect(await run(rule, 'www.example.com')).toBe('The address must start with http or https');
  });

  it('limits integer digits without a leading zero, and decimals', async () => {
    const rule = numberRule(t, 4, 2);
    expect(await run(rule, 1234.5)).toBeNull();
    expect(await run(rule, '0.25')).toBeNull();
    expect(await run(rule, '0123')).toBe('At most 4 integer digits (no leading zero) and 2 decimals');
    expect(await run(rule, '12345')).toBe('At most 4 integer digits (no leading zero) and 2 decimals');
    expect(await run(numberRule(t, 3, 0), '1.5')).toBe('At most 3 integer digits (no leading zero)');
  });

  it('takes amounts of 1 to 8 digits and up to 2 decimals', async () => {
    const rule = amountRule(t);
    expect(await run(rule, '12345678.99')).toBeNull();
    expect(await run(rule, '123456789')).toBe('Enter 1 to 8 digits and at most 2 decimals');
    expect(await run(rule, '1.001')).toBe('Enter 1 to 8 digits and at most 2 decimals');
  });

  it('speaks Chinese by default', async () => {
    await i18n.changeLanguage('zh');
    expect(await run(mobileRule(i18n.t.bind(i18n)), '')).toBe('手机号不能为空');
    await i18n.changeLanguage('en');
  });
});
