import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Space, Table, Tabs, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { http, HttpError, toast } from '@/shared/http';
import { CrudTable, type CrudDef, type Page } from '@/shared/crud';
import './messages';

const base = '/api/blade-system/menu/sync';

interface RemoteMenu {
  id: string;
  code: string;
  name: string;
  category: number;
  hasChildren: boolean;
  syncState: 'missing' | 'changed' | 'same';
}
interface DiffItem {
  key: string;
  type: 'added' | 'changed' | 'removed';
  code: string;
  name: string;
  category: number;
  parentCode?: string;
  changes?: Array<{ field: string; local: unknown; remote: unknown }>;
}
interface Diff {
  remoteUrl: string;
  added: number;
  changed: number;
  removed: number;
  items: DiffItem[];
}

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
  const [nodes, setNodes] = useState<DataNode[]>();
  const [failure, setFailure] = useState<string>();
  const [ticked, setTicked] = useState<string[]>([]);
  const [diff, setDiff] = useState<Diff>();
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

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
  const children = (parentId: string) =>
    http.get<RemoteMenu[]>(`${base}/lazyRemoteMenuList`, { params: { parentId }, silent: true });

  useEffect(() => {
    children('0')
      .then((rows) => setNodes(rows.map(toNode)))
      .catch((e: unknown) => setFailure(e instanceof HttpError ? e.message : String(e)));
    // Loaded once when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const attach = (list: DataNode[], key: string, kids: DataNode[]): DataNode[] =>
    list.map((n) =>
      n.key === key
        ? { ...n, children: kids }
        : n.children
          ? { ...n, children: attach(n.children, key, kids) }
          : n,
    );

  const compare = async () => {
    if (!ticked.length) return void toast.warning(t('sys.sync.chooseRemote'));
    setBusy(true);
    try {
      const d = await http.post<Diff>(`${base}/menuDiff`, { ids: ticked });
      setDiff(d);
      setChosen(d.items.map((i) => i.key));
    } catch {
      // Shown by the client.
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (!chosen.length) return void toast.warning(t('sys.sync.chooseItems'));
    setBusy(true);
    try {
      const out = await http.post<{ added: number; changed: number; removed: number }>(
        `${base}/saveMenuDiff`,
        {
          ids: ticked,
          keys: chosen,
        },
      );
      toast.success(t('sys.sync.saved', { ...out }));
      setDiff(undefined);
      setTicked([]);
      setNodes((await children('0')).map(toNode));
    } catch {
      // Shown by the client (a stale diff asks to compare again).
    } finally {
      setBusy(false);
    }
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
        <Button type="primary" loading={busy} disabled={!diff.items.length} onClick={() => void save()}>
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
            const kids = await children(String(node.key)).catch(() => []);
            setNodes((list) => attach(list ?? [], String(node.key), kids.map(toNode)));
          }}
        />
      </div>
      <Button type="primary" loading={busy} style={{ marginTop: 12 }} onClick={() => void compare()}>
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
