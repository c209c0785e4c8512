import { Suspense, lazy, useState, type ComponentType, type ReactNode } from 'react';
import Input from 'antd/es/input/Input';
import type { AnyRow, CrudColumn, FieldProps } from './types';

/** What a field widget gets from FieldInput (the rest of its column's declaration is in `column`). */
export interface WidgetProps {
  column: CrudColumn;
  id?: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
  disabled?: boolean;
  placeholder?: string;
  /** Longest text (text areas show a count). */
  max?: number;
  multiple?: boolean;
}

/**
 * The field widgets beyond a plain input and a select, each its own chunk: a page loads the code of the
 * widgets its declaration uses (a calendar, a tree, a number box…), never the others.
 */
const LOADERS = {
  date: () => import('./widgets/DateField'),
  number: () => import('./widgets/NumberField'),
  textarea: () => import('./widgets/TextAreaField'),
  password: () => import('./widgets/PasswordField'),
  tree: () => import('./widgets/TreeField'),
};
export type WidgetKind = keyof typeof LOADERS;

const ready: Partial<Record<WidgetKind, ComponentType<WidgetProps>>> = {};
const pending: Partial<Record<WidgetKind, Promise<ComponentType<WidgetProps>>>> = {};

function load(kind: WidgetKind): Promise<ComponentType<WidgetProps>> {
  pending[kind] ??= LOADERS[kind]().then(
    (m) => (ready[kind] = m.default),
    (e: unknown) => {
      // A failed chunk may load on a later try (a flaky network).
      delete pending[kind];
      throw e;
    },
  );
  return pending[kind];
}

/** The widget a column's form field needs (choices and plain text need none of these). */
export function widgetOf(c: CrudColumn, searching?: boolean): WidgetKind | undefined {
  if (c.form?.component && !searching) return undefined;
  if (c.dict || c.choices) return undefined;
  if (c.tree) return 'tree';
  if (searching) return undefined;
  const type = c.form?.type;
  // A 'tree' (or 'select') type without its tree (or choices) is a plain input.
  return type && type !== 'tree' && type in LOADERS ? (type as WidgetKind) : undefined;
}

/**
 * Starts loading the widgets these columns use (their search and form fields); resolves once they are in,
 * so that a page waiting for it shows its fields at once.
 */
export function preloadWidgets<R extends AnyRow>(columns: CrudColumn<R>[]): Promise<unknown> {
  const kinds = new Set<WidgetKind>();
  for (const c of columns as unknown as CrudColumn[]) {
    const searched = c.search ? widgetOf(c, true) : undefined;
    const edited = c.form ? widgetOf(c) : undefined;
    if (searched) kinds.add(searched);
    if (edited) kinds.add(edited);
  }
  return Promise.all([...kinds].map(load));
}

const lazies: Partial<Record<WidgetKind, ComponentType<WidgetProps>>> = {};
const lazyOf = (kind: WidgetKind) => (lazies[kind] ??= lazy(() => load(kind).then((c) => ({ default: c }))));

/** A widget by kind: drawn at once when its code is in, else through React.lazy (inside `Suspense`). */
export function Widget({ kind, ...props }: WidgetProps & { kind: WidgetKind }) {
  // Chosen once per mount, so that the field never remounts (and loses its state) when the code arrives.
  const [C] = useState(() => ready[kind] ?? lazyOf(kind));
  return <C {...props} />;
}

/** Held in the field's place while its widget loads: an input of the same size, not yet usable. */
export function WidgetFallback({ placeholder, kind }: { placeholder?: string; kind: WidgetKind }) {
  return (
    <Input
      disabled
      placeholder={placeholder}
      style={kind === 'textarea' ? { width: '100%', height: 76 } : { width: '100%' }}
    />
  );
}

/**
 * A form field of a page's own (`form.component`) whose code loads with the form, not with the page:
 * `component: lazyField(() => import('./fields').then((m) => m.ModelPicker))`.
 */
export function lazyField(load: () => Promise<ComponentType<FieldProps>>): (p: FieldProps) => ReactNode {
  const C = lazy(() => load().then((c) => ({ default: c })));
  const field = (p: FieldProps) => (
    <Suspense fallback={<Input disabled style={{ width: '100%' }} />}>
      <C {...p} />
    </Suspense>
  );
  return field;
}
