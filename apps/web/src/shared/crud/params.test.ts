import { describe, expect, it, vi } from 'vitest';
import type { TFunction } from 'i18next';
import {
  cellText,
  everyNode,
  everyPage,
  fieldRules,
  flattenTree,
  listParams,
  nest,
  searchParams,
  sheetRows,
  sortParams,
  withChildren,
} from './params';
import { grantState } from './TreeGrantDialog';
import type { CrudColumn, Page, Row } from './types';

const t = ((key: string, o?: Record<string, unknown>) =>
  `${key}${o ? ` ${JSON.stringify(o)}` : ''}`) as unknown as TFunction;

const columns: CrudColumn[] = [
  { prop: 'name', label: 'name', search: true },
  {
    prop: 'category',
    label: 'category',
    search: { param: 'category_equal' },
    dict: { code: 'menu_category' },
  },
  { prop: 'remark', label: 'remark', table: false },
  { prop: 'secret', label: 'secret', export: false },
];

describe('list parameters', () => {
  it('sends only filled search fields, trimmed, under their parameter names', () => {
    expect(searchParams(columns, { name: '  Menu ', category: '', remark: 'x' })).toEqual({ name: 'Menu' });
    expect(searchParams(columns, { name: '   ', category: 2 })).toEqual({ category_equal: 2 });
  });

  it('adds BladeX paging and sort, and the page fixed parameters without empty ones', () => {
    expect(
      listParams({
        columns,
        search: { name: 'a' },
        extra: { deptId: '12', parentId: undefined },
        page: { current: 3, size: 20 },
        sort: { field: 'sort', order: 'descend' },
      }),
    ).toEqual({ deptId: '12', name: 'a', current: 3, size: 20, descs: 'sort' });
    expect(sortParams({ field: 'code', order: 'ascend' })).toEqual({ ascs: 'code' });
    expect(sortParams(undefined)).toEqual({});
  });
});

describe('form rules from columns', () => {
  it('names the field in required, length and pattern messages', () => {
    const rules = fieldRules(
      {
        prop: 'code',
        label: 'code',
        form: { required: true, max: 10, pattern: { regex: /^[a-z]+$/, message: 'codeRule' } },
      },
      'Menu code',
      t,
    );
    expect(rules).toEqual([
      { required: true, whitespace: true, message: 'crud.required {"label":"Menu code"}' },
      { max: 10, message: 'crud.maxLength {"label":"Menu code","max":10}' },
      { pattern: /^[a-z]+$/, message: 'codeRule {"label":"Menu code"}' },
    ]);
  });

  it('asks to choose for selects and bounds numbers as numbers', () => {
    const rules = fieldRules(
      { prop: 'sort', label: 'sort', form: { type: 'number', required: true, min: 0, max: 5 } },
      'Sort',
      t,
    );
    expect(rules[0]).toEqual({ required: true, message: 'crud.required {"label":"Sort"}' });
    expect(rules[1]).toEqual({ type: 'number', max: 5, message: 'crud.maxNumber {"label":"Sort","max":5}' });
    expect(rules[2]).toEqual({ type: 'number', min: 0, message: 'crud.minNumber {"label":"Sort","min":0}' });
    const select = fieldRules(
      { prop: 'c', label: 'c', dict: { code: 'x' }, form: { required: true } },
      'Type',
      t,
    );
    expect(select[0]).toEqual({ required: true, message: 'crud.chooseRequired {"label":"Type"}' });
    expect(fieldRules({ prop: 'x', label: 'x' }, 'X', t)).toEqual([]);
  });
});

