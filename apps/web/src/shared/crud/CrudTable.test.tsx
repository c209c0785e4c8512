import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '@/shared/upload/test-env';
import { useSession } from '../auth/store';
import { CrudTable } from './CrudTable';
import type { CrudColumn, CrudDef } from './types';

type Dept = { id: string; name: string; parentId: string; hasChildren?: boolean };

// A column naming a field the row does not have is a type error (the typecheck fails if it stops being one).
// @ts-expect-error 'nmae' is not a field of Dept
const _typo: CrudColumn<Dept> = { prop: 'nmae', label: 'Name' };

/** A lazy tree of departments kept in memory, answering like the server's lazy list. */
function departments() {
  let rows: Dept[] = [
    { id: '1', name: 'Head office', parentId: '0' },
    { id: '2', name: 'Sales', parentId: '1' },
  ];
  let next = 3;
  const calls: string[] = [];
  const def: CrudDef<Dept> = {
    name: 'dept-test',
    title: 'Departments',
    perm: 'dept',
    rowName: (r) => r.name,
    tree: { parentParam: 'parentId', root: '0' },
    exportable: false,
    columns: [{ prop: 'name', label: 'Name', form: { required: true } }],
    api: {
      list: async (params) => {
        calls.push(`list ${String(params.parentId)}`);
        return rows
          .filter((r) => r.parentId === params.parentId)
          .map((r) => ({ ...r, hasChildren: rows.some((c) => c.parentId === r.id) }));
      },
      submit: async (values) => {
        rows = [
          ...rows,
          { id: String(next++), name: String(values.name), parentId: String(values.parentId) },
        ];
      },
      remove: async (ids) => {
        rows = rows.filter((r) => !ids.includes(r.id));
      },
    },
  };
  return { def, calls };
}

function draw(def: CrudDef<Dept>) {
  useSession.setState({ permission: { dept_add: true, dept_edit: true, dept_delete: true } });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CrudTable def={def} />
    </QueryClientProvider>,
  );
}

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

describe('CrudTable on a lazy tree', () => {
  it('a child added under a closed branch shows there, the branch opened, beside its sibling', async () => {
    const { def } = departments();
    draw(def);
    const user = userEvent.setup();
    await screen.findByText('Head office');
    expect(screen.queryByText('Sales')).toBeNull();

    await user.click(within(rowOf('Head office')).getByRole('button', { name: '新增子项' }));
    await user.type(await screen.findByLabelText('Name'), 'Marketing');
    await user.click(screen.getByRole('button', { name: /保\s?存/ }));

    expect(await screen.findByText('Marketing')).toBeTruthy();
    expect(screen.getByText('Sales')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 30_000);

  it('a removal asks first naming the row, then the branch is read again without it', async () => {
    const { def, calls } = departments();
    draw(def);
    const user = userEvent.setup();
    await screen.findByText('Head office');
    await user.click(within(rowOf('Head office')).getByRole('button', { name: /展开|expand/i }));
    await screen.findByText('Sales');

    await user.click(within(rowOf('Sales')).getByRole('button', { name: /删\s?除/ }));
    // The question (antd's confirm, loaded when first asked) names the row.
    await waitFor(
      () =>
        expect(document.querySelector('.ant-modal-confirm-content')?.textContent).toBe(
          '确定删除「Sales」吗？',
        ),
      { timeout: 10_000 },
    );
    const before = calls.filter((c) => c === 'list 1').length;
    await user.click(screen.getByRole('button', { name: /确\s?定/ }));

    await waitFor(() => expect(screen.queryByText('Sales')).toBeNull());
    expect(calls.filter((c) => c === 'list 1').length).toBeGreaterThan(before);
    expect(screen.getByText('Head office')).toBeTruthy();
  }, 30_000);
});

type Car = { id: string; name: string };

/** A million-row list as the server answers it: an estimated total and cursors of the neighbouring pages. */
function largeList() {
  const calls: Record<string, unknown>[] = [];
  const def: CrudDef<Car> = {
    name: 'large-test',
    title: 'Cars',
    perm: 'car',
    rowName: (r) => r.name,
    exportable: false,
    columns: [{ prop: 'name', label: 'Name' }],
    api: {
      list: async (params) => {
        calls.push(params);
        const current = Number(params.current ?? 1);
        const cursor = params.cursor ? String(params.cursor) : undefined;
        const first = cursor === 'last' ? 999_991 : (current - 1) * 10 + 1;
        return {
          records: Array.from({ length: 10 }, (_, i) => ({
            id: String(first + i),
            name: `Car ${first + i}`,
          })),
          total: 1_000_000,
          size: 10,
          current: cursor === 'last' ? 100_000 : current,
          pages: 100_000,
          estimated: true,
          next: `after-${first + 9}`,
          prev: `before-${first}`,
        };
      },
      submit: async () => {},
      remove: async () => {},
    },
  };
  return { def, calls };
}

describe('CrudTable on a large list', () => {
  it('says the total is about, and pages to the neighbours and the last page by cursor', async () => {
    const { def, calls } = largeList();
    useSession.setState({ permission: {} });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CrudTable def={def as unknown as CrudDef<Dept>} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await screen.findByText('Car 1');
    expect(screen.getByText('约 1,000,000 条')).toBeTruthy();
    // Only the pages a cursor reaches at once: 1, 2 and the last; no page 3, no jumps.
    expect(screen.getByTitle('2')).toBeTruthy();
    expect(screen.queryByTitle('3')).toBeNull();
    expect(screen.getByTitle('100000')).toBeTruthy();

    await user.click(screen.getByTitle('2'));
    await screen.findByText('Car 11');
    expect(calls.at(-1)).toMatchObject({ current: 2, cursor: 'after-10' });

    await user.click(screen.getByTitle('100000'));
    await screen.findByText('Car 999991');
    expect(calls.at(-1)).toMatchObject({ cursor: 'last' });

    await user.click(screen.getByTitle('1'));
    await screen.findByText('Car 1');
    expect(calls.at(-1)!.cursor).toBeUndefined();
  }, 30_000);
});
