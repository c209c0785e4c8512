import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Two of antd's imports reach much further than what they use, and bring it into the workbench.
 *
 * Why: rollup splits by module, not by function. When a module the workbench needs imports another for
 * one small export, the whole of that other module and everything it imports load with the workbench.
 * Two such imports carried ~17 KB gzip the workbench never runs:
 * - antd's `form/context` (which Select, Input and the rest import for their form status) takes the
 *   `FormProvider` from `@rc-component/form`'s index, which builds the whole form engine (fields,
 *   validation, async-validator: ~13 KB) — the pages that have a form load it with antd's Form;
 * - the Button's and the Tag's style tokens take `isBright` (is a colour light enough for dark text) from
 *   the colour picker's presets panel, which imports antd's Collapse and its styles (~4 KB).
 * This plugin points those imports at what they use: `FormProvider` from the module that defines it (the
 * same module, so the same React context as the form's), and `isBright` from a module holding that one
 * function, the same code as antd's.
 *
 * Tied to antd's file layout (antd 6); `narrowImports.test.tsx` fails when either import is no longer
 * there, and checks `isBright` against antd's own.
 */
const FORM_CONTEXT = /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/;
const BRIGHT_USERS = /[\\/]antd[\\/]es[\\/](button[\\/]style[\\/]token|tag[\\/]style[\\/]index)\.js$/;
const BRIGHT = '\0forecourt:antd-is-bright';

/** `isBright` as antd 6 defines it in `color-picker/components/ColorPresets.js`. */
export const isBrightModule = (
  colorModule: string,
) => `import { Color as RcColor } from ${JSON.stringify(colorModule)};
export const isBright = (value, bgColorToken) => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
`;

export function narrowImports(): Plugin {
  let colorModule = '';
  return {
    name: 'forecourt:narrow-imports',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer) return null;
      if (source === '@rc-component/form' && FORM_CONTEXT.test(importer)) {
        // Beside the index the bundler picks, so the form's own modules import the very same file.
        const index = await this.resolve(source, importer, { skipSelf: true });
        return index && !index.external ? path.join(path.dirname(index.id), 'FormContext.js') : null;
      }
      if (source === '../../color-picker/components/ColorPresets' && BRIGHT_USERS.test(importer)) {
        if (!colorModule) {
          const index = await this.resolve('@rc-component/color-picker', importer, { skipSelf: true });
          if (!index || index.external) return null;
          colorModule = path.join(path.dirname(index.id), 'color.js');
        }
        return BRIGHT;
      }
      return null;
    },
    load(id) {
      return id === BRIGHT ? isBrightModule(colorModule) : null;
    },
  };
}
