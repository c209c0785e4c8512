import { useState } from 'react';
import type { FieldProps } from '@/shared/crud';
import { DeptEmpPicker } from '@/shared/pickers/DeptEmpPicker';
import { emptyPick, type PickNode } from '@/shared/pickers/selection';

/**
 * The store's manager: the form holds the user id, the picker shows a name (the row's `managerName`, or
 * the one just picked), since the id alone means nothing to the reader.
 */
export function ManagerField({ value, onChange, disabled, record }: FieldProps) {
  const [picked, setPicked] = useState<PickNode>();
  const id = typeof value === 'string' && value ? value : undefined;
  const name =
    picked?.id === id
      ? picked?.title
      : id && String(record.managerUser) === id
        ? (record.managerName as string | null) || id
        : id;
  return (
    <DeptEmpPicker
      mode="emp"
      multiple={false}
      disabled={disabled}
      value={id ? { orgList: [], empList: [{ id, title: name ?? id, isEmployee: true }] } : emptyPick()}
      onChange={(v) => {
        const manager = v.empList[0];
        setPicked(manager);
        onChange?.(manager?.id ?? null);
      }}
    />
  );
}
