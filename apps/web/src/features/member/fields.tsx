import { useState } from 'react';
import type { FieldProps } from '@/shared/crud';
import { DeptEmpPicker } from '@/shared/pickers/DeptEmpPicker';
import { emptyPick, type PickNode, type PickerValue } from '@/shared/pickers/selection';

/** One staff member as the picker's value (its name shown as a tag). */
export const staffPick = (id?: string | null, name?: string | null): PickerValue =>
  id ? { orgList: [], empList: [{ id, title: name || id, isEmployee: true }] } : emptyPick();

/**
 * The responsible staff member of a customer: the form holds the user id, the picker shows the name (the
 * row's `userName`, or the one just picked).
 */
export function StaffField({ value, onChange, disabled, record }: FieldProps) {
  const [picked, setPicked] = useState<PickNode>();
  const id = typeof value === 'string' && value ? value : undefined;
  const name =
    picked?.id === id ? picked?.title : id && String(record.userId) === id ? (record.userName as string) : id;
  return (
    <DeptEmpPicker
      mode="emp"
      multiple={false}
      disabled={disabled}
      value={staffPick(id, name)}
      onChange={(v) => {
        const staff = v.empList[0];
        setPicked(staff);
        onChange?.(staff?.id ?? null);
      }}
    />
  );
}
