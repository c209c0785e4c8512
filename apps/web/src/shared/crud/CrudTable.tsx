import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Dropdown, Form, Row as Line, Space, Table, type TableProps } from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  MoreOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/store';
import { toast } from '../http';
import { confirm } from '../notify/confirm';
import { useDictionaries } from './dict';
import { saveXlsx } from './exportXlsx';
import { FieldInput } from './Field';
import { FormDialog } from './FormDialog';
import './messages';
import { cellText, everyNode, everyPage, hasFilters, listParams, sheetRows, withChildren } from './params';
import type { CrudAction, CrudColumn, CrudDef, DictRef, FormMode, Page, Row, SortState } from './types';

export interface CrudTableProps {
  def: CrudDef;
  /** Fixed parameters of every list call (the department chosen on the left, the parent dictionary). */
  params?: Record<string, unknown>;
  /** No list until this is true (a child list waiting for its parent). */
  enabled?: boolean;
  /** Row click (master lists that drive a detail list) and the row shown as chosen. */
  onRowClick?: (row: Row) => void;
  activeKey?: string;
  /** Buttons of the page itself, next to the engine's toolbar. */
  extraToolbar?: ReactNode;
  title?: ReactNode;
  /** Smaller chrome for lists inside dialogs and split pages. */
  compact?: boolean;
}

interface Dialog {
  mode: FormMode;
  row: Row;
  initial?: Row;
  loading?: boolean;
}

const ACTION_WIDTH = 220;

/**
 * The console's one table: a page declares its columns and calls (CrudDef) and gets the search form,
 * paging or a lazy tree, sorting, permission-gated buttons, the add/edit/view dialog, removal with a
 * confirmation naming the row, batch removal and the export of every filtered row.
 */
