import { describe, expect, it } from 'vitest';
import { gatewayError, templateOf } from './sms.js';

describe('SMS sending helpers', () => {
  it("keeps a gateway's words short and without the code", () => {
    expect(gatewayError(new Error('bad 123456 and 123456'), '123456')).toBe('bad ****** and ******');
    expect(gatewayError('x'.repeat(900), '1')).toHaveLength(500);
    expect(gatewayError(new Error(''), '1')).toBe('error');
  });

  it("takes the text of a sign-in on any tenant's mobile page and of a reset from their templates", () => {
    expect(templateOf('h5:000000')).toBe('sms.h5');
    expect(templateOf('h5:100001')).toBe('sms.h5');
    expect(templateOf('reset')).toBe('sms.reset');
    expect(templateOf('other')).toBeNull();
  });
});
