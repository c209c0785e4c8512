import { useQuery } from '@tanstack/react-query';
import { Cascader, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '@/shared/crud';
import { RegionCascader } from '@/shared/pickers';
import { modelChoicesQuery, salespeopleQuery, type Choice } from './api';

/** The path of a leaf value in a choice tree (the cascader wants the whole path). */
export function pathOf(tree: Choice[], value: string): string[] | undefined {
  for (const n of tree) {
    if (n.value === value) return [n.value];
    const sub = n.children && pathOf(n.children, value);
    if (sub) return [n.value, ...sub];
  }
  return undefined;
}

/** Brand → series → model from the catalogue; the form holds the model id. */
export function ModelPicker({ value, onChange, disabled }: FieldProps) {
  const { t } = useTranslation();
  const models = useQuery(modelChoicesQuery());
  const path = typeof value === 'string' && models.data ? pathOf(models.data, value) : undefined;
  return (
    <Cascader
      options={models.data ?? []}
      value={path}
      disabled={disabled}
      showSearch
      allowClear
      placeholder={t('inq.model')}
      onChange={(p) => onChange?.(p?.length ? String(p[p.length - 1]) : null)}
    />
  );
}

/** Province → city; the form holds the city's code. */
export function CityPicker({ value, onChange, disabled }: FieldProps) {
  const code = typeof value === 'string' ? value : '';
  return (
    <RegionCascader
      levels={2}
      disabled={disabled}
      value={code ? [code.slice(0, 2), code].filter((c, i, a) => a.indexOf(c) === i) : []}
      onChange={(p) => onChange?.(p[p.length - 1])}
      style={{ width: '100%' }}
    />
  );
}

/** Staff who may own inquiries. */
export function SalespersonSelect(p: {
  value?: unknown;
  onChange?: (v: unknown) => void;
  disabled?: boolean;
  onlineOnly?: boolean;
}) {
  const people = useQuery(salespeopleQuery());
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      value={p.value as string | undefined}
      disabled={p.disabled}
      onChange={(v) => p.onChange?.(v ?? null)}
      options={(people.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.account})` }))}
      style={{ width: '100%' }}
    />
  );
}
