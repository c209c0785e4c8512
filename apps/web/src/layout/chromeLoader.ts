/** The shell's chrome (Chrome.tsx), one chunk: asked for beside the page's, drawn once the page is. */
export const loadChrome = () => import('./Chrome');
