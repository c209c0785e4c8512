import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Cascader } from 'antd';
import { zoneTree } from './api';
import './messages';
import { zoneOptions, type CascaderOption } from './zones';

export interface ZoneCascaderProps {
  /** Path of zone ids from the top. */
  value?: string[];
  onChange?: (path: string[], labels: string[]) => void;
  disabled?: boolean;
  placeholder?: string;
  /** A parent zone may be chosen (default) or only the last level. */
  changeOnSelect?: boolean;
  style?: React.CSSProperties;
}

/** Spec §3 zone cascader: the tenant's zones as "code name", every level sorted by code. */
export function ZoneCascader({
  value,
  onChange,
  disabled,
  placeholder,
  changeOnSelect = true,
  style,
}: ZoneCascaderProps) {
  const { t } = useTranslation();
  // Under 'crud-tree': a change on the zones page makes it stale with the other tree selects.
  const tree = useQuery({ queryKey: ['crud-tree', 'zone-cascader'], queryFn: zoneTree });
  const options = useMemo<CascaderOption[]>(() => (tree.data ? zoneOptions(tree.data) : []), [tree.data]);

  return (
    <Cascader
      options={options}
      value={value}
      loading={tree.isPending}
      disabled={disabled}
      changeOnSelect={changeOnSelect}
      placeholder={placeholder ?? t('pickers.zonePlaceholder')}
      showSearch={{
        filter: (input, path) =>
          path.some((o) => String(o.label).toLowerCase().includes(input.toLowerCase())),
      }}
      onChange={(path, chosen) =>
        onChange?.(
          (path ?? []).map(String),
          (chosen ?? []).map((o) => String(o.label)),
        )
      }
      style={{ width: '100%', ...style }}
    />
  );
}
