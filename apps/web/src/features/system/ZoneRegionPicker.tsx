import { useEffect, useState } from 'react';
import { Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { http } from '@/shared/http';
import type { FieldProps } from '@/shared/crud';
import './messages';

interface RegionChoice {
  code: string;
  name: string;
  hasChildren: boolean;
  zoneName: string | null;
  taken: boolean;
}

/**
 * The regions a zone covers, ticked in the region tree (getRegionList, loaded level by level). A region
 * another zone already covers shows that zone and cannot be ticked; the zone being edited keeps its own.
 */
export function ZoneRegionPicker({ value, onChange, disabled, mode, record }: FieldProps) {
  const { t } = useTranslation();
  const chosen = (value as string[] | undefined) ?? [];
  const [nodes, setNodes] = useState<DataNode[]>([]);
  const editing = mode !== 'add' && Boolean(record.id);

  const load = (parentCode?: string) =>
    http
      .get<RegionChoice[]>('/api/blade-basic/zone/getRegionList', {
        params: { parentCode, ...(editing ? { id: record.id, isUpdate: true } : {}) },
      })
      .then((rows) =>
        rows.map<DataNode>((r) => ({
          key: r.code,
          isLeaf: !r.hasChildren,
          disableCheckbox: r.taken,
          title: (
            <span>
              {r.code} {r.name}
              {r.taken && (
                <Tag style={{ marginLeft: 6 }} color="orange">
                  {t('sys.zone.takenBy', { zone: r.zoneName })}
                </Tag>
              )}
            </span>
          ),
        })),
      );

  useEffect(() => {
    void load()
      .then(setNodes)
      .catch(() => setNodes([]));
    // The tree is loaded once per dialog.
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

  return (
    <div>
      <Typography.Text type="secondary">{t('sys.zone.chosen', { count: chosen.length })}</Typography.Text>
      <div
        style={{ maxHeight: 260, overflow: 'auto', border: '1px solid rgba(5,5,5,0.06)', borderRadius: 6 }}
      >
        <Tree
          checkable
          checkStrictly
          disabled={disabled}
          treeData={nodes}
          checkedKeys={{ checked: chosen, halfChecked: [] }}
          onCheck={(_, info) => {
            const key = String(info.node.key);
            onChange?.(info.checked ? [...new Set([...chosen, key])] : chosen.filter((k) => k !== key));
          }}
          loadData={async (node) => {
            // The client said why; the branch shows as empty.
            const kids = await load(String(node.key)).catch(() => []);
            setNodes((list) => attach(list, String(node.key), kids));
          }}
        />
      </div>
    </div>
  );
}
