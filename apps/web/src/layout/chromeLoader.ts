import { remembered } from './remembered';

/**
 * The shell's chrome (Chrome.tsx), one chunk: asked for once the page's chunk is in (prefetch.ts), drawn
 * once the page is. Remembered, so the layout's second pass draws it at once when it is in.
 */
export const chrome = remembered(() => import('./Chrome'));
export const loadChrome = chrome.load;
