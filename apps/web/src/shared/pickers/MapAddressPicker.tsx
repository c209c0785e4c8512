import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Space, Typography } from 'antd';
import Input from 'antd/es/input/Input';
import { EnvironmentOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { Rule } from 'antd/es/form';
import { OpenedOnce } from '@/shared/ui/OpenedOnce';
import './messages';
import { formatLatLng, isLocated, mapFieldProblem, type MapAddress, type TripPoint } from './map';

// The dialog (its form, and the map behind it) loads when first opened.
const MapAddressDialog = lazy(() =>
  import('./MapAddressDialog').then((m) => ({ default: m.MapAddressDialog })),
);

export interface MapAddressPickerProps {
  value?: MapAddress;
  onChange?: (value: MapAddress) => void;
  disabled?: boolean;
  point?: TripPoint;
}

/** A form field for an address on the map: the address and its coordinates, the dialog behind the button. */
export function MapAddressPicker({ value, onChange, disabled, point }: MapAddressPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          readOnly
          disabled={disabled}
          value={value?.address ?? ''}
          placeholder={t('pickers.addressPlaceholder')}
          aria-label={t('pickers.address')}
          onClick={() => !disabled && setOpen(true)}
        />
        <Button icon={<EnvironmentOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
          {t('pickers.mapChoose')}
        </Button>
      </Space.Compact>
      {value && isLocated(value) && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('pickers.location')}: {formatLatLng(value)}
          {value.areaCode ? ` · ${value.areaCode}` : ''}
        </Typography.Text>
      )}
      <OpenedOnce open={open}>
        <MapAddressDialog
          open={open}
          value={value}
          point={point}
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

/** antd rule for the field: the address is required, and so is the location. */
export const mapAddressRule = (t: TFunction): Rule => ({
  validator: (_, value: MapAddress | undefined) => {
    const problem = mapFieldProblem(value);
    return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
  },
});
