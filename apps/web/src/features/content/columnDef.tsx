import { Tag } from 'antd';
import type { ContentColumn, ContentColumnSubmit } from '@forecourt/contracts';
import i18n from '@/shared/i18n';
import { http } from '@/shared/http';
import { bladeCalls, parentForForm, type CrudDef, type Page, type Row } from '@/shared/crud';
import { COLUMN, COLUMN_TREE, loadColumnTree } from './api';
import './messages';

const SHOWN = 1;
const HIDDEN = 0;
const statusText = (s: number) => i18n.t(`content.column.statusOf.${s}`);
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

// A branch is every child of its parent (the list pages at 10 when not asked otherwise).
const calls = bladeCalls<ContentColumn>(COLUMN);
const BRANCH = 1000;

/**
 * /store/column/column (栏目管理): the columns as a lazy tree. A column with children or with articles is
 * not removed: the server says why.
 */
export const columnDef: CrudDef<ContentColumn> = {
  name: 'content-column',
  title: 'content.column.title',
  perm: 'column',
  rowName: (r) => r.name,
  tree: { parentParam: 'parentId', root: '0' },
  api: {
    ...calls,
    list: (params) =>
      http.get<Page<ContentColumn> | ContentColumn[]>(`${COLUMN}/list`, {
        params: { current: 1, size: BRANCH, ...params },
      }),
  },
  columns: [
    {
      prop: 'name',
      label: 'content.column.name',
      search: true,
      width: 240,
      form: { required: true, max: 40 },
    },
    {
      prop: 'code',
      label: 'content.column.code',
      width: 160,
      form: {
        required: true,
        max: 32,
        pattern: { regex: /^[a-z0-9_-]+$/, message: 'content.column.codeRule' },
      },
    },
    {
      prop: 'parentId',
      label: 'content.column.parent',
      table: false,
      export: false,
      tree: { key: COLUMN_TREE, load: loadColumnTree },
      form: {},
    },
    {
      prop: 'sort',
      label: 'content.column.sort',
      width: 80,
      form: { type: 'number', min: 0, max: 9999, initial: 0 },
    },
    {
      prop: 'status',
      label: 'content.column.status',
      width: 90,
      numeric: true,
      search: true,
      choices: [
        { value: SHOWN, label: `content.column.statusOf.${SHOWN}` },
        { value: HIDDEN, label: `content.column.statusOf.${HIDDEN}` },
      ],
      render: (_, r) => <Tag color={r.status === SHOWN ? 'green' : 'default'}>{statusText(r.status)}</Tag>,
      text: (r) => statusText(r.status),
      form: { required: true, initial: SHOWN },
    },
    {
      prop: 'remark',
      label: 'content.column.remark',
      ellipsis: true,
      width: 200,
      form: { type: 'textarea', max: 200, wide: true },
    },
    { prop: 'createTime', label: 'content.column.createTime', width: 170 },
  ],
  toForm: (r) => ({ ...r, parentId: parentForForm(r.parentId) }),
  toBody: (v: Row, mode, row): ContentColumnSubmit => ({
    ...(mode === 'edit' ? { id: row.id } : {}),
    parentId: typeof v.parentId === 'string' && v.parentId ? v.parentId : '0',
    name: trimmed(v.name),
    code: trimmed(v.code),
    sort: (v.sort as number | null | undefined) ?? 0,
    status: v.status as number,
    remark: trimmed(v.remark),
  }),
};
