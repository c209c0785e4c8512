import { Suspense } from 'react';
import Input from 'antd/es/input/Input';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import type { CrudColumn, FormMode, Row } from './types';
import { Widget, WidgetFallback, widgetOf } from './widgets';

export interface FieldInputProps {
  column: CrudColumn;
  label: string;
  mode: FormMode;
  record: Row;
  /** Dictionary entries of the column, when it has one. */
  dictOptions?: Array<{ value: string | number; label: string }>;
  /** Search forms: single choice, clearable, never locked. */
  searching?: boolean;
  /** Set by Form.Item so the label points at the input. */
  id?: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
}

/**
 * One input of a search or edit form, chosen by the column's declaration. A plain input and a select are
 * drawn here; the other widgets (date, number, text area, password, tree) are chunks of their own, loaded
 * for the pages that declare them (see ./widgets).
 */
export function FieldInput({
  column: c,
  label,
  mode,
  record,
  dictOptions,
  searching,
  id,
  value,
  onChange,
}: FieldInputProps) {
  const { t } = useTranslation();
  const f = c.form ?? {};
  const disabled = !searching && (mode === 'view' || (mode === 'edit' && f.lockedOnEdit));
  if (f.component && !searching) return <>{f.component({ value, onChange, disabled, mode, record })}</>;

  const choices = dictOptions ?? c.choices?.map((o) => ({ value: o.value, label: t(o.label) }));
  if (choices) {
    return (
      <Select
        id={id}
        value={value as never}
        onChange={onChange}
        disabled={disabled}
        allowClear
        mode={f.multiple && !searching ? 'multiple' : undefined}
        placeholder={t('crud.choose', { label })}
        options={choices}
      />
    );
  }
  const kind = widgetOf(c, searching);
  if (kind) {
    const placeholder = kind === 'tree' ? t('crud.choose', { label }) : t('crud.placeholder', { label });
    return (
      <Suspense fallback={<WidgetFallback kind={kind} placeholder={placeholder} />}>
        <Widget
          kind={kind}
          column={c}
          id={id}
          value={value}
          onChange={onChange}
          disabled={disabled}
          placeholder={placeholder}
          max={f.max}
          multiple={f.multiple && !searching}
        />
      </Suspense>
    );
  }
  return (
    <Input
      id={id}
      value={value as string}
      onChange={(e) => onChange?.(e.target.value)}
      disabled={disabled}
      allowClear={searching}
      placeholder={t('crud.placeholder', { label })}
    />
  );
}
