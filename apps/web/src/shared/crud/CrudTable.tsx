import { Suspense, lazy, useEffect, useMemo, type ReactNode } from 'react';
import { Card, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudSearchForm } from './CrudSearchForm';
import { CrudToolbar } from './CrudToolbar';
import { useDictionaries } from './dict';
import './messages';
import { cellText } from './params';
import { RowButtons } from './RowButtons';
import type { AnyRow, CrudColumn, CrudDef, DictRef, Row } from './types';
import { useCrudList } from './useCrudList';
import { useCrudMutations } from './useCrudMutations';
import { useCrudPermissions } from './useCrudPermissions';
import { preloadWidgets } from './widgets';

// The add/edit/view dialog (a modal, a form, its fields) loads when first opened.
const loadFormDialog = () => import('./FormDialog');
const FormDialog = lazy(() => loadFormDialog().then((m) => ({ default: m.FormDialog<Row> })));

export interface CrudTableProps<R extends AnyRow = Row> {
  def: CrudDef<R>;
  /** Fixed parameters of every list call (the department chosen on the left, the parent dictionary). */
  params?: Record<string, unknown>;
  /** No list until this is true (a child list waiting for its parent). */
  enabled?: boolean;
  /** Row click (master lists that drive a detail list) and the row shown as chosen. */
  onRowClick?: (row: R) => void;
  activeKey?: string;
  /** Buttons of the page itself, next to the engine's toolbar. */
  extraToolbar?: ReactNode;
  title?: ReactNode;
  /** Smaller chrome for lists inside dialogs and split pages. */
  compact?: boolean;
}

const ACTION_WIDTH = 220;

/**
 * The engine reads rows by their columns' `prop`; the row type only checks the declaration, and is
 * dropped here (the one place a typed declaration becomes the loose engine's).
 */
export const looseDef = <R extends AnyRow>(def: CrudDef<R>) => def as unknown as CrudDef;

/**
 * The console's one table: a page declares its columns and calls (CrudDef) and gets the search form,
 * paging or a lazy tree, sorting, permission-gated buttons, the add/edit/view dialog, removal with a
 * confirmation naming the row, batch removal and the export of every filtered row.
 */
export function CrudTable<R extends AnyRow = Row>(props: CrudTableProps<R>) {
  const { params, enabled = true, activeKey, extraToolbar, title, compact } = props;
  const def = looseDef(props.def);
  const onRowClick = props.onRowClick as ((row: Row) => void) | undefined;
  const { t } = useTranslation();
  const dicts = useDictionaries(def.columns);
  const dictOptions = (ref: DictRef, numeric?: boolean) =>
    dicts.entries(ref).map((e) => ({ value: numeric ? Number(e.dictKey) : e.dictKey, label: e.dictValue }));
  const labelOf = (c: CrudColumn, v: unknown) =>
    c.dict
      ? dicts.label(c.dict, v)
      : c.choices
        ? t(c.choices.find((o) => String(o.value) === String(v))?.label ?? String(v))
        : undefined;

  // The widgets the declaration uses load with the list; the dialog once the page has shown.
  useEffect(() => {
    void preloadWidgets(def.columns);
    void loadFormDialog();
  }, [def.columns]);

  const list = useCrudList(def, { params, enabled });
  const writes = useCrudMutations(def, list, labelOf);
  const can = useCrudPermissions(def);
  const { rowKey, sort } = list;

  const columns = useMemo(() => def.columns.filter((c) => c.table !== false), [def.columns]);
  const tableColumns: TableProps<Row>['columns'] = columns.map((c) => ({
    key: c.prop,
    dataIndex: c.prop,
    title: t(c.label),
    width: c.width,
    ellipsis: c.ellipsis,
    sorter: c.sortable ? true : undefined,
    sortOrder: sort?.field === c.prop ? sort.order : null,
    render: (v: unknown, r: Row) => (c.render ? c.render(v, r) : cellText(c, r, labelOf)),
  }));
  if (can.canView || can.canEdit || can.canRemove || can.rowActions.length > 0 || can.canAddChild) {
    tableColumns.push({
      key: '__actions',
      title: t('crud.actions'),
      width: ACTION_WIDTH,
      fixed: 'right',
      render: (_: unknown, r: Row) => (
        <RowButtons
          def={def}
          row={r}
          rowKey={rowKey}
          can={can}
          onOpen={writes.open}
          onRemove={(row) => writes.remove([row])}
          onAction={(a, row) => writes.runAction(a, [row])}
        />
      ),
    });
  }

  const searchColumns = def.columns.filter((c) => c.search);
  return (
    <Card size={compact ? 'small' : undefined} title={title} variant={compact ? 'borderless' : undefined}>
      {searchColumns.length > 0 && (
        <CrudSearchForm
          name={def.name}
          columns={searchColumns}
          dictOptions={dictOptions}
          onSearch={list.applySearch}
        />
      )}
      <CrudToolbar
        can={can}
        exportable={def.exportable !== false}
        exporting={writes.exporting}
        extra={extraToolbar}
        onAdd={() => writes.open('add')}
        onRemoveSelected={() => writes.remove(list.selected)}
        onAction={(a) => writes.runAction(a, list.selected)}
        onExport={writes.exportAll}
        onRefresh={() => void list.reload()}
      />
      <Table<Row>
        rowKey={(r) => String(r[rowKey])}
        size={compact ? 'small' : 'middle'}
        columns={tableColumns}
        dataSource={list.rows}
        loading={list.fetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('crud.empty') }}
        rowSelection={
          can.selectable
            ? {
                selectedRowKeys: list.selected.map((r) => String(r[rowKey])),
                onChange: (_, rows) => list.setSelected(rows),
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
        expandable={def.tree ? { expandedRowKeys: list.expanded, onExpand: list.onExpand } : undefined}
        onChange={(pg, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          list.onTableChange(
            { current: pg.current, size: pg.pageSize },
            s?.order ? { field: String(s.columnKey ?? s.field), order: s.order } : undefined,
          );
        }}
        pagination={
          def.tree
            ? false
            : {
                current: list.page.current,
                pageSize: list.page.size,
                total: list.total,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 50, 100],
                showTotal: (n) =>
                  t(list.estimated ? 'crud.totalAbout' : 'crud.total', { total: n.toLocaleString() }),
                // A large list offers the pages a cursor reaches at once: the neighbours, the first, the last.
                ...(list.estimated
                  ? {
                      showLessItems: true,
                      itemRender: (p: number, type: string, el: ReactNode) => {
                        if (type === 'jump-prev' || type === 'jump-next') return null;
                        if (type !== 'page') return el;
                        const last = Math.ceil(list.total / list.page.size);
                        return p === 1 || p === last || Math.abs(p - list.page.current) <= 1 ? el : null;
                      },
                    }
                  : {}),
              }
        }
      />
      {writes.dialog && (
        <Suspense>
          <FormDialog
            open
            name={def.name}
            title={t(`crud.${writes.dialog.mode}Title`, { title: t(def.title) })}
            mode={writes.dialog.mode}
            columns={def.columns}
            initial={writes.dialog.initial}
            loading={writes.dialog.loading}
            record={writes.dialog.row}
            width={def.formWidth}
            dictOptions={dictOptions}
            onSubmit={writes.submit}
            saving={writes.saving}
            onClose={writes.close}
          />
        </Suspense>
      )}
    </Card>
  );
}
