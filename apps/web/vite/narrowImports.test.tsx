import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
// antd's ES build goes through Vite's plugins in this project, as in the app's build.
import Form from 'antd/es/form';
import { FormProvider } from 'antd/es/form/context';
import { AggregationColor } from 'antd/es/color-picker/color';
import { isBright as antdIsBright } from 'antd/es/color-picker/components/ColorPresets';
import '@/shared/upload/test-env';
import { isBrightModule } from './narrowImports';

const require = createRequire(import.meta.url);
const pkg = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
const antd = pkg('antd');

describe("antd's imports narrowed to what they use", () => {
  it('still finds the imports it narrows in antd', () => {
    const text = (file: string) => fs.readFileSync(path.join(antd, 'es', file), 'utf8');
    expect(text('form/context.js')).toContain(
      "import { FormProvider as RcFormProvider } from '@rc-component/form';",
    );
    for (const file of ['button/style/token.js', 'tag/style/index.js'])
      expect(text(file)).toContain("import { isBright } from '../../color-picker/components/ColorPresets';");
  });

  it("judges a colour light or dark exactly as antd's own isBright", async () => {
    const dir = fs.mkdtempSync(path.join(import.meta.dirname, '.bright-'));
    try {
      const file = path.join(dir, 'bright.mjs');
      const colorModule = path.join(pkg('@rc-component/color-picker'), 'es/color.js');
      fs.writeFileSync(file, isBrightModule(colorModule));
      const { isBright } = (await import(/* @vite-ignore */ file)) as { isBright: typeof antdIsBright };
      const colours = [
        '#fff',
        '#000',
        '#1677ff',
        '#ffd666',
        '#c9a227',
        '#ffffff80',
        '#00000033',
        '#7f7f7f',
        '#fadb14',
      ];
      const judged = [];
      for (const c of colours)
        for (const bg of ['#fff', '#141414']) {
          const colour = new AggregationColor(c);
          judged.push(isBright(colour, bg));
          expect(isBright(colour, bg), `${c} on ${bg}`).toBe(antdIsBright(colour, bg));
        }
      // Both answers occur, so the comparison says something.
      expect(new Set(judged).size).toBe(2);
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });

  it("a form inside antd's FormProvider still reports to it (one form context, not two)", async () => {
    const finished = vi.fn();
    render(
      <FormProvider onFormFinish={(name, info) => finished(name, info.values)}>
        <Form name="offer" initialValues={{ model: 'Sedan' }}>
          <Form.Item name="model">
            <input aria-label="model" />
          </Form.Item>
          <button type="submit">Send</button>
        </Form>
      </FormProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(finished).toHaveBeenCalledWith('offer', { model: 'Sedan' }));
  });
});
