import { useState } from 'react';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../http';
import { confirm } from '../notify/confirm';
import { saveXlsx } from './exportXlsx';
import './messages';
import { cellText, everyNode, everyPage, sheetRows } from './params';
import type { CrudAction, CrudColumn, CrudDef, FormMode, Row } from './types';
import type { CrudList } from './useCrudList';

export interface CrudDialog {
  mode: FormMode;
  row: Row;
  initial?: Row;
  loading?: boolean;
}

/**
 * For a confirmation's OK button, which spins while its promise runs: the promise ends when the mutation
 * does, either way (a failed call was shown by the client; the dialog closes on both).
 */
const settled = <V>(m: UseMutationResult<unknown, Error, V>, v: V) =>
  new Promise<void>((done) => m.mutate(v, { onSettled: () => done() }));

/**
 * The writes of a CrudTable as mutations: the add/edit/view dialog and its save, removal after a
 * confirmation naming the rows, the declared actions and the export of every filtered row.
 */
export function useCrudMutations(
  def: CrudDef,
  list: CrudList,
  labelOf: (c: CrudColumn, v: unknown) => string | undefined,
) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const rowKey = list.rowKey;
  const [dialog, setDialog] = useState<CrudDialog>();
  const toForm = (r: Row) => (def.toForm ? def.toForm(r) : r);

  const open = (mode: FormMode, row: Row = {}) => {
    const start = mode === 'add' ? { ...def.defaults?.(), ...row } : row;
    const detail = def.api.detail;
    if (mode === 'add' || !detail) {
      setDialog({ mode, row: start, initial: mode === 'add' ? start : toForm(start) });
      return;
    }
    setDialog({ mode, row, loading: true });
    void qc
      .fetchQuery({
        queryKey: ['crud', def.name, 'detail', row[rowKey]],
        queryFn: () => detail(row),
        staleTime: 0,
      })
      .then(
        (full) => setDialog({ mode, row: full, initial: toForm(full) }),
        // The client said why; there is no row to show.
        () => setDialog(undefined),
      );
  };

  const submit = useMutation({
    mutationFn: async (values: Row) => {
      const mode: 'add' | 'edit' = dialog!.mode === 'add' ? 'add' : 'edit';
      const row = dialog!.row;
      const merged: Row = { ...(mode === 'edit' ? { [rowKey]: row[rowKey] } : {}), ...values };
      if (mode === 'add') for (const [k, v] of Object.entries(def.defaults?.() ?? {})) merged[k] ??= v;
      if (mode === 'add' && row.parentId && merged.parentId === undefined) merged.parentId = row.parentId;
      const body = def.toBody ? def.toBody(merged, mode, row) : merged;
      const answer = await def.api.submit!(body, mode);
      const parent = mode === 'add' && def.tree && merged.parentId && merged.parentId !== def.tree.root;
      return { answer, mode, parent: parent ? String(merged.parentId) : undefined };
    },
    onSuccess: async ({ answer, mode, parent }) => {
      toast.success(t('crud.saved'));
      setDialog(undefined);
      if (parent) list.openBranch(parent);
      await list.reload();
      def.afterSubmit?.(answer, mode);
    },
  });

  const removal = useMutation({
    mutationFn: (rows: Row[]) => def.api.remove!(rows.map((r) => String(r[rowKey]))),
    onSuccess: async () => {
      toast.success(t('crud.removed'));
      await list.reload();
    },
  });
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
      onOk: () => settled(removal, rows),
    });
  };

  const action = useMutation({
    mutationFn: async ({ a, rows }: { a: CrudAction; rows: Row[] }) =>
      a.run({ rows, reload: () => void list.reload() }),
  });
  const runAction = (a: CrudAction, rows: Row[]) => {
    if (a.needsSelection && !rows.length) return void toast.warning(t('crud.chooseRows'));
    if (!a.confirm) return action.mutate({ a, rows });
    confirm({
      title: t('crud.confirmTitle'),
      content: a.confirm(rows),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: () => settled(action, { a, rows }),
    });
  };

  const exportAll = useMutation({
    mutationFn: async () => {
      const filters = list.filters();
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
    },
  });

  return {
    dialog,
    open,
    close: () => setDialog(undefined),
    submit: (values: Row) => submit.mutate(values),
    saving: submit.isPending,
    remove,
    runAction,
    exportAll: () => exportAll.mutate(),
    exporting: exportAll.isPending,
  };
}

export type CrudMutations = ReturnType<typeof useCrudMutations>;
