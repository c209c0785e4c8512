/**
 * Walks a live collection a slice at a time, taking up where the last slice stopped, so periodic work over
 * tens of thousands of sockets is spread over the period instead of landing in one turn. Items added
 * meanwhile are reached in the same lap; items removed are skipped (Map and Set iterators are live).
 */
export class Rotation<T> {
  private it: Iterator<T> | undefined;
  constructor(private readonly items: () => Iterator<T>) {}

  /** The next items, at most n; fewer when the lap ends (the next call starts a new lap). */
  take(n: number): T[] {
    const out: T[] = [];
    while (out.length < n) {
      this.it ??= this.items();
      const r = this.it.next();
      if (r.done) {
        this.it = undefined;
        break;
      }
      out.push(r.value);
    }
    return out;
  }
}
