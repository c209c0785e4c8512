import type { MouseEvent } from 'react';
import { Button, Dropdown, Space } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './messages';
import type { CrudAction, CrudDef, FormMode, Row } from './types';
import type { CrudPermissions } from './useCrudPermissions';

export interface RowButtonsProps {
  def: CrudDef;
  row: Row;
  rowKey: string;
  can: CrudPermissions;
  onOpen: (mode: FormMode, row: Row) => void;
  onRemove: (row: Row) => void;
  onAction: (a: CrudAction, row: Row) => void;
}

/** A row's buttons: view, edit, remove, add a child (trees), the first row action, the rest under "more". */
export function RowButtons({ def, row, rowKey, can, onOpen, onRemove, onAction }: RowButtonsProps) {
  const { t } = useTranslation();
  const own = can.rowActions.filter((a) => !a.visible || a.visible(row));
  const inline = own.slice(0, 1);
  const more = own.slice(1);
  // A row click may choose the row (master lists): a button acts without choosing.
  const stop = (fn: () => void) => (e: MouseEvent) => (e.stopPropagation(), fn());
  return (
    <Space size={0} wrap>
      {can.canView && (
        <Button type="link" size="small" onClick={stop(() => onOpen('view', row))}>
          {t('crud.view')}
        </Button>
      )}
      {can.canEdit && (
        <Button type="link" size="small" onClick={stop(() => onOpen('edit', row))}>
          {t('crud.edit')}
        </Button>
      )}
      {can.canRemove && (
        <Button type="link" size="small" danger onClick={stop(() => onRemove(row))}>
          {t('crud.remove')}
        </Button>
      )}
      {can.canAddChild && (def.tree?.canHaveChildren?.(row) ?? true) && (
        <Button
          type="link"
          size="small"
          onClick={stop(() => onOpen('add', { parentId: String(row[rowKey]) }))}
        >
          {t('crud.addChild')}
        </Button>
      )}
      {inline.map((a) => (
        <Button key={a.key} type="link" size="small" danger={a.danger} onClick={stop(() => onAction(a, row))}>
          {t(a.label)}
        </Button>
      ))}
      {more.length > 0 && (
        <Dropdown
          menu={{
            items: more.map((a) => ({ key: a.key, label: t(a.label), danger: a.danger })),
            onClick: ({ key, domEvent }) => {
              domEvent.stopPropagation();
              onAction(
                more.find((a) => a.key === key)!,
                row,
              );
            },
          }}
        >
          <Button type="link" size="small" icon={<MoreOutlined />} onClick={(e) => e.stopPropagation()}>
            {t('crud.more')}
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
