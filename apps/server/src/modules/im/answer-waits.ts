/**
 * Waits for a number of answers to an announcement that is not known until the announcement is made, while
 * answers may already be arriving: a sign-in publishes itself, Redis replies how many nodes heard it, and
 * those nodes' answers can come back before that reply does.
 */
export class AnswerWaits {
  private waits = new Map<string, { answers: number; expected: number; done: () => void }>();

  /**
   * Runs `announce`, which returns how many answers to expect, and resolves once that many arrived for
   * `id`, or after `timeoutMs` (an answerer may be gone). Returns whether every answer came.
   */
  async wait(id: string, announce: () => Promise<number>, timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const w = { answers: 0, expected: Infinity, done: () => {} };
    const finished = new Promise<void>((resolve) => (w.done = resolve));
    this.waits.set(id, w);
    try {
      w.expected = await announce();
      if (w.answers >= w.expected) w.done();
      timer = setTimeout(w.done, timeoutMs);
      await finished;
      return w.answers >= w.expected;
    } finally {
      clearTimeout(timer);
      this.waits.delete(id);
    }
  }

  /** Counts one answer for `id`; answers for nothing awaited are ignored. */
  answer(id: string): void {
    const w = this.waits.get(id);
    if (w && ++w.answers >= w.expected) w.done();
  }
}
