import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

/**
 * Component tests unmount what they drew after each test. antd's motion hooks still hold timers for a few
 * hundred milliseconds after an unmount, and a timer firing once jsdom is torn down throws "window is not
 * defined" into the run; so a file that drew anything lets them fire before its environment goes.
 */
let drew = false;
afterEach(() => {
  if (typeof document === 'undefined') return;
  drew ||= document.body.childElementCount > 0;
  cleanup();
});
afterAll(async () => {
  if (drew) await new Promise((r) => setTimeout(r, 600));
});
