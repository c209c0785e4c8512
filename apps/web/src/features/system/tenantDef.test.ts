import { describe, expect, it } from 'vitest';
import { tenantDef } from './tenantDef';

const def = (platform: boolean) => tenantDef({ ask: () => {}, created: () => {}, platform });
const field = (platform: boolean, prop: string) => def(platform).columns.find((c) => c.prop === prop)!.form!;

describe('tenant form', () => {
  it("locks the domain and the background for a tenant administrator's edit, not for the platform's", () => {
    for (const prop of ['domain', 'backgroundUrl']) {
      expect(field(false, prop).lockedOnEdit, prop).toBe(true);
      expect(field(true, prop).lockedOnEdit, prop).toBe(false);
    }
    expect(field(false, 'linkman').lockedOnEdit).toBeFalsy();
  });

  it('wants a host name as the domain, as the sign-in page looks it up', () => {
    const { regex } = field(true, 'domain').pattern!;
    for (const ok of ['', 'dealer.example.com', 'Dealer-1.example.COM', 'localhost'])
      expect(regex.test(ok), ok).toBe(true);
    for (const bad of ['https://dealer.example.com', 'a b', 'dealer.example.com/x', '-a.com', 'a..com'])
      expect(regex.test(bad), bad).toBe(false);
  });
});
