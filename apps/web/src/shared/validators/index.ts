import type { TFunction } from 'i18next';
import type { Rule } from 'antd/es/form';
import { AMOUNT_PATTERN, checkMobile, isUrl, numberPattern } from '@forecourt/contracts';
import './messages';

/**
 * antd Form rules over the §5 checks of @forecourt/contracts (the same functions the server uses), with
 * translated messages. Only mobileRule demands a value; the others pass an empty field, so `required`
 * stays the form's own choice.
 */

const MOBILE_TEXT = {
  'mobile.empty': 'validators.mobileEmpty',
  'mobile.length': 'validators.mobileLength',
  'mobile.pattern': 'validators.mobilePattern',
} as const;

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';
const check = (ok: boolean, text: () => string) =>
  ok ? Promise.resolve() : Promise.reject(new Error(text()));

/** Mobile number: required, 11 digits, starting with 1. */
export const mobileRule = (t: TFunction): Rule => ({
  validator: (_, value: string | undefined) => {
    const problem = checkMobile(value);
    return check(!problem, () => t(MOBILE_TEXT[problem!]));
  },
});

/** An http or https address. */
export const urlRule = (t: TFunction): Rule => ({
  validator: (_, value: string | undefined) => check(blank(value) || isUrl(value), () => t('validators.url')),
});

/** Up to `integers` integer digits without a leading zero and up to `decimals` decimals. */
export const numberRule = (t: TFunction, integers: number, decimals: number): Rule => {
  const pattern = numberPattern(integers, decimals);
  return {
    validator: (_, value: string | number | undefined) =>
      check(blank(value) || pattern.test(String(value).trim()), () =>
        t(decimals > 0 ? 'validators.number' : 'validators.integer', { integers, decimals }),
      ),
  };
};

/** 1 to 8 digits plus up to 2 decimals (amounts). */
export const amountRule = (t: TFunction): Rule => ({
  validator: (_, value: string | number | undefined) =>
    check(blank(value) || AMOUNT_PATTERN.test(String(value).trim()), () => t('validators.amount')),
});
