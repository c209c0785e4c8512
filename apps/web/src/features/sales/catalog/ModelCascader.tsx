import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Cascader } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CatalogNode } from '@forecourt/contracts/sales';
import { catalogTreeQuery } from './api';
import './messages';

export interface ModelChoice {
  /** The id chosen: a model, or with `anyLevel` a brand or series. */
  id: string;
  level: 'brand' | 'series' | 'model';
  /** Brand, series, model names as shown. */
  labels: string[];
  energyType?: string;
  guidePrice?: string;
}

export interface ModelCascaderProps {
  /** The model's id (or, with `anyLevel`, the brand's or series' id). */
  value?: string;
  onChange?: (id: string | undefined, choice?: ModelChoice) => void;
  /** Filters: a brand or a series may be chosen too. */
  anyLevel?: boolean;
  disabled?: boolean;
  placeholder?: string;
  style?: React.CSSProperties;
  id?: string;
}

interface Option {
  value: string;
  label: string;
  children?: Option[];
  energyType?: string;
  guidePrice?: string;
}

const LEVELS = ['brand', 'series', 'model'] as const;

/** The path of ids from the brand down to `id`, found in the tree. */
export function pathTo(tree: CatalogNode[], id: string | undefined): string[] {
  if (!id) return [];
  for (const b of tree) {
    if (b.value === id) return [b.value];
    for (const s of b.children ?? []) {
      if (s.value === id) return [b.value, s.value];
      for (const m of s.children) if (m.value === id) return [b.value, s.value, m.value];
    }
  }
  return [];
}

/**
 * The one model picker of the sales floor (inquiries, offers, stock): brand → series → model from the
 * catalogue, searchable. Brands show in English when the console is.
 */
export function ModelCascader({
  value,
  onChange,
  anyLevel,
  disabled,
  placeholder,
  style,
  id,
}: ModelCascaderProps) {
  const { t, i18n } = useTranslation();
  const tree = useQuery(catalogTreeQuery());
  const en = i18n.language?.startsWith('en');
  const options = useMemo<Option[]>(
    () =>
      (tree.data ?? []).map((b) => ({
        value: b.value,
        label: en && b.labelEn ? b.labelEn : b.label,
        children: (b.children ?? []).map((s) => ({
          value: s.value,
          label: s.label,
          children: s.children.map((m) => ({ ...m })),
        })),
      })),
    [tree.data, en],
  );
  return (
    <Cascader<Option>
      id={id}
      style={{ minWidth: 260, ...style }}
      options={options}
      value={pathTo(tree.data ?? [], value) as never}
      disabled={disabled}
      loading={tree.isLoading}
      changeOnSelect={anyLevel}
      allowClear
      showSearch={{
        filter: (input, path) =>
          path.some((o) => String(o.label).toLowerCase().includes(input.toLowerCase())),
      }}
      placeholder={placeholder ?? t('sales.catalog.pick')}
      onChange={(path, chosen) => {
        const ids = (path ?? []) as string[];
        const last = ids[ids.length - 1];
        const leaf = (chosen as Option[] | undefined)?.[ids.length - 1];
        onChange?.(
          last,
          last
            ? {
                id: last,
                level: LEVELS[ids.length - 1]!,
                labels: ((chosen as Option[] | undefined) ?? []).map((o) => o.label),
                energyType: leaf?.energyType,
                guidePrice: leaf?.guidePrice,
              }
            : undefined,
        );
      }}
    />
  );
}
