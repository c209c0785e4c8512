import { Suspense, lazy } from 'react';
import { Tag } from 'antd';
import Input from 'antd/es/input/Input';
import type { Attach } from '@forecourt/contracts';
import { bladeCalls, type CrudDef } from '@/shared/crud';
import { formatSize } from '@/shared/upload/rules';
import './messages';

/** An attachment as listed, plus the view dialog's form-only preview field. */
export type AttachRow = Attach & { preview?: unknown };

export const ATTACH_BASE = '/api/blade-resource/attach';

/** Bytes as the table, the export and the view show them: B below 1 KB, then KB, then MB. */
export const sizeText = (r: Pick<Attach, 'attachSize'>) => {
  const n = Number(r.attachSize);
  return Number.isFinite(n) && n >= 0 ? formatSize(n) : '';
};

/**
 * The type filter is an exact match on the stored extension (lower case, no dot): "PDF" or ".pdf" as
 * typed finds the pdf files.
 */
export function listParams(params: Record<string, unknown>): Record<string, unknown> {
  if (typeof params.extension !== 'string') return params;
  return { ...params, extension: params.extension.trim().replace(/^\.+/, '').toLowerCase() };
}

/** Downloads a stored file under its original name. */
export function download(row: Pick<Attach, 'link' | 'originalName'>) {
  const a = document.createElement('a');
  a.href = row.link;
  a.download = row.originalName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

const calls = bladeCalls<AttachRow>(ATTACH_BASE);

// The view dialog's preview (its links, icons and texts) loads with the first view, not with the list.
const AttachPreview = lazy(() => import('./AttachPreview').then((m) => ({ default: m.AttachPreview })));

/**
 * /system/attach: the tenant's uploaded files (they arrive through the uploaders, so there is no add or
 * edit form: the page's Upload button sends files through the attachment uploader). View is the detail
 * with the uploader's preview rules; removal takes the record (the server keeps the stored bytes for the
 * links already handed out).
 */
export const attachDef: CrudDef<AttachRow> = {
  name: 'attach',
  title: 'attach.title',
  perm: 'attach',
  rowName: (r) => r.originalName,
  api: {
    list: (params) => calls.list(listParams(params)),
    detail: calls.detail,
    remove: calls.remove,
  },
  sort: { field: 'createTime', order: 'descend' },
  formWidth: 720,
  columns: [
    // The view dialog opens with the file itself (a form-only field).
    {
      prop: 'preview',
      label: 'attach.file',
      table: false,
      export: false,
      form: {
        wide: true,
        component: ({ record }) => (
          <Suspense>
            <AttachPreview record={record} />
          </Suspense>
        ),
      },
    },
    {
      prop: 'originalName',
      label: 'attach.originalName',
      search: true,
      sortable: true,
      ellipsis: true,
      form: { wide: true },
    },
    {
      prop: 'extension',
      label: 'attach.extension',
      search: true,
      width: 90,
      render: (v) => (v ? <Tag>{String(v)}</Tag> : null),
      form: {},
    },
    {
      prop: 'attachSize',
      label: 'attach.attachSize',
      width: 110,
      sortable: true,
      text: sizeText,
      form: { component: ({ record }) => <Input disabled value={sizeText(record as Attach)} /> },
    },
    {
      prop: 'link',
      label: 'attach.link',
      ellipsis: true,
      render: (v) =>
        v ? (
          <a href={String(v)} target="_blank" rel="noopener noreferrer">
            {String(v)}
          </a>
        ) : null,
      form: { wide: true },
    },
    { prop: 'contentType', label: 'attach.contentType', table: false, form: {} },
    { prop: 'name', label: 'attach.name', table: false, form: {} },
    { prop: 'createTime', label: 'attach.createTime', width: 170, sortable: true, form: {} },
  ],
  actions: [
    {
      key: 'download',
      label: 'attach.download',
      code: 'attach_view',
      place: 'row',
      run: ({ rows }) => download(rows[0]!),
    },
  ],
};
