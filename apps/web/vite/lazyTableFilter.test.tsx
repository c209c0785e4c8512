import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
// antd's ES build goes through Vite's plugins in this project, as in the app's build: its Table here has
// the stand-in filter dropdown.
import Table from 'antd/es/table';
import { flattenKeys as antdFlattenKeys } from 'antd/es/table/hooks/useFilter/FilterDropdown';
import { flattenKeys as tableFlattenKeys } from 'antd/es/table/hooks/useFilter';
import '@/shared/upload/test-env';
import { realFilterDropdown } from './lazyTableFilter';

const rows = [
  { key: '1', model: 'Sedan', status: 'new' },
  { key: '2', model: 'Coupe', status: 'sold' },
  { key: '3', model: 'Estate', status: 'new' },
];

describe('antd Table with its filter dropdown loaded on use', () => {
  it('still finds the import it replaces in antd', () => {
    const useFilter = path.join(path.dirname(realFilterDropdown()), 'index.js');
    expect(fs.readFileSync(useFilter, 'utf8')).toContain(
      "import FilterDropdown, { flattenKeys } from './FilterDropdown';",
    );
  });

  it('keeps the filter keys antd computes, nested options included', () => {
    // The Table's filter state imports `flattenKeys` through the stand-in, not from antd's dropdown.
    expect(tableFlattenKeys).not.toBe(antdFlattenKeys);
    const filters = [
      {
        text: 'A',
        value: 'a',
        children: [
          { text: 'A1', value: 1 },
          { text: 'A2', value: 'a2' },
        ],
      },
      { text: 'B', value: 'b' },
    ];
    expect(tableFlattenKeys(filters)).toEqual(['a', 1, 'a2', 'b']);
    expect(tableFlattenKeys(filters)).toEqual(antdFlattenKeys(filters));
    expect(tableFlattenKeys(undefined)).toEqual([]);
  });

  it('draws a filterable column, and its filter narrows the rows', async () => {
    const onChange = vi.fn();
    render(
      <Table
        dataSource={rows}
        pagination={false}
        onChange={onChange}
        columns={[
          { title: 'Model', dataIndex: 'model' },
          {
            title: 'Status',
            key: 'status',
            dataIndex: 'status',
            filters: [
              { text: 'New', value: 'new' },
              { text: 'Sold', value: 'sold' },
            ],
            onFilter: (value, row) => row.status === value,
          },
        ]}
      />,
    );
    expect(screen.getByText('Status')).toBeTruthy();
    const trigger = await waitFor(() => {
      const t = document.querySelector<HTMLElement>('.ant-table-filter-trigger');
      expect(t).toBeTruthy();
      return t!;
    });
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    await userEvent.click(within(menu).getByText('Sold'));
    await userEvent.click(screen.getByRole('button', { name: /ok/i }));
    await waitFor(() => expect(screen.queryByText('Sedan')).toBeNull());
    expect(screen.getByText('Coupe')).toBeTruthy();
    expect(onChange).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ status: ['sold'] }),
      expect.anything(),
      expect.anything(),
    );
  });
});
