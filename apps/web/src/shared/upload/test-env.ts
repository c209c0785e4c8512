/** What antd needs from a browser that jsdom lacks; imported by the component tests of this folder and pickers. */
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!URL.createObjectURL) URL.createObjectURL = () => 'blob:test';
if (!URL.revokeObjectURL) URL.revokeObjectURL = () => {};

/** A file of a given name and size. */
export const fileOf = (name: string, size = 1024, type = '') =>
  new File([new Uint8Array(size)], name, { type });

/** Every toast text currently shown. */
export const toasts = () =>
  [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent ?? '');

if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
