/**
 * jsdom lacks layout: antd wants ResizeObserver and matchMedia, and the virtual lists need a viewport
 * size. Import this first in component tests of the chat.
 */
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
const g = globalThis as unknown as Record<string, unknown>;
g.ResizeObserver ??= NoopResizeObserver;
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
// Every element pretends to be 600 × 800 so that virtual lists render a window of rows.
for (const [prop, value] of [
  ['offsetHeight', 800],
  ['offsetWidth', 600],
  ['clientHeight', 800],
  ['clientWidth', 600],
] as const) {
  Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => value });
}
window.HTMLElement.prototype.scrollTo ??= function scrollTo() {};
