import { describe, expect, it } from 'vitest';
import { checkTemplateText, fillTemplate } from './notice.js';

describe('notice template texts', () => {
  it('needs the code placeholder and refuses any placeholder the sender does not fill', () => {
    expect(checkTemplateText('验证码 {code}，{minutes} 分钟内有效')).toBeNull();
    expect(checkTemplateText('验证码 {code}')).toBeNull();
    expect(checkTemplateText('您的验证码已发送')).toEqual({
      key: 'notice.needsCode',
      params: { placeholder: '{code}' },
    });
    expect(checkTemplateText('{name}，验证码 {code}')).toEqual({
      key: 'notice.unknownPlaceholder',
      params: { name: '{name}', allowed: '{code} {minutes}' },
    });
    expect(checkTemplateText('验证码 {CODE}')?.key).toBe('notice.unknownPlaceholder');
    expect(checkTemplateText('验证码 { code }')?.key).toBe('notice.unknownPlaceholder');
  });

  it('fills every placeholder, however often it appears', () => {
    expect(fillTemplate('{code}/{code} {minutes}min', { code: '012345', minutes: 5 })).toBe(
      '012345/012345 5min',
    );
  });
});
