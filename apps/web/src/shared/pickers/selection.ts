/**
 * Spec §3/§4/§5 department and employee picker, as plain functions: the dialog works on a copy of the
 * current value, cancel throws the copy away, confirm needs one item and hands out de-duplicated lists.
 */

/** A tree node of the picker (spec §3): departments are branches, employees leaves. */
export interface PickNode {
  id: string;
  title: string;
  isEmployee: boolean;
  parentId?: string;
  leaf?: boolean;
  account?: string;
  empNo?: string | null;
  children?: PickNode[];
}

/** What the picker hands out: the chosen departments and employees, each once. */
export interface PickerValue {
  orgList: PickNode[];
  empList: PickNode[];
}

/** dept: departments only; emp: employees only; both: either. */
export type PickerMode = 'dept' | 'emp' | 'both';

export const emptyPick = (): PickerValue => ({ orgList: [], empList: [] });

/** Keeps the first of each id, in order. */
export function dedupeById<T extends { id: string }>(list: readonly T[]): T[] {
  const seen = new Set<string>();
  return list.filter((x) => (seen.has(x.id) ? false : (seen.add(x.id), true)));
}

const strip = ({ children: _children, ...node }: PickNode): PickNode => node;

/** Opening the dialog: a copy of the current value as one list, so edits never touch the value. */
export function openSelection(value: PickerValue | undefined): PickNode[] {
  return [
    ...(value?.orgList ?? []).map((n) => strip({ ...n, isEmployee: false })),
    ...(value?.empList ?? []).map((n) => strip({ ...n, isEmployee: true })),
  ];
}

export const sameItem = (a: PickNode, b: PickNode) => a.id === b.id && a.isEmployee === b.isEmployee;

/** Which nodes a mode lets the user tick. */
export const selectable = (node: PickNode, mode: PickerMode) =>
  mode === 'both' || (mode === 'emp' ? node.isEmployee : !node.isEmployee);

/** Ticking or unticking a node; a single picker replaces what it had. */
export function toggle(
  selection: readonly PickNode[],
  node: PickNode,
  on: boolean,
  multiple: boolean,
): PickNode[] {
  const without = selection.filter((x) => !sameItem(x, node));
  if (!on) return without;
  return multiple ? [...without, strip(node)] : [strip(node)];
}

export const isPicked = (selection: readonly PickNode[], node: PickNode) =>
  selection.some((x) => sameItem(x, node));

/** Confirm: null when it may close, else the message key ('please select department/person'). */
export const confirmProblem = (selection: readonly PickNode[]) =>
  selection.length ? null : 'pickers.required';

/** The value confirm hands out: departments and employees apart, each id once. */
export function toValue(selection: readonly PickNode[]): PickerValue {
  return {
    orgList: dedupeById(selection.filter((n) => !n.isEmployee)),
    empList: dedupeById(selection.filter((n) => n.isEmployee)),
  };
}

/** Names for a field showing the value. */
export const pickedNames = (value: PickerValue | undefined) =>
  [...(value?.orgList ?? []), ...(value?.empList ?? [])].map((n) => n.title);
