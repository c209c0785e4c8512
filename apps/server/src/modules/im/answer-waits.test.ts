import { describe, expect, it } from 'vitest';
import { AnswerWaits } from './answer-waits.js';

describe('AnswerWaits', () => {
  it('counts answers that arrive before the announcement says how many to expect', async () => {
    const waits = new AnswerWaits();
    const started = Date.now();
    const complete = await waits.wait(
      'a',
      async () => {
        waits.answer('a');
        waits.answer('a');
        return 2;
      },
      5_000,
    );
    expect(complete).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('waits for answers that come later, and ignores answers for another announcement', async () => {
    const waits = new AnswerWaits();
    let finished = false;
    const waiting = waits
      .wait('a', async () => 1, 5_000)
      .then((complete) => {
        finished = true;
        return complete;
      });
    await new Promise((r) => setTimeout(r, 20));
    waits.answer('b');
    await new Promise((r) => setTimeout(r, 20));
    expect(finished).toBe(false);
    waits.answer('a');
    expect(await waiting).toBe(true);
  });

  it('gives up after the timeout when an answerer is gone, and says so', async () => {
    const waits = new AnswerWaits();
    const started = Date.now();
    expect(await waits.wait('a', async () => 1, 100)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
  });

  it('returns at once when no answer is expected', async () => {
    expect(await new AnswerWaits().wait('a', async () => 0, 5_000)).toBe(true);
  });
});
