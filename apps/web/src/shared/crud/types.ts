import type { ReactNode } from 'react';
import type { FormRule } from 'antd';

/** A row as the server answers it (BladeX shapes: string ids, camelCase fields). */
export type Row = Record<string, unknown>;

/**
 * BladeX page: `{ records, total, size, current, pages }`; a large list adds `estimated` (total is about)
 * and the cursors of the neighbouring pages (server: platform/list.ts).
 */
export interface Page<R = Row> {
  records: R[];
  total: number;
  size?: number;
  current?: number;
  pages?: number;
  estimated?: boolean;
  next?: string;
  prev?: string;
}

export type FormMode = 'add' | 'edit' | 'view';

/** A dictionary read through `/api/blade-system/{dict|dict-biz}/dictionary?code=`. */
export interface DictRef {
  code: string;
  biz?: boolean;
}

/** A fixed choice; `label` is an i18n key. */
export interface Choice {
  value: string | number;
  label: string;
}

/** A tree-select node (the server's `{ id, title, value, children }`). */
export interface TreeChoice {
  value: string;
  title: string;
  children?: TreeChoice[];
  disabled?: boolean;
}

export type FieldType = 'input' | 'textarea' | 'number' | 'select' | 'tree' | 'date' | 'password';

/**
 * A declared page's row type: its own interface (features/<f>/*Def.ts) or the loose `Row`. Columns,
 * actions and callbacks are checked against it; the engine itself reads rows by their column `prop`.
 */
export type AnyRow = object;

export interface FieldProps {
  value?: unknown;
  onChange?: (v: unknown) => void;
  disabled?: boolean;
  mode: FormMode;
  /** The row being edited (empty when adding). */
  record: Row;
}

export interface FormSpec {
  type?: FieldType;
  required?: boolean;
  /** Longest text (characters) or the largest number. */
  max?: number;
  /** Smallest number. */
  min?: number;
  /** A pattern the text must match; `message` is an i18n key. */
  pattern?: { regex: RegExp; message: string };
  /** Further rules (they get the translated label). */
  rules?: (label: string) => FormRule[];
  /** Full width (textarea, pickers). */
  wide?: boolean;
  /** Shown but locked when editing (e.g. a key that identifies the row). */
  lockedOnEdit?: boolean;
  /** Only asked when adding. */
  addOnly?: boolean;
  initial?: unknown;
  /** Several values (select, tree). */
  multiple?: boolean;
  /** Any other input: a picker, an uploader, a region tree. */
  component?: (p: FieldProps) => ReactNode;
  /** Hint under the field (i18n key). */
  help?: string;
}

export interface CrudColumn<R extends AnyRow = Row> {
  /** A field of the row (a form-only column may name a field the row does not carry: declare it optional). */
  prop: keyof R & string;
  /** i18n key of the label. */
  label: string;
  width?: number;
  /** false: a form field only. */
  table?: boolean;
  sortable?: boolean;
  /** In the search form; `param` names the query parameter when it differs from the prop. */
  search?: boolean | { param?: string; type?: 'input' | 'select' };
  /** In the add/edit/view form. */
  form?: FormSpec;
  /** Values are keys of a dictionary: selects list it, cells and exports show its labels. */
  dict?: DictRef;
  /** Dictionary keys are stored as numbers in this column (category 1, status 0…). */
  numeric?: boolean;
  /** Fixed choices (labels are i18n keys). */
  choices?: Choice[];
  /** Choices of a tree select (the form's parent, a department). */
  tree?: { key: string; load: () => Promise<TreeChoice[]> };
  render?(value: unknown, row: R): ReactNode;
  /** Cell text for the table and the export when it is not the value itself. */
  text?(row: R): string;
  /** false: not exported. */
  export?: boolean;
  ellipsis?: boolean;
}

export interface ActionContext<R extends AnyRow = Row> {
  rows: R[];
  reload: () => void;
}

/** A button beyond add/edit/view/remove: on the toolbar (acting on the selection) or in each row. */
export interface CrudAction<R extends AnyRow = Row> {
  key: string;
  /** i18n key. */
  label: string;
  /** Button permission code; without one the button shows for everyone who can open the page. */
  code?: string;
  place: 'toolbar' | 'row';
  /** Toolbar actions that act on the selection need at least one row. */
  needsSelection?: boolean;
  visible?(row: R): boolean;
  danger?: boolean;
  /** A question asked first (already translated), e.g. naming the rows. */
  confirm?(rows: R[]): string;
  run(ctx: ActionContext<R>): unknown;
}

export interface CrudApi<R extends AnyRow = Row> {
  /** A page (paged tables) or rows (lazy trees; `params` then carries the parent). */
  list(params: Record<string, unknown>): Promise<Page<R> | R[]>;
  detail?(row: R): Promise<R>;
  /** Form values (loose: what the fields hold, mapped by `toBody`). */
  submit?(values: Row, mode: 'add' | 'edit'): Promise<unknown>;
  remove?(ids: string[]): Promise<unknown>;
  /** Every row matching the filters (export); default: every page of `list`, or every tree level. */
  all?(params: Record<string, unknown>): Promise<R[]>;
}

export interface CrudDef<R extends AnyRow = Row> {
  /** Unique name: the query-cache key, the form's name, the export file name. */
  name: string;
  /** i18n key of the title (export file name, dialogs). */
  title: string;
  columns: CrudColumn<R>[];
  api: CrudApi<R>;
  /** Prefix of the button codes: `${perm}_add`, `_edit`, `_delete`, `_view`. */
  perm: string;
  /** Codes that do not follow the prefix (top menus: every write needs menu_top). */
  buttons?: Partial<Record<'add' | 'edit' | 'delete' | 'view', string>>;
  rowKey?: keyof R & string;
  /** What a confirmation calls a row (its name). */
  rowName(row: R): string;
  /** Paged (current/size) or a lazy tree. */
  tree?: { parentParam: string; root: string; canHaveChildren?(row: R): boolean };
  /** Selection checkboxes for batch remove and toolbar actions (default: when it can remove). */
  selectable?: boolean;
  actions?: CrudAction<R>[];
  /** Row → form values (e.g. split a comma list); and form values → body. */
  toForm?(row: R): Row;
  toBody?(values: Row, mode: 'add' | 'edit', row: R): Row;
  /** Values a new row starts with (e.g. the chosen parent dictionary). */
  defaults?: () => Row;
  /** Default page size. */
  pageSize?: number;
  /** Default sort. */
  sort?: SortState;
  /** After a successful add (e.g. show an initial password answered once). */
  afterSubmit?(answer: unknown, mode: 'add' | 'edit'): void;
  /** Dialog width. */
  formWidth?: number;
  /** Query-cache keys a write makes stale (e.g. ['dictionary'] after a dictionary entry changes). */
  invalidates?: unknown[][];
  /** Export button (default true). */
  exportable?: boolean;
}

export interface SortState {
  field: string;
  order: 'ascend' | 'descend';
}
