import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { checkVin, RESOURCE_IMPORT_COLUMNS, withCheckDigit } from '@forecourt/contracts/sales';
import '@/shared/upload/test-env';
import i18n from '@/shared/i18n';
import { FormDialog } from '@/shared/crud/FormDialog';
import { looseDef } from '@/shared/crud';
import { preloadWidgets } from '@/shared/crud/widgets';
import { pathTo } from '../catalog/ModelCascader';
import { resourceDef } from './resourceDef';
import { templateRows } from './ImportDialog';

const TREE = [
  {
    value: '11',
    label: '丰田',
    labelEn: 'Toyota',
    children: [
      {
        value: '21',
        label: '凯美瑞',
        children: [
          { value: '31', label: '2024款 2.0S', energyType: 'petrol' as const, guidePrice: '199800.00' },
        ],
      },
    ],
  },
];
vi.mock('../catalog/api', () => ({
  CATALOG: '/api/blade-sales/catalog',
  CATALOG_KEYS: [['sales', 'catalog']],
  catalogTreeQuery: () => queryOptions({ queryKey: ['sales', 'catalog', 'tree'], queryFn: async () => TREE }),
}));

const good = withCheckDigit('LVGBE40K0RG123456');
const wrongDigit = good.slice(0, 8) + (good[8] === '1' ? '2' : '1') + good.slice(9);

describe('the stock form and list', () => {
  it('refuses a VIN with a wrong check digit before anything is sent, with the rule’s message', async () => {
    await i18n.changeLanguage('en');
    const onSubmit = vi.fn(async () => undefined);
    const columns = looseDef(resourceDef(true)).columns;
    // Every lazy part of the form is in before it draws: a part that arrived after the test ended would
    // wake React once jsdom is gone ("window is not defined"), which happened under a loaded full run.
    await Promise.all([preloadWidgets(columns), import('./fields')]);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FormDialog
          open
          name="resource"
          title="Add"
          mode="add"
          columns={columns}
          initial={{
            vin: wrongDigit,
            modelId: '31',
            productionDate: '2025-01-05',
            purchaseCost: '150000',
            guidePrice: '199800',
            floorPrice: '180000',
          }}
          dictOptions={() => []}
          onSubmit={onSubmit}
          onClose={() => undefined}
        />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText('The check digit (9th character) of the VIN is wrong')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    // The model picker (loaded with the form) shows the chosen model's path from the catalogue.
    expect(await screen.findByText(/Toyota/, {}, { timeout: 10_000 })).toBeTruthy();
  }, 60_000);

  it('gives a salesperson no cost or floor-price column, in the table or the export', () => {
    const props = (staff: boolean) => resourceDef(staff).columns.map((c) => c.prop);
    expect(props(false)).not.toContain('purchaseCost');
    expect(props(false)).not.toContain('floorPrice');
    expect(props(true)).toEqual(expect.arrayContaining(['purchaseCost', 'floorPrice', 'guidePrice']));
  });

  it('offers a template whose header is the import’s columns and whose example line would import', () => {
    const [header, example] = templateRows('en');
    expect(header).toEqual(RESOURCE_IMPORT_COLUMNS.map(([, , en]) => en));
    expect(templateRows('zh')[0]![0]).toBe('车架号');
    expect(checkVin(String(example![0]))).toBeNull();
  });

  it('finds a model’s path in the catalogue tree for the cascader', () => {
    expect(pathTo(TREE, '31')).toEqual(['11', '21', '31']);
    expect(pathTo(TREE, '21')).toEqual(['11', '21']);
    expect(pathTo(TREE, '99')).toEqual([]);
  });
});
