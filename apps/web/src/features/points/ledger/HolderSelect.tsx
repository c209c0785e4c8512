import { useRef, useState } from 'react';
import { Select } from 'antd';
import type { PointParty } from '@forecourt/contracts';
import { searchHolders, type HolderChoice } from './api';

export interface HolderSelectProps {
  party: PointParty;
  /** Set by Form.Item. */
  id?: string;
  value?: string;
  onChange?: (id: string | undefined) => void;
  placeholder?: string;
}

/**
 * A customer or a ground store, searched on the server as the user types (the customers by name or
 * phone, the stores by name). Only the answer to the latest question is shown: an earlier, slower answer
 * (the unfiltered list asked on focus) must not replace the matches of what was typed since.
 */
export function HolderSelect({ party, id, value, onChange, placeholder }: HolderSelectProps) {
  const [options, setOptions] = useState<HolderChoice[]>([]);
  const latest = useRef(0);
  const find = (text: string) => {
    const ask = ++latest.current;
    const show = (rows: HolderChoice[]) => {
      if (ask === latest.current) setOptions(rows);
    };
    void searchHolders[party](text.trim()).then(show, () => show([]));
  };
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: find }}
      allowClear
      value={value}
      placeholder={placeholder}
      onFocus={() => find('')}
      onChange={(v?: string) => onChange?.(v)}
      options={options.map((h) => ({ value: h.id, label: h.code ? `${h.name} · ${h.code}` : h.name }))}
    />
  );
}
