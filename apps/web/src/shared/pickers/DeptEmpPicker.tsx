import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Select, Space } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { OpenedOnce } from '@/shared/ui/OpenedOnce';
import './messages';
import { emptyPick, type PickerMode, type PickerValue } from './selection';

// The dialog (its department tree and staff list) loads when first opened.
const DeptEmpPickerDialog = lazy(() =>
  import('./DeptEmpPickerDialog').then((m) => ({ default: m.DeptEmpPickerDialog })),
);

export interface DeptEmpPickerProps {
  value?: PickerValue;
  onChange?: (value: PickerValue) => void;
  mode?: PickerMode;
  multiple?: boolean;
  disabled?: boolean;
  placeholder?: string;
}

const tagKey = (isEmployee: boolean, id: string) => `${isEmployee ? 'e' : 'd'}:${id}`;

/** A form field for the picker: the chosen names as removable tags, the dialog behind the button. */
export function DeptEmpPicker({
  value,
  onChange,
  mode = 'both',
  multiple = true,
  disabled,
  placeholder,
}: DeptEmpPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const show = () => setOpen(true);
  const current = value ?? emptyPick();
  const options = [
    ...current.orgList.map((n) => ({ value: tagKey(false, n.id), label: n.title })),
    ...current.empList.map((n) => ({ value: tagKey(true, n.id), label: n.title })),
  ];
  const remove = (key: string) =>
    onChange?.({
      orgList: current.orgList.filter((n) => tagKey(false, n.id) !== key),
      empList: current.empList.filter((n) => tagKey(true, n.id) !== key),
    });

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Select
          mode="multiple"
          open={false}
          showSearch={false}
          value={options.map((o) => o.value)}
          options={options}
          disabled={disabled}
          placeholder={placeholder ?? t('pickers.placeholder')}
          onDeselect={(key: string) => remove(key)}
          onClick={() => !disabled && show()}
          style={{ flex: 1 }}
        />
        <Button icon={<TeamOutlined />} disabled={disabled} onClick={show}>
          {t('pickers.choose')}
        </Button>
      </Space.Compact>
      <OpenedOnce open={open}>
        <DeptEmpPickerDialog
          open={open}
          value={value}
          mode={mode}
          multiple={multiple}
          onCancel={() => setOpen(false)}
          onOk={(v) => {
            onChange?.(v);
            setOpen(false);
          }}
        />
      </OpenedOnce>
    </>
  );
}
