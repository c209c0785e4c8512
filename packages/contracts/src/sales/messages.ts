/**
 * The sales rules' messages in both languages. The server registers them (registerMessages) and the web
 * fills the same templates. State messages carry each state in both languages ({fromZh}, {fromEn}…), so the
 * message names the states in the reader's words.
 */
export const SALES_MESSAGES: { zh: Record<string, string>; en: Record<string, string> } = {
  zh: {
    'sales.moveRefused': '{kindZh}状态不能从「{fromZh}」变为「{toZh}」',
    'sales.stateUnknown': '「{from}」不是{kindZh}的状态',
    'sales.reasonRequired': '{kindZh}变为「{toZh}」时必须填写原因',
    'sales.approvalNeeded': '优惠超出您的权限或低于底价，报价须先提交审批，不能直接发送',
    'sales.approvalNotNeeded': '该报价在您的优惠权限内，无需审批，可直接发送',
    'sales.amountInvalid': '{field} 金额格式不正确（最多 8 位整数、2 位小数）',
    'sales.percentInvalid': '{field} 须为 0 到 100 之间的百分比，最多 2 位小数',
    'sales.termInvalid': '{field} 须为 1 到 {max} 之间的整月数',
    'sales.rateInvalid': '{field} 须为 0 到 {max} 之间的年利率（%），最多 4 位小数',
    'sales.discountOverPrice': '{field}：优惠不能超过车价',
    'sales.creditOverTotal': '{field}：置换抵扣不能超过应付总额',
    'vin.empty': '请输入车架号',
    'vin.length': '车架号必须为 17 位',
    'vin.characters': '车架号只能包含数字和除 I、O、Q 以外的大写字母',
    'vin.checkDigit': '车架号第 9 位校验位不正确',
  },
  en: {
    'sales.moveRefused': 'The {kindEn} status cannot change from "{fromEn}" to "{toEn}"',
    'sales.stateUnknown': 'Unknown {kindEn} status "{from}"',
    'sales.reasonRequired': 'A reason is required when the {kindEn} status changes to "{toEn}"',
    'sales.approvalNeeded':
      'The discount exceeds your limit or the price is below the floor price: submit the offer for approval before sending it',
    'sales.approvalNotNeeded':
      'This offer is within your discount limit and needs no approval; send it directly',
    'sales.amountInvalid': 'The amount {field} must have at most 8 integer digits and 2 decimals',
    'sales.percentInvalid': 'The percentage {field} must be from 0 to 100 with at most 2 decimals',
    'sales.termInvalid': 'The term {field} must be a whole number of months from 1 to {max}',
    'sales.rateInvalid': 'The annual rate {field} must be from 0 to {max} % with at most 4 decimals',
    'sales.discountOverPrice': 'The discount ({field}) cannot exceed the vehicle price',
    'sales.creditOverTotal': 'The trade-in credit ({field}) cannot exceed the amount due',
    'vin.empty': 'Please enter the VIN',
    'vin.length': 'The VIN must be 17 characters',
    'vin.characters': 'The VIN may contain only digits and capital letters other than I, O and Q',
    'vin.checkDigit': 'The check digit (9th character) of the VIN is wrong',
  },
};

/** Fills a template the way the server's t() does, for the web and tests. */
export function salesMessage(
  lang: 'zh' | 'en',
  key: string,
  params: Record<string, string | number> = {},
): string {
  const text = SALES_MESSAGES[lang][key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, p: string) => (p in params ? String(params[p]) : m));
}
