import { useQuery } from '@tanstack/react-query';
import { DatePicker, Input, InputNumber, Select, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CrudColumn, FormMode, Row } from './types';

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

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

/** One input of a search or edit form, chosen by the column's declaration. */
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
  const tree = useQuery({
    queryKey: ['crud-tree', c.tree?.key],
    queryFn: () => c.tree!.load(),
    enabled: Boolean(c.tree),
    staleTime: 30_000,
  });
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
  if (c.tree) {
    return (
      <TreeSelect
        id={id}
        value={value as never}
        onChange={onChange}
        disabled={disabled}
        allowClear
        showSearch
        treeNodeFilterProp="title"
        multiple={f.multiple && !searching}
        treeData={tree.data ?? []}
        loading={tree.isLoading}
        placeholder={t('crud.choose', { label })}
        listHeight={360}
      />
    );
  }
  const placeholder = t('crud.placeholder', { label });
  switch (searching ? 'input' : (f.type ?? 'input')) {
    case 'textarea':
      return (
        <Input.TextArea
          id={id}
          value={value as string}
          onChange={(e) => onChange?.(e.target.value)}
          disabled={disabled}
          rows={3}
          placeholder={placeholder}
          maxLength={f.max}
          showCount={Boolean(f.max)}
        />
      );
    case 'number':
      return (
        <InputNumber
          id={id}
          value={value as number}
          onChange={onChange}
          disabled={disabled}
          style={{ width: '100%' }}
          placeholder={placeholder}
        />
      );
    case 'password':
      return (
        <Input.Password
          id={id}
          value={value as string}
          onChange={(e) => onChange?.(e.target.value)}
          disabled={disabled}
          placeholder={placeholder}
          autoComplete="new-password"
        />
      );
    case 'date':
      return (
        <DatePicker
          showTime
          id={id}
          value={value ? dayjs(value as string) : null}
          onChange={(d) => onChange?.(d ? d.format(DATE_TIME) : undefined)}
          disabled={disabled}
          style={{ width: '100%' }}
        />
      );
    default:
      return (
        <Input
          id={id}
          value={value as string}
          onChange={(e) => onChange?.(e.target.value)}
          disabled={disabled}
          allowClear={searching}
          placeholder={placeholder}
        />
      );
  }
}
