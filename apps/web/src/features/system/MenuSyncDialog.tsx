import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Space, Table, Tabs, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { http, HttpError, toast } from '@/shared/http';
import {
  MENU_SYNC as base,
  remoteMenus,
  remoteRootQuery,
  useMenuDiff,
  useSaveMenuDiff,
  type Diff,
  type DiffItem,
  type RemoteMenu,
} from './api';
import { CrudTable, type CrudDef, type Page } from '@/shared/crud';
import './messages';

const STATE_COLOR = { missing: 'green', changed: 'orange', same: 'default' } as const;
const TYPE_COLOR = { added: 'green', changed: 'orange', removed: 'red' } as const;
const show = (v: unknown) =>
  v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

const recordsDef: CrudDef = {
  name: 'menu-sync-record',
  title: 'sys.sync.recordsTitle',
  perm: 'menu_sync_record',
  rowName: (r) => String(r.remoteUrl),
  api: { list: (params) => http.post<Page>(`${base}/menuSyncRecordPage`, params) },
  columns: [
    { prop: 'remoteUrl', label: 'sys.sync.remoteUrl', search: true },
    { prop: 'added', label: 'sys.sync.added' },
    { prop: 'changed', label: 'sys.sync.changed' },
    { prop: 'removed', label: 'sys.sync.removed' },
    {
      prop: 'createUserName',
      label: 'sys.sync.user',
      text: (r) => String(r.createUserName ?? r.createUserAccount ?? ''),
    },
    { prop: 'createTime', label: 'sys.sync.time' },
  ],
};

/**
 * Menu sync (docs/menu-sync.md): tick sub-trees of the remote's menus, see the diff against this
 * environment, save the differences chosen; each save is recorded.
 */
export default function MenuSyncDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  // Branches opened so far; the root comes from its query (again after a save).
  const [branches, setBranches] = useState<Record<string, DataNode[]>>({});
  const [ticked, setTicked] = useState<string[]>([]);
  const [diff, setDiff] = useState<Diff>();
  const [chosen, setChosen] = useState<string[]>([]);
  const diffing = useMenuDiff();
  const saving = useSaveMenuDiff();
  const busy = diffing.isPending || saving.isPending;

  const toNode = (m: RemoteMenu): DataNode => ({
    key: m.id,
    isLeaf: !m.hasChildren,
    title: (
      <Space size={4}>
        <span>{m.name}</span>
        <Typography.Text type="secondary">{m.code}</Typography.Text>
        <Tag color={STATE_COLOR[m.syncState]}>
          {t(`sys.sync.state${m.syncState[0]!.toUpperCase()}${m.syncState.slice(1)}`)}
        </Tag>
      </Space>
    ),
  });
  const root = useQuery(remoteRootQuery());
  const failure = root.error
    ? root.error instanceof HttpError
      ? root.error.message
      : String(root.error)
    : undefined;
  const withBranches = (list: DataNode[]): DataNode[] =>
    list.map((n) => {
      const kids = branches[String(n.key)];
      return kids ? { ...n, children: withBranches(kids) } : n;
    });
  const nodes = root.data ? withBranches(root.data.map(toNode)) : undefined;

  const compare = () => {
    if (!ticked.length) return void toast.warning(t('sys.sync.chooseRemote'));
    diffing.mutate(ticked, {
      onSuccess: (d) => {
        setDiff(d);
        setChosen(d.items.map((i) => i.key));
      },
    });
  };

  // A failed save was shown by the client (a stale diff asks to compare again).
  const save = () => {
    if (!chosen.length) return void toast.warning(t('sys.sync.chooseItems'));
    saving.mutate(
      { ids: ticked, keys: chosen },
      {
        onSuccess: (out) => {
          toast.success(t('sys.sync.saved', { ...out }));
          setDiff(undefined);
          setTicked([]);
          setBranches({});
        },
      },
    );
  };

  const remoteTab = failure ? (
    <Alert type="error" showIcon message={failure} />
  ) : diff ? (
    <>
      <Alert
        type={diff.items.length ? 'info' : 'success'}
        showIcon
        message={diff.items.length ? t('sys.sync.summary', { ...diff }) : t('sys.sync.none')}
        style={{ marginBottom: 12 }}
      />
      <Table<DiffItem>
        rowKey="key"
        size="small"
        dataSource={diff.items}
        pagination={false}
        scroll={{ y: 360 }}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(String)) }}
        columns={[
          {
            title: t('sys.sync.type'),
            dataIndex: 'type',
            width: 90,
            render: (v: DiffItem['type']) => <Tag color={TYPE_COLOR[v]}>{t(`sys.sync.${v}`)}</Tag>,
          },
          { title: t('sys.menu.code'), dataIndex: 'code' },
          { title: t('sys.menu.name'), dataIndex: 'name' },
          {
            title: t('sys.sync.diff'),
            dataIndex: 'changes',
            render: (changes: DiffItem['changes']) =>
              changes?.map((c) => (
                <div key={c.field}>
                  <b>{c.field}</b>: {show(c.local)} → {show(c.remote)}
                </div>
              )),
          },
        ]}
      />
      <Space style={{ marginTop: 12 }}>
        <Button onClick={() => setDiff(undefined)}>{t('sys.sync.back')}</Button>
        <Button type="primary" loading={busy} disabled={!diff.items.length} onClick={save}>
          {t('sys.sync.save')}
        </Button>
      </Space>
    </>
  ) : (
    <>
      <div style={{ maxHeight: 420, overflow: 'auto' }}>
        <Tree
          checkable
          checkStrictly
          treeData={nodes ?? []}
          checkedKeys={ticked}
          onCheck={(keys) => setTicked((Array.isArray(keys) ? keys : keys.checked).map(String))}
          loadData={async (node) => {
            const key = String(node.key);
            // The calls are silent (a failed root shows in place of the tree): a failed branch says so here.
            const kids = await remoteMenus(key).catch((e: unknown) => {
              toast.error(e instanceof Error ? e.message : String(e));
              return [];
            });
            setBranches((b) => ({ ...b, [key]: kids.map(toNode) }));
          }}
        />
      </div>
      <Button type="primary" loading={busy} style={{ marginTop: 12 }} onClick={compare}>
        {t('sys.sync.compare')}
      </Button>
    </>
  );

  return (
    <Modal open title={t('sys.sync.title')} width={1000} footer={null} onCancel={onClose} destroyOnHidden>
      <Tabs
        items={[
          { key: 'remote', label: t('sys.sync.remote'), children: remoteTab },
          { key: 'records', label: t('sys.sync.records'), children: <CrudTable def={recordsDef} compact /> },
        ]}
      />
    </Modal>
  );
}
