import { useEffect, useState } from 'react';
import { Empty, Modal, Spin, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../http';
import './messages';

export interface GrantNode {
  id: string;
  title: string;
  children?: GrantNode[];
}

export interface TreeGrantDialogProps {
  open: boolean;
  title: string;
  /** The whole tree that can be granted. */
  loadTree: () => Promise<GrantNode[]>;
  /** Ids granted now. */
  loadChecked: () => Promise<string[]>;
  save: (ids: string[]) => Promise<unknown>;
  onClose: () => void;
}

/**
 * What the tree shows for the granted ids: a leaf is checked when granted, a parent when all its children
 * are, half-checked when some are (granted parents alone say nothing about their children).
 */
export function grantState(nodes: GrantNode[], granted: Set<string>) {
  const checked: string[] = [];
  const half: string[] = [];
  const visit = (n: GrantNode): 'all' | 'some' | 'none' => {
    if (!n.children?.length) {
      if (granted.has(n.id)) return (checked.push(n.id), 'all');
      return 'none';
    }
    const states = n.children.map(visit);
    if (states.every((s) => s === 'all')) return (checked.push(n.id), 'all');
    if (states.some((s) => s !== 'none')) return (half.push(n.id), 'some');
    return 'none';
  };
  nodes.forEach(visit);
  return { checked, half };
}

/**
 * A checkable tree of everything that can be granted (a role's menus and buttons, a top menu's menus).
 * Saving sends the checked nodes and the parents of partly checked branches, which is what the menus
 * under them need to show.
 */
export function TreeGrantDialog(p: TreeGrantDialogProps) {
  const { t } = useTranslation();
  const [tree, setTree] = useState<GrantNode[]>();
  const [checked, setChecked] = useState<string[]>([]);
  const [half, setHalf] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!p.open) return;
    setTree(undefined);
    void Promise.all([p.loadTree(), p.loadChecked()])
      .then(([nodes, keys]) => {
        setTree(nodes);
        const state = grantState(nodes, new Set(keys));
        setChecked(state.checked);
        setHalf(state.half);
      })
      .catch(() => p.onClose());
    // Loaded once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.open]);

  const save = async () => {
    setSaving(true);
    try {
      await p.save([...new Set([...checked, ...half])]);
      toast.success(t('crud.saved'));
      p.onClose();
    } catch {
      // Shown by the client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={p.open}
      title={p.title}
      onCancel={p.onClose}
      onOk={() => void save()}
      okText={t('crud.save')}
      cancelText={t('crud.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      styles={{ body: { maxHeight: '60vh', overflow: 'auto' } }}
    >
      {!tree ? (
        <Spin />
      ) : tree.length ? (
        <Tree
          checkable
          defaultExpandAll
          treeData={tree as never}
          fieldNames={{ key: 'id', title: 'title', children: 'children' }}
          checkedKeys={checked}
          onCheck={(keys, info) => {
            setChecked((Array.isArray(keys) ? keys : keys.checked).map(String));
            setHalf((info.halfCheckedKeys ?? []).map(String));
          }}
        />
      ) : (
        <Empty />
      )}
    </Modal>
  );
}
