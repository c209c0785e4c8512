import type { EventName, EventPayloads, Handler } from './types.js';

/** on/off/emit with handlers called `{ name, data }`, as the hosted SDK does. A throwing handler never stops the others. */
export class Emitter {
  private handlers = new Map<string, Set<(e: unknown) => void>>();

  on<E extends EventName>(name: E, handler: Handler<E>) {
    let set = this.handlers.get(name);
    if (!set) this.handlers.set(name, (set = new Set()));
    set.add(handler as (e: unknown) => void);
  }

  off<E extends EventName>(name: E, handler: Handler<E>) {
    this.handlers.get(name)?.delete(handler as (e: unknown) => void);
  }

  /** Whether anything listens: an event whose payload costs something to build is skipped otherwise. */
  listens(name: EventName): boolean {
    return Boolean(this.handlers.get(name)?.size);
  }

  emit<E extends EventName>(name: E, data: EventPayloads[E]) {
    for (const h of [...(this.handlers.get(name) ?? [])]) {
      try {
        h({ name, data });
      } catch (e) {
        console.error(`[im-sdk] handler of ${name} failed`, e);
      }
    }
  }

  clear() {
    this.handlers.clear();
  }
}