export function CrudTable({
  def,
  params,
  enabled = true,
  onRowClick,
  activeKey,
  extraToolbar,
  title,
  compact,
}: CrudTableProps) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const permission = useSession((s) => s.permission);
  const can = (code?: string) => !code || Boolean(permission[code]);
  const rowKey = def.rowKey ?? 'id';
  const [searchForm] = Form.useForm();
  const [search, setSearch] = useState<Row>({});
  const [page, setPage] = useState({ current: 1, size: def.pageSize ?? 10 });
  const [sort, setSort] = useState<SortState | undefined>(def.sort);
  const [selected, setSelected] = useState<Row[]>([]);
  const [loaded, setLoaded] = useState<Record<string, Row[]>>({});
  const [expanded, setExpanded] = useState<string[]>([]);
  const [dialog, setDialog] = useState<Dialog>();
  const [exporting, setExporting] = useState(false);
  const dicts = useDictionaries(def.columns);

  const filtering = hasFilters(def.columns, search);
  const query = listParams({
    columns: def.columns,
    search,
    extra: { ...params, ...(def.tree && !filtering ? { [def.tree.parentParam]: def.tree.root } : {}) },
    page: def.tree ? undefined : page,
    sort,
  });
  const list = useQuery({
    queryKey: ['crud', def.name, query],
    queryFn: () => def.api.list(query),
    enabled,
    placeholderData: keepPreviousData,
  });
  const answer = list.data;
  const records = !answer ? [] : Array.isArray(answer) ? answer : (answer as Page).records;
  const total = answer && !Array.isArray(answer) ? (answer as Page).total : records.length;
  const data = def.tree ? withChildren(records, loaded, rowKey) : records;
  // The last row of the last page removed: show the page before, not an empty one.
  const emptyPage = !def.tree && Boolean(answer) && !records.length && page.current > 1 && !list.isFetching;
  useEffect(() => {
    if (emptyPage) setPage((p) => ({ ...p, current: Math.max(1, p.current - 1) }));
  }, [emptyPage]);

  const childrenOf = async (parent: string) => {
    const a = await def.api.list({ ...params, [def.tree!.parentParam]: parent });
    return Array.isArray(a) ? a : a.records;
  };

  /** After a change: the list again, and every branch already opened (a new child shows where it belongs). */
  const reload = async (open: string[] = []) => {
    setSelected([]);
    await qc.invalidateQueries({ queryKey: ['crud', def.name] });
    // Tree selects (a parent, a department) may now list another node.
    void qc.invalidateQueries({ queryKey: ['crud-tree'] });
    for (const key of def.invalidates ?? []) void qc.invalidateQueries({ queryKey: key });
    if (def.tree) {
      const keys = [...new Set([...Object.keys(loaded), ...open])];
      const fresh = await Promise.all(keys.map((k) => childrenOf(k).catch(() => [] as Row[])));
      setLoaded(Object.fromEntries(keys.map((k, i) => [k, fresh[i]!])));
    }
  };

  const dictOptions = (ref: DictRef, numeric?: boolean) =>
    dicts.entries(ref).map((e) => ({ value: numeric ? Number(e.dictKey) : e.dictKey, label: e.dictValue }));
  const labelOf = (c: CrudColumn, v: unknown) =>
    c.dict
      ? dicts.label(c.dict, v)
      : c.choices
        ? t(c.choices.find((o) => String(o.value) === String(v))?.label ?? String(v))
        : undefined;

  const open = async (mode: FormMode, row: Row = {}) => {
    const start = mode === 'add' ? { ...def.defaults?.(), ...row } : row;
    const toForm = (r: Row) => (def.toForm ? def.toForm(r) : r);
    if (mode === 'add' || !def.api.detail) {
      setDialog({ mode, row: start, initial: mode === 'add' ? start : toForm(start) });
      return;
    }
    setDialog({ mode, row, loading: true });
    try {
      const full = await def.api.detail(row);
      setDialog({ mode, row: full, initial: toForm(full) });
    } catch {
      setDialog(undefined);
    }
  };

  const submit = async (values: Row) => {
    const mode = dialog!.mode === 'add' ? 'add' : 'edit';
    const row = dialog!.row;
    const merged: Row = { ...(mode === 'edit' ? { [rowKey]: row[rowKey] } : {}), ...values };
    if (mode === 'add') for (const [k, v] of Object.entries(def.defaults?.() ?? {})) merged[k] ??= v;
    if (mode === 'add' && row.parentId && merged.parentId === undefined) merged.parentId = row.parentId;
    const body = def.toBody ? def.toBody(merged, mode, row) : merged;
    const out = await def.api.submit!(body, mode);
    toast.success(t('crud.saved'));
    setDialog(undefined);
    // A new child: its parent opens so it is in sight.
    const parent = mode === 'add' && def.tree && merged.parentId && merged.parentId !== def.tree.root;
    if (parent) {
      const key = String(merged.parentId);
      setExpanded((e) => (e.includes(key) ? e : [...e, key]));
    }
    await reload(parent ? [String(merged.parentId)] : []);
    def.afterSubmit?.(out, mode);
  };

  const remove = (rows: Row[]) => {
    if (!rows.length) return void toast.warning(t('crud.chooseRows'));
    confirm({
      title: t('crud.confirmTitle'),
      content:
        rows.length === 1
          ? t('crud.removeOne', { name: def.rowName(rows[0]!) })
          : t('crud.removeMany', { count: rows.length }),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await def.api.remove!(rows.map((r) => String(r[rowKey])));
        } catch {
          // The client already said why (a node with children, a row in use).
          return;
        }
        toast.success(t('crud.removed'));
        await reload();
      },
    });
  };

  const runAction = (a: CrudAction, rows: Row[]) => {
    if (a.needsSelection && !rows.length) return void toast.warning(t('crud.chooseRows'));
    const go = async () => {
      await a.run({ rows, reload: () => void reload() });
    };
    if (!a.confirm) return void go().catch(() => undefined);
    confirm({
      title: t('crud.confirmTitle'),
      content: a.confirm(rows),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: () => go().catch(() => undefined),
    });
  };

  const exportAll = async () => {
    setExporting(true);
    try {
      const filters = listParams({ columns: def.columns, search, extra: params, sort });
      const rows = def.api.all
        ? await def.api.all(filters)
        : def.tree
          ? await everyNode(def.api.list, filters, def.tree, rowKey)
          : await everyPage(def.api.list, filters);
      if (!rows.length) return void toast.warning(t('crud.nothingToExport'));
      const sheet = sheetRows(
        def.columns,
        rows,
        (c) => t(c.label),
        (c, r) => cellText(c, r, labelOf),
      );
      await saveXlsx(sheet, `${t(def.title)}.xlsx`);
      toast.success(t('crud.exported', { count: rows.length }));
    } catch {
      // Failed calls were shown by the client.
    } finally {
      setExporting(false);
    }
  };

  const onExpand = async (open: boolean, row: Row) => {
    const key = String(row[rowKey]);
    setExpanded((e) => (open ? [...e, key] : e.filter((k) => k !== key)));
    if (open && !loaded[key]) {
      const kids = await childrenOf(key).catch(() => [] as Row[]);
      setLoaded((l) => ({ ...l, [key]: kids }));
    }
  };

  const rowActions = (def.actions ?? []).filter((a) => a.place === 'row' && can(a.code));
  const toolbarActions = (def.actions ?? []).filter((a) => a.place === 'toolbar' && can(a.code));
  const code = (kind: 'add' | 'edit' | 'delete' | 'view') => def.buttons?.[kind] ?? `${def.perm}_${kind}`;
  const canAdd = Boolean(def.api.submit) && can(code('add'));
  const canEdit = Boolean(def.api.submit) && can(code('edit'));
  const canView = can(code('view'));
  const canRemove = Boolean(def.api.remove) && can(code('delete'));
  const selectable = (def.selectable ?? canRemove) || toolbarActions.some((a) => a.needsSelection);

  const columns = useMemo(() => def.columns.filter((c) => c.table !== false), [def.columns]);
  const tableColumns: TableProps<Row>['columns'] = [
    ...columns.map((c) => ({
      key: c.prop,
      dataIndex: c.prop,
      title: t(c.label),
      width: c.width,
      ellipsis: c.ellipsis,
      sorter: c.sortable ? true : undefined,
      sortOrder: sort?.field === c.prop ? sort.order : null,
      render: (v: unknown, r: Row) => (c.render ? c.render(v, r) : cellText(c, r, labelOf)),
    })),
  ];
  const hasRowButtons = canView || canEdit || canRemove || rowActions.length > 0 || (def.tree && canAdd);
  if (hasRowButtons) {
    tableColumns.push({
      key: '__actions',
      title: t('crud.actions'),
      width: ACTION_WIDTH,
      fixed: 'right',
      render: (_: unknown, r: Row) => {
        const own = rowActions.filter((a) => !a.visible || a.visible(r));
        const inline = own.slice(0, 1);
        const more = own.slice(1);
        const stop = (fn: () => void) => (e: React.MouseEvent) => (e.stopPropagation(), fn());
        return (
          <Space size={0} wrap>
            {canView && (
              <Button type="link" size="small" onClick={stop(() => void open('view', r))}>
                {t('crud.view')}
              </Button>
            )}
            {canEdit && (
              <Button type="link" size="small" onClick={stop(() => void open('edit', r))}>
                {t('crud.edit')}
              </Button>
            )}
            {canRemove && (
              <Button type="link" size="small" danger onClick={stop(() => remove([r]))}>
                {t('crud.remove')}
              </Button>
            )}
            {def.tree && canAdd && (def.tree.canHaveChildren?.(r) ?? true) && (
              <Button
                type="link"
                size="small"
                onClick={stop(() => void open('add', { parentId: String(r[rowKey]) }))}
              >
                {t('crud.addChild')}
              </Button>
            )}
            {inline.map((a) => (
              <Button
                key={a.key}
                type="link"
                size="small"
                danger={a.danger}
                onClick={stop(() => runAction(a, [r]))}
              >
                {t(a.label)}
              </Button>
            ))}
            {more.length > 0 && (
              <Dropdown
                menu={{
                  items: more.map((a) => ({ key: a.key, label: t(a.label), danger: a.danger })),
                  onClick: ({ key, domEvent }) => {
                    domEvent.stopPropagation();
                    runAction(
                      more.find((a) => a.key === key)!,
                      [r],
                    );
                  },
                }}
              >
                <Button type="link" size="small" icon={<MoreOutlined />} onClick={(e) => e.stopPropagation()}>
                  {t('crud.more')}
                </Button>
              </Dropdown>
            )}
          </Space>
        );
      },
    });
  }

  const searchColumns = def.columns.filter((c) => c.search);
  const applySearch = () => {
    setSearch({ ...searchForm.getFieldsValue() });
    setPage((p) => ({ ...p, current: 1 }));
    setLoaded({});
    setExpanded([]);
  };

  return (
    <Card size={compact ? 'small' : undefined} title={title} variant={compact ? 'borderless' : undefined}>
      {searchColumns.length > 0 && (
        <Form
          form={searchForm}
          name={`${def.name}-search`}
          layout="inline"
          onFinish={applySearch}
          style={{ marginBottom: 12, rowGap: 8 }}
        >
          {searchColumns.map((c) => (
            <Form.Item key={c.prop} name={c.prop} label={t(c.label)}>
              <FieldInput
                column={c}
                label={t(c.label)}
                mode="add"
                record={{}}
                searching
                dictOptions={c.dict ? dictOptions(c.dict, c.numeric) : undefined}
              />
            </Form.Item>
          ))}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('crud.search')}
              </Button>
              <Button onClick={() => (searchForm.resetFields(), applySearch())}>{t('crud.reset')}</Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      <Line justify="space-between" style={{ marginBottom: 12 }} gutter={[8, 8]}>
        <Col>
          <Space wrap>
            {canAdd && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void open('add')}>
                {t('crud.add')}
              </Button>
            )}
            {canRemove && (
              <Button danger icon={<DeleteOutlined />} onClick={() => remove(selected)}>
                {t('crud.batchRemove')}
              </Button>
            )}
            {toolbarActions.map((a) => (
              <Button key={a.key} danger={a.danger} onClick={() => runAction(a, selected)}>
                {t(a.label)}
              </Button>
            ))}
            {extraToolbar}
          </Space>
        </Col>
        <Col>
          <Space>
            {def.exportable !== false && (
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportAll()}>
                {t('crud.export')}
              </Button>
            )}
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('crud.refresh')}
              title={t('crud.refresh')}
              onClick={() => void reload()}
            />
          </Space>
        </Col>
      </Line>
      <Table<Row>
        rowKey={(r) => String(r[rowKey])}
        size={compact ? 'small' : 'middle'}
        columns={tableColumns}
        dataSource={data}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('crud.empty') }}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selected.map((r) => String(r[rowKey])),
                onChange: (_, rows) => setSelected(rows),
                checkStrictly: true,
              }
            : undefined
        }
        rowClassName={(r) =>
          activeKey !== undefined && String(r[rowKey]) === activeKey ? 'ant-table-row-selected' : ''
        }
        onRow={
          onRowClick ? (r) => ({ onClick: () => onRowClick(r), style: { cursor: 'pointer' } }) : undefined
        }
        expandable={
          def.tree
            ? {
                expandedRowKeys: expanded,
                onExpand: (o, r) => void onExpand(o, r),
              }
            : undefined
        }
        onChange={(pg, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          setSort(s?.order ? { field: String(s.columnKey ?? s.field), order: s.order } : def.sort);
          if (!def.tree) setPage({ current: pg.current ?? 1, size: pg.pageSize ?? page.size });
        }}
        pagination={
          def.tree
            ? false
            : {
                current: page.current,
                pageSize: page.size,
                total,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 50, 100],
                showTotal: (n) => t('crud.total', { total: n }),
              }
        }
      />
      {dialog && (
        <FormDialog
          open
          name={def.name}
          title={t(`crud.${dialog.mode}Title`, { title: t(def.title) })}
          mode={dialog.mode}
          columns={def.columns}
          initial={dialog.initial}
          loading={dialog.loading}
          record={dialog.row}
          width={def.formWidth}
          dictOptions={dictOptions}
          onSubmit={submit}
          onClose={() => setDialog(undefined)}
        />
      )}
    </Card>
  );
}
