import { useCallback, useEffect, useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { Col, Empty, Modal, Row, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import { ApartmentOutlined, UserOutlined } from '@ant-design/icons';
import { useSession } from '../auth/store';
import { deptChildren, deptEmployees } from './api';
import './messages';
import {
  confirmProblem,
  isPicked,
  openSelection,
  selectable,
  toValue,
  toggle,
  type PickNode,
  type PickerMode,
  type PickerValue,
} from './selection';
import { toast } from '@/shared/http';

export interface DeptEmpPickerDialogProps {
  open: boolean;
  /** The current selection; the dialog works on a copy of it. */
  value?: PickerValue;
  mode?: PickerMode;
  multiple?: boolean;
  onOk: (value: PickerValue) => void;
  onCancel: () => void;
  title?: string;
}

interface Node extends TreeDataNode {
  key: string;
  node: PickNode;
  children?: Node[];
}

const keyOf = (n: PickNode, parent?: string) => (n.isEmployee ? `e:${parent ?? ''}:${n.id}` : `d:${n.id}`);

function attach(nodes: Node[], key: string, children: Node[]): Node[] {
  return nodes.map((n) =>
    n.key === key
      ? { ...n, children, isLeaf: children.length === 0 }
      : n.children
        ? { ...n, children: attach(n.children, key, children) }
        : n,
  );
}

function walk(nodes: Node[] | undefined, visit: (n: Node) => void) {
  for (const n of nodes ?? []) {
    visit(n);
    walk(n.children, visit);
  }
}

/**
 * Spec §4 department and employee picker: a lazy department tree with the employees of a department as
 * its leaves. Opening copies the selection, cancel clears it, confirm needs at least one.
 */
export function DeptEmpPickerDialog({
  open,
  value,
  mode = 'both',
  multiple = true,
  onOk,
  onCancel,
  title,
}: DeptEmpPickerDialogProps) {
  const { t } = useTranslation();
  const tenantId = useSession((s) => s.user?.tenant_id ?? s.tenantId);
  const [tree, setTree] = useState<Node[]>([]);
  const [selection, setSelection] = useState<PickNode[]>([]);
  const [expanded, setExpanded] = useState<Key[]>([]);

  const toNode = useCallback(
    (n: PickNode, parent?: string): Node => ({
      key: keyOf(n, parent),
      node: n,
      title: n.title,
      icon: n.isEmployee ? <UserOutlined /> : <ApartmentOutlined />,
      // A department may hold employees even without sub-departments.
      isLeaf: n.isEmployee || (mode === 'dept' && n.leaf === true),
      checkable: selectable(n, mode),
    }),
    [mode],
  );

  useEffect(() => {
    if (!open) return;
    setSelection(openSelection(value));
    // The copy is taken when the dialog opens, not on every change of the value behind it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => {
    if (!open || tree.length) return;
    let live = true;
    void deptChildren(undefined, tenantId).then((roots) => {
      if (!live) return;
      const nodes = roots.map((r) => toNode(r));
      setTree(nodes);
      // The company root is always opened: a tree of one closed node says nothing.
      if (nodes.length === 1) setExpanded([nodes[0]!.key]);
    });
    return () => {
      live = false;
    };
  }, [open, tree.length, toNode, tenantId]);

  const loadChildren = async (target: Node) => {
    if (target.node.isEmployee || target.children) return;
    const id = target.node.id;
    const [depts, staff] = await Promise.all([
      deptChildren(id, tenantId),
      mode === 'dept' ? Promise.resolve([]) : deptEmployees(id, tenantId),
    ]);
    const children = [
      ...depts.map((d) => toNode({ ...d, isEmployee: false })),
      ...staff.map((e) => toNode({ ...e, isEmployee: true }, id)),
    ];
    setTree((prev) => attach(prev, target.key, children));
  };

  const checkedKeys = useMemo(() => {
    const keys: string[] = [];
    walk(tree, (n) => {
      if (isPicked(selection, n.node)) keys.push(n.key);
    });
    return keys;
  }, [tree, selection]);

  const flip = (n: Node) => {
    if (!selectable(n.node, mode)) {
      // A name that cannot be picked opens or closes its branch instead.
      setExpanded((keys) => (keys.includes(n.key) ? keys.filter((k) => k !== n.key) : [...keys, n.key]));
      return;
    }
    setSelection((sel) => toggle(sel, n.node, !isPicked(sel, n.node), multiple));
  };

  const confirm = () => {
    const problem = confirmProblem(selection);
    if (problem) {
      toast.warning(t(problem));
      return;
    }
    onOk(toValue(selection));
  };
  const cancel = () => {
    setSelection([]);
    onCancel();
  };

  const heading =
    title ?? t(mode === 'dept' ? 'pickers.titleDept' : mode === 'emp' ? 'pickers.titleEmp' : 'pickers.title');
  return (
    <Modal open={open} title={heading} onOk={confirm} onCancel={cancel} width={760} destroyOnHidden>
      <Row gutter={16} className="fc-dept-picker">
        <Col xs={24} md={14}>
          <div
            style={{ height: 420, overflow: 'auto', border: '1px solid rgba(5,5,5,0.06)', borderRadius: 6 }}
          >
            <Tree<Node>
              checkable
              checkStrictly
              showIcon
              blockNode
              treeData={tree}
              loadData={loadChildren}
              expandedKeys={expanded}
              onExpand={setExpanded}
              checkedKeys={{ checked: checkedKeys, halfChecked: [] }}
              selectedKeys={[]}
              onCheck={(_, info) => flip(info.node)}
              onSelect={(_, info) => flip(info.node)}
            />
          </div>
        </Col>
        <Col xs={24} md={10}>
          <Typography.Text strong>{t('pickers.selected', { count: selection.length })}</Typography.Text>
          <div style={{ marginTop: 8, display: 'flex', flexWrap: 'wrap', gap: 8 }} aria-label="picked">
            {selection.length ? (
              selection.map((n) => (
                <Tag
                  key={keyOf(n)}
                  closable
                  icon={n.isEmployee ? <UserOutlined /> : <ApartmentOutlined />}
                  color={n.isEmployee ? 'blue' : 'geekblue'}
                  onClose={(e) => {
                    e.preventDefault();
                    setSelection((sel) => toggle(sel, n, false, multiple));
                  }}
                >
                  {n.title}
                </Tag>
              ))
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pickers.nothing')} />
            )}
          </div>
        </Col>
      </Row>
    </Modal>
  );
}
