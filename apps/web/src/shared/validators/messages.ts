import { addResources } from '../i18n';

/** Texts of the §5 form rules (en: the spec's wording where it gives one). */
addResources('validators', {
  zh: {
    mobileEmpty: '手机号不能为空',
    mobileLength: '手机号必须为 11 位数字',
    mobilePattern: '手机号应以 1 开头',
    url: '请输入以 http 或 https 开头的地址',
    number: '最多 {{integers}} 位整数（不以 0 开头）和 {{decimals}} 位小数',
    integer: '最多 {{integers}} 位整数（不以 0 开头）',
    amount: '请输入 1 到 8 位整数，最多 2 位小数',
  },
  en: {
    mobileEmpty: 'Mobile number cannot be empty',
    mobileLength: 'Mobile number must be 11 digits',
    mobilePattern: 'Mobile number must start with 1',
    url: 'The address must start with http or https',
    number: 'At most {{integers}} integer digits (no leading zero) and {{decimals}} decimals',
    integer: 'At most {{integers}} integer digits (no leading zero)',
    amount: 'Enter 1 to 8 digits and at most 2 decimals',
  },
});
