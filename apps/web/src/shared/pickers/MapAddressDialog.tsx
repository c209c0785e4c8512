import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Modal, Spin, Typography } from 'antd';
import Input from 'antd/es/input/Input';
import { EnvironmentOutlined } from '@ant-design/icons';
import './messages';
import {
  checkMapAddress,
  emptyAddress,
  formatLatLng,
  isLocated,
  lockLocation,
  type MapAddress,
  type TripPoint,
} from './map';
import { RegionCascader } from './RegionCascader';
import { regionPath } from './zones';
import { toast } from '@/shared/http';

// Leaflet loads with the first map shown, not with every page that imports a picker.
const MapView = lazy(() => import('./MapView'));

export interface MapAddressDialogProps {
  open: boolean;
  value?: MapAddress;
  onOk: (value: MapAddress) => void;
  onCancel: () => void;
  /** The location also fills the departure or arrival coordinates. */
  point?: TripPoint;
  title?: string;
}

/**
 * Spec §5 address picker: an address (required), its region, and a location locked by clicking the map
 * (default zoom 12). The map works without tiles, so it stays usable when the tile server is unreachable.
 */
export function MapAddressDialog({ open, value, onOk, onCancel, point, title }: MapAddressDialogProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<MapAddress>(emptyAddress());

  useEffect(() => {
    if (open) setDraft({ ...emptyAddress(), ...value });
    // A copy is taken each time the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const confirm = () => {
    const problem = checkMapAddress(draft);
    if (problem) {
      toast.warning(t(problem));
      return;
    }
    onOk({ ...draft, address: draft.address.trim() });
  };

  const located = isLocated(draft);
  return (
    <Modal
      open={open}
      title={title ?? t('pickers.mapTitle')}
      onOk={confirm}
      onCancel={onCancel}
      width={820}
      destroyOnHidden
    >
      <Form layout="vertical" className="fc-map-picker">
        <Form.Item label={t('pickers.region')} style={{ marginBottom: 12 }}>
          <RegionCascader
            value={regionPath(draft.areaCode)}
            changeOnSelect
            onChange={(path) => setDraft((d) => ({ ...d, areaCode: path[path.length - 1] }))}
          />
        </Form.Item>
        <Form.Item label={t('pickers.address')} required style={{ marginBottom: 12 }}>
          <Input
            value={draft.address}
            maxLength={200}
            placeholder={t('pickers.addressPlaceholder')}
            aria-label={t('pickers.address')}
            onChange={(e) => setDraft((d) => ({ ...d, address: e.target.value }))}
          />
        </Form.Item>
        <Typography.Text type="secondary">
          <EnvironmentOutlined /> {located ? formatLatLng(draft) : t('pickers.mapHint')}
        </Typography.Text>
        <div
          style={{ height: 380, marginTop: 8, borderRadius: 6, overflow: 'hidden', background: '#eef2f5' }}
          aria-label={t('pickers.map')}
        >
          <Suspense fallback={<Spin style={{ margin: 24 }} />}>
            <MapView
              location={located ? [draft.latitude!, draft.longitude!] : undefined}
              onPick={(lat, lng) => setDraft((d) => lockLocation(d, lat, lng, point))}
            />
          </Suspense>
        </div>
      </Form>
    </Modal>
  );
}
