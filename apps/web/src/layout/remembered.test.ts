import { describe, expect, it, vi } from 'vitest';
import { remembered } from './remembered';

describe('a remembered chunk loader', () => {
  it('loads once, and once the module is in answers lazy at once, before then returns', async () => {
    const load = vi.fn(async () => ({ Page: 'page' }));
    const chunk = remembered(load);
    let early: string | undefined;
    void chunk.lazy((m) => m.Page).then((p) => (early = p));
    expect(early).toBeUndefined(); // not in yet: answered a tick later
    await chunk.load();
    let late: string | undefined;
    void chunk.lazy((m) => m.Page).then((p) => (late = p));
    expect(late).toBe('page'); // in: answered before `then` returned, as React's lazy needs
    await new Promise((r) => setTimeout(r, 0));
    expect(early).toBe('page');
    expect(load).toHaveBeenCalledOnce();
  });

  it('tries a failed load again on the next call', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('module');
    const chunk = remembered(load);
    await expect(chunk.load()).rejects.toThrow('offline');
    await expect(chunk.load()).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
