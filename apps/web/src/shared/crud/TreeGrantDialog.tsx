import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
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
  const saving = useMutation({
    mutationFn: (keys: string[]) => p.save(keys),
    onSuccess: () => {
      toast.success(t('crud.saved'));
      p.onClose();
    },
  });

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
      // The client said why; there is nothing to grant from.
      .catch(() => p.onClose());
    // Loaded once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.open]);

  // A failed save was shown by the client; the dialog stays open to try again.
  const save = () => saving.mutate([...new Set([...checked, ...half])]);

  return (
    <Modal
      open={p.open}
      title={p.title}
      onCancel={p.onClose}
      onOk={save}
      okText={t('crud.save')}
      cancelText={t('crud.cancel')}
      confirmLoading={saving.isPending}
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