describe('export rows', () => {
  const labelOf = (c: CrudColumn, v: unknown) =>
    c.dict ? ({ '1': 'Menu', '2': 'Button' } as Record<string, string>)[String(v)] : undefined;

  it('writes the table columns with dictionary labels, leaving out form-only and unexported columns', () => {
    const rows: Row[] = [
      { name: 'Users', category: 1, remark: 'r', secret: 's' },
      { name: 'Add', category: '2', remark: null },
      { name: null, category: undefined },
    ];
    expect(
      sheetRows(
        columns,
        rows,
        (c) => c.label.toUpperCase(),
        (c, r) => cellText(c, r, labelOf),
      ),
    ).toEqual([
      ['NAME', 'CATEGORY'],
      ['Users', 'Menu'],
      ['Add', 'Button'],
      [null, null],
    ]);
  });

  it('keeps numbers, joins multiple dictionary values and prefers a column text', () => {
    expect(cellText({ prop: 'n', label: 'n' }, { n: 3 }, labelOf)).toBe(3);
    expect(cellText({ prop: 'c', label: 'c', dict: { code: 'x' } }, { c: '1,2' }, labelOf)).toBe(
      'Menu, Button',
    );
    expect(cellText({ prop: 'c', label: 'c', text: (r) => `#${String(r.c)}` }, { c: 7 }, labelOf)).toBe('#7');
  });

  it('reads every page of the filtered list, not only the one on screen', async () => {
    const all = Array.from({ length: 1203 }, (_, i) => ({ id: String(i) }));
    const list = vi.fn(async (p: Record<string, unknown>): Promise<Page> => {
      const current = Number(p.current);
      const size = Number(p.size);
      return { records: all.slice((current - 1) * size, current * size), total: all.length };
    });
    const rows = await everyPage(list, { name: 'x', descs: 'sort' });
    expect(rows).toHaveLength(1203);
    expect(list).toHaveBeenCalledTimes(3);
    expect(list.mock.calls[2]![0]).toEqual({ name: 'x', descs: 'sort', current: 3, size: 500 });
  });

  it('reads a large list to its end by cursor, whatever its estimated total says', async () => {
    const all = Array.from({ length: 1203 }, (_, i) => ({ id: String(i) }));
    const list = vi.fn(async (p: Record<string, unknown>): Promise<Page> => {
      const from = p.cursor ? Number(String(p.cursor).slice(6)) + 1 : 0;
      const records = all.slice(from, from + Number(p.size));
      return { records, total: 1000, estimated: true, next: `after-${from + records.length - 1}` };
    });
    const rows = await everyPage(list, {});
    expect(rows.map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(list.mock.calls.map((c) => c[0].cursor)).toEqual([undefined, 'after-499', 'after-999']);
  });

  it('walks a lazy tree level by level, or takes a search answer as it is', async () => {
    const children: Record<string, Row[]> = {
      '0': [
        { id: 'a', hasChildren: true },
        { id: 'b', hasChildren: false },
      ],
      a: [{ id: 'a1', hasChildren: true }],
      a1: [{ id: 'a11', hasChildren: false }],
    };
    const list = vi.fn(async (p: Record<string, unknown>) =>
      p.name ? [{ id: 'hit' }] : children[String(p.parentId)]!,
    );
    const tree = { parentParam: 'parentId', root: '0' };
    expect((await everyNode(list, {}, tree, 'id')).map((r) => r.id)).toEqual(['a', 'b', 'a1', 'a11']);
    expect(await everyNode(list, { name: 'x' }, tree, 'id')).toEqual([{ id: 'hit' }]);
    // A sort is not a search: the whole tree, in that order.
    expect(await everyNode(list, { ascs: 'code' }, tree, 'id')).toHaveLength(4);
    expect(list).toHaveBeenLastCalledWith({ ascs: 'code', parentId: 'a1' });
  });
});

describe('trees', () => {
  it('gives unopened parents an empty child list and opened ones their children', () => {
    const rows = withChildren(
      [
        { id: '1', hasChildren: true },
        { id: '2', hasChildren: true },
        { id: '3', hasChildren: false },
      ],
      { '1': [{ id: '11', hasChildren: false }] },
      'id',
    );
    expect(rows.map((r) => r.children)).toEqual([
      [{ id: '11', hasChildren: false, children: undefined }],
      [],
      undefined,
    ]);
  });

  it('nests flat rows by parentId and flattens trees parents first', () => {
    const nested = nest([
      { id: '2', parentId: '1' },
      { id: '1', parentId: '0' },
      { id: '3', parentId: '1' },
    ]);
    expect(nested).toEqual([
      {
        id: '1',
        parentId: '0',
        children: [
          { id: '2', parentId: '1' },
          { id: '3', parentId: '1' },
        ],
      },
    ]);
    expect(flattenTree(nested as Array<Row & { children?: Row[] }>).map((r) => r.id)).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it('shows granted leaves checked and their partly granted parents half-checked', () => {
    const tree = [
      {
        id: 'sys',
        title: 'System',
        children: [
          {
            id: 'user',
            title: 'Users',
            children: [
              { id: 'user_add', title: 'Add' },
              { id: 'user_del', title: 'Delete' },
            ],
          },
          { id: 'dept', title: 'Departments', children: [{ id: 'dept_add', title: 'Add' }] },
        ],
      },
    ];
    expect(grantState(tree, new Set(['sys', 'user', 'user_add', 'dept', 'dept_add']))).toEqual({
      checked: ['user_add', 'dept_add', 'dept'],
      half: ['user', 'sys'],
    });
  });
});
