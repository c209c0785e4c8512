import { useMemo, useState } from 'react';
import { Button, Card, Col, Drawer, Empty, Row as Line, Segmented } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePermission } from '@/shared/auth/store';
import { toast } from '@/shared/http';
import { useRefreshDictCache } from './api';
import { CrudTable, type CrudAction } from '@/shared/crud';
import { childDef, parentDef, type DictKind, type DictRow } from './defs';

export type DictLayout = 'drawer' | 'horizontal' | 'vertical';

export interface DictWorkbenchProps {
  kind: DictKind;
  /** drawer: entries in a side panel (row button); horizontal: side by side; vertical: one above the other. */
  layout: DictLayout;
  /** Offer both kinds (the horizontal and vertical pages). */
  switchable?: boolean;
}

/**
 * Dictionaries and their entries: the parent list drives the child list (child-list by parentId). One
 * component for the system and business dictionaries and for the three layouts of the console.
 */
export function DictWorkbench({ kind: initialKind, layout, switchable }: DictWorkbenchProps) {
  const { t } = useTranslation();
  const refreshing = useRefreshDictCache();
  const [kind, setKind] = useState<DictKind>(initialKind);
  const [parent, setParent] = useState<DictRow>();
  const [drawer, setDrawer] = useState(false);
  const canRefresh = usePermission('dict_biz_refresh');

  const choose = (row: DictRow) => {
    setParent(row);
    if (layout === 'drawer') setDrawer(true);
  };
  const parents = useMemo(() => {
    const def = parentDef(kind);
    if (layout !== 'drawer') return def;
    const entries: CrudAction<DictRow> = {
      key: 'entries',
      label: 'dict.entries',
      place: 'row',
      run: ({ rows }) => choose(rows[0]!),
    };
    return { ...def, actions: [entries] };
    // choose only reads setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, layout]);
  const children = useMemo(() => (parent ? childDef(kind, parent) : undefined), [kind, parent]);

  const refresh = () => refreshing.mutate(undefined, { onSuccess: () => void toast.success(t('crud.done')) });

  const toolbar = (
    <>
      {switchable && (
        <Segmented<DictKind>
          value={kind}
          onChange={(k) => (setKind(k), setParent(undefined))}
          options={[
            { value: 'dict', label: t('dict.system') },
            { value: 'dict-biz', label: t('dict.business') },
          ]}
        />
      )}
      {kind === 'dict-biz' && canRefresh && (
        <Button icon={<SyncOutlined />} loading={refreshing.isPending} onClick={refresh}>
          {t('dict.refresh')}
        </Button>
      )}
    </>
  );
  const parentList = (
    <CrudTable
      key={kind}
      def={parents}
      compact={layout !== 'drawer'}
      title={layout === 'drawer' ? undefined : t(kind === 'dict' ? 'dict.system' : 'dict.business')}
      extraToolbar={toolbar}
      onRowClick={layout === 'drawer' ? undefined : choose}
      activeKey={parent ? String(parent.id) : undefined}
    />
  );
  const childList = children ? (
    <CrudTable
      key={`${kind}-${String(parent!.id)}`}
      def={children}
      compact
      title={t('dict.entriesOf', { name: parent!.dictValue })}
      params={{ parentId: parent!.id }}
    />
  ) : (
    <Card size="small">
      <Empty description={t('dict.chooseParent')} />
    </Card>
  );

  if (layout === 'drawer')
    return (
      <>
        {parentList}
        <Drawer
          open={drawer}
          size={900}
          title={t('dict.entriesOf', { name: parent?.dictValue })}
          onClose={() => setDrawer(false)}
          destroyOnHidden
        >
          {children && (
            <CrudTable
              key={`${kind}-${String(parent!.id)}`}
              def={children}
              compact
              params={{ parentId: parent!.id }}
            />
          )}
        </Drawer>
      </>
    );
  if (layout === 'horizontal')
    return (
      <Line gutter={16}>
        <Col xs={24} xl={11}>
          {parentList}
        </Col>
        <Col xs={24} xl={13}>
          {childList}
        </Col>
      </Line>
    );
  return (
    <>
      {parentList}
      <div style={{ height: 16 }} />
      {childList}
    </>
  );
}
