import { createElement } from 'react';
import { afterAll, afterEach, expect } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// What a test waits for (a toast, a row) is a user-visible effect that may take a few renders; on the
// shared 2-core machine during the full suite one took 1.9 s, past testing-library's default of 1 s.
// Only a failing wait is slower for it.
configure({ asyncUtilTimeout: 5000 });

/**
 * Component tests unmount what they drew after each test. A timer that fires once jsdom is torn down and
 * updates React throws "window is not defined" into the run. Two kinds outlive `cleanup`: antd's motion
 * hooks (a few hundred milliseconds after an unmount), and antd's static message, notification and
 * `Modal.confirm`, which draw in React roots of their own that `cleanup` does not know. A message closes
 * itself after 3 s, and under jsdom no transition ever ends, so a closed notice would wait for its motion
 * forever with that timer still set. Component files therefore draw those without motion, close them when
 * the file ends, and let the remaining motion timers fire before the environment goes.
 */
const antd = /\.tsx$/.test(expect.getState().testPath ?? '') ? await import('antd') : undefined;
antd?.ConfigProvider.config({
  holderRender: (children) =>
    createElement(antd.ConfigProvider, { theme: { token: { motion: false } } }, children),
});

let drew = false;
afterEach(() => {
  if (typeof document === 'undefined') return;
  drew ||= document.body.childElementCount > 0;
  cleanup();
});
afterAll(async () => {
  if (antd) {
    antd.message.destroy();
    antd.notification.destroy();
    antd.Modal.destroyAll();
    // `confirm` (shared/notify) asks through this entry, which is a module of its own here.
    (await import('antd/es/modal')).default.destroyAll();
  }
  if (drew) await new Promise((r) => setTimeout(r, 600));
});
