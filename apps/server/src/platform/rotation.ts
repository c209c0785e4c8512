/**
 * Walks a live collection a slice at a time, taking up where the last slice stopped, so periodic work over
 * tens of thousands of sockets is spread over the period instead of landing in one turn. Items added
 * meanwhile are reached in the same lap; items removed are skipped (Map and Set iterators are live).
 */
export class Rotation<T> {
  private it: Iterator<T> | undefined;
  /** The fraction of an item owed by takeShare calls so far (always under one). */
  private owed = 0;
  constructor(private readonly items: () => Iterator<T>) {}

  /**
   * The next share of `count` items, which may be a fraction: called every tick with size / slices, it
   * visits each item once per `slices` ticks however few items there are (a third of an item per call is
   * one item every third call), where take(Math.ceil(…)) would visit a small collection on every tick.
   */
  takeShare(count: number): T[] {
    this.owed += count;
    const n = Math.floor(this.owed);
    this.owed -= n;
    return n ? this.take(n) : [];
  }

  /** The next items, at most n; fewer when the lap ends (the next call starts a new lap). */
  take(n: number): T[] {
    const out: T[] = [];
    let restarted = false;
    while (out.length < n) {
      this.it ??= this.items();
      const r = this.it.next();
      if (r.done) {
        this.it = undefined;
        // A lap that ended exactly at the last call's end starts over here rather than costing a call.
        if (out.length || restarted) break;
        restarted = true;
        continue;
      }
      out.push(r.value);
    }
    return out;
  }
}
