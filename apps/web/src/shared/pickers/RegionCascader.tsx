import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Cascader } from 'antd';
import { addLog } from '../logs/store';
import { isHttpError } from '../http';
import { regionChildren } from './api';
import './messages';
import { REGION_LEVELS, regionOption, withChildren, type CascaderOption } from './zones';

export interface RegionCascaderProps {
  /** Path of region codes: province, city, district. */
  value?: string[];
  onChange?: (path: string[], labels: string[]) => void;
  /** How deep the picker goes (spec §9: 3). */
  levels?: number;
  disabled?: boolean;
  placeholder?: string;
  changeOnSelect?: boolean;
  style?: React.CSSProperties;
}

/**
 * Spec §3 region cascader, loaded level by level. A failed load is only written to the local log
 * (spec §8): the level simply stays empty and can be opened again.
 */
export function RegionCascader({
  value,
  onChange,
  levels = REGION_LEVELS,
  disabled,
  placeholder,
  changeOnSelect,
  style,
}: RegionCascaderProps) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<CascaderOption[]>([]);
  const loaded = useRef(new Set<string>());

  const load = async (parent?: string): Promise<CascaderOption[] | undefined> => {
    try {
      const rows = await regionChildren(parent);
      const depth = parent ? parent.length / 2 + 1 : 1;
      return rows.map((r) => regionOption(r, depth, levels));
    } catch (e) {
      // A failed request is shown and, when unexpected, logged by the HTTP client itself.
      if (isHttpError(e)) return undefined;
      addLog({
        type: 'http',
        message: `${t('pickers.regionLoadFailed')}: ${(e as Error).message}`,
        stack: (e as Error).stack ?? '',
        info: `region/lazy-tree parentCode=${parent ?? '00'}`,
      });
      return undefined;
    }
  };

  // The top level, then the levels along a value given from outside so its labels can show.
  const wanted = (value ?? []).slice(0, levels - 1).join(',');
  useEffect(() => {
    let live = true;
    void (async () => {
      let tree = options.length ? options : ((await load()) ?? []);
      const path = wanted ? wanted.split(',') : [];
      for (let i = 0; i < path.length; i++) {
        if (loaded.current.has(path[i]!)) continue;
        const children = await load(path[i]);
        if (!children) break;
        loaded.current.add(path[i]!);
        tree = withChildren(tree, path.slice(0, i + 1), children);
      }
      if (live) setOptions(tree);
    })();
    return () => {
      live = false;
    };
    // Loading follows the value's path only; options change as a result of it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, levels]);

  const loadData = async (chosen: CascaderOption[]) => {
    const path = chosen.map((o) => o.value);
    const last = path[path.length - 1]!;
    if (loaded.current.has(last)) return;
    const children = await load(last);
    if (!children) return;
    loaded.current.add(last);
    setOptions((prev) => withChildren(prev, path, children));
  };

  return (
    <Cascader
      options={options}
      value={value}
      disabled={disabled}
      changeOnSelect={changeOnSelect}
      placeholder={placeholder ?? t('pickers.regionPlaceholder')}
      loadData={(chosen) => void loadData(chosen as CascaderOption[])}
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
