import { useQuery } from '@tanstack/react-query';
import TreeSelect from 'antd/es/tree-select';
import type { WidgetProps } from '../widgets';

/** A choice in a tree (the column's `tree` loads it), e.g. a parent or a department. */
export default function TreeField({
  column,
  id,
  value,
  onChange,
  disabled,
  placeholder,
  multiple,
}: WidgetProps) {
  const tree = useQuery({
    queryKey: ['crud-tree', column.tree?.key],
    queryFn: () => column.tree!.load(),
    enabled: Boolean(column.tree),
    staleTime: 30_000,
  });
  return (
    <TreeSelect
      id={id}
      value={value as never}
      onChange={onChange}
      disabled={disabled}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      multiple={multiple}
      treeData={tree.data ?? []}
      loading={tree.isLoading}
      placeholder={placeholder}
      listHeight={360}
    />
  );
}
