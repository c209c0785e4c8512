/**
 * A chunk's loader that remembers its module, for `React.lazy`. React's `lazy` reads a thenable that has
 * answered by the time `then` returns as resolved and draws the component in the same render; a promise
 * answers a tick later, so a component whose code is already in would still suspend for a round first.
 * For a page preloaded with the workspace (prefetch.ts) that round put its reveal behind the chrome's
 * render: the workbench's cards were drawn with the side menu, ~1.3 s after the frame at a phone's CPU.
 */
export function remembered<T>(load: () => Promise<T>) {
  let module: T | undefined;
  let pending: Promise<T> | undefined;
  const get = () =>
    (pending ??= load().then(
      (m) => (module = m),
      (e: unknown) => {
        // A failed load (the network) is tried again by the next caller.
        pending = undefined;
        throw e;
      },
    ));
  return {
    /** Starts loading (once) and answers with the module. */
    load: get,
    /** The loader for `lazy`: what `pick` takes from the module, at once when the module is in. */
    lazy<R>(pick: (m: T) => R): Promise<R> {
      if (module === undefined) return get().then(pick);
      const picked = pick(module);
      return { then: (resolve: (r: R) => void) => resolve(picked) } as unknown as Promise<R>;
    },
  };
}
