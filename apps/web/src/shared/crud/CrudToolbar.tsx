import type { ReactNode } from 'react';
import { Button, Col, Row as Line, Space } from 'antd';
import { DeleteOutlined, DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './messages';
import type { CrudAction } from './types';
import type { CrudPermissions } from './useCrudPermissions';

export interface CrudToolbarProps {
  can: CrudPermissions;
  exportable: boolean;
  exporting: boolean;
  extra?: ReactNode;
  onAdd: () => void;
  onRemoveSelected: () => void;
  onAction: (a: CrudAction) => void;
  onExport: () => void;
  onRefresh: () => void;
}

/** Add, batch remove and the toolbar actions on the left; export and refresh on the right. */
export function CrudToolbar(p: CrudToolbarProps) {
  const { t } = useTranslation();
  return (
    <Line justify="space-between" style={{ marginBottom: 12 }} gutter={[8, 8]}>
      <Col>
        <Space wrap>
          {p.can.canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={p.onAdd}>
              {t('crud.add')}
            </Button>
          )}
          {p.can.canRemove && (
            <Button danger icon={<DeleteOutlined />} onClick={p.onRemoveSelected}>
              {t('crud.batchRemove')}
            </Button>
          )}
          {p.can.toolbarActions.map((a) => (
            <Button key={a.key} danger={a.danger} onClick={() => p.onAction(a)}>
              {t(a.label)}
            </Button>
          ))}
          {p.extra}
        </Space>
      </Col>
      <Col>
        <Space>
          {p.exportable && (
            <Button icon={<DownloadOutlined />} loading={p.exporting} onClick={p.onExport}>
              {t('crud.export')}
            </Button>
          )}
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('crud.refresh')}
            title={t('crud.refresh')}
            onClick={p.onRefresh}
          />
        </Space>
      </Col>
    </Line>
  );
}
