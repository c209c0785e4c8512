import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, tokenFor, type TestApp } from '../../../test/harness.js';

describe(`clearing the caches (${dbLabel})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const clear = (token: string) => call(t, token, { url: '/api/blade-auth/oauth/clear-cache', lang: 'en' });

  it('is for holders of the cache_clear button (the administrators), not for every signed-in user', async () => {
    for (const account of ['sales1', 'resource1', 'online1']) {
      const res = await clear(await tokenFor(t, account));
      expect(res.statusCode, account).toBe(403);
      expect(res.json().msg).toBe('You do not have permission to do this');
    }
    expect((await clear(await tokenFor(t, 'admin'))).json()).toMatchObject({ code: 200, data: true });
    // The button is seeded like the others, under menu administration, and granted to the administrator role.
    const granted = await t.db.query<{ role_alias: string }>(
      `SELECT r.role_alias FROM blade_menu m JOIN blade_role_menu rm ON rm.menu_id = m.id JOIN blade_role r ON r.id = rm.role_id
        WHERE m.code = 'cache_clear' AND m.category = 2 AND m.is_deleted = 0`,
    );
    expect(granted.map((g) => g.role_alias)).toEqual(['administrator']);
  });
});
