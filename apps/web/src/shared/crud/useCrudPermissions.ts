import { useSession } from '../auth/store';
import type { CrudDef } from './types';

/** Which of a CrudTable's buttons the user has (button permission codes; a missing call means no button). */
export function useCrudPermissions(def: CrudDef) {
  const permission = useSession((s) => s.permission);
  const can = (code?: string) => !code || Boolean(permission[code]);
  const code = (kind: 'add' | 'edit' | 'delete' | 'view') => def.buttons?.[kind] ?? `${def.perm}_${kind}`;
  const rowActions = (def.actions ?? []).filter((a) => a.place === 'row' && can(a.code));
  const toolbarActions = (def.actions ?? []).filter((a) => a.place === 'toolbar' && can(a.code));
  const canAdd = Boolean(def.api.submit) && can(code('add'));
  const canEdit = Boolean(def.api.submit) && can(code('edit'));
  const canView = can(code('view'));
  const canRemove = Boolean(def.api.remove) && can(code('delete'));
  return {
    rowActions,
    toolbarActions,
    canAdd,
    canEdit,
    canView,
    canRemove,
    canAddChild: Boolean(def.tree) && canAdd,
    selectable: (def.selectable ?? canRemove) || toolbarActions.some((a) => a.needsSelection),
  };
}

export type CrudPermissions = ReturnType<typeof useCrudPermissions>;
