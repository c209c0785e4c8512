import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import type { MenuNode } from '@/shared/menu/types';
import { pick } from '@/shared/i18n';
import { menuIcon } from './icons';
import { useOpenMenu } from './navigate';

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: MenuNode[]): Item[] {
  return (
    nodes
      // A folder whose pages are all hidden has nothing to open.
      .filter((n) => !n.meta?.hidden && !(n.children?.length && n.children.every((c) => c.meta?.hidden)))
      .map((n) => {
        const label = pick(n.meta?.i18n, n.name);
        const children = n.children?.filter((c) => !c.meta?.hidden);
        return children?.length
          ? { key: `group:${n.id}`, icon: menuIcon(n.source), label, children: toItems(children) }
          : { key: n.path ?? n.id, icon: menuIcon(n.source), label };
      })
  );
}

export function SideMenu({
  nodes,
  dark,
  collapsed,
}: {
  nodes: MenuNode[];
  dark: boolean;
  collapsed: boolean;
}) {
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  const open = useOpenMenu();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const items = useMemo(() => toItems(nodes), [nodes, i18n.language]);
  return (
    <Menu
      mode="inline"
      theme={dark ? 'dark' : 'light'}
      items={items}
      selectedKeys={[pathname]}
      inlineCollapsed={collapsed}
      onClick={({ key }) => !key.startsWith('group:') && open(key)}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
