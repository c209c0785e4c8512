import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import type { MenuNode } from '@/shared/menu/types';
import { pick } from '@/shared/i18n';
import { matchesMenu } from '@/layout/registry';
import { menuIcon } from '@/shared/menu/icons';
import { useOpenMenu } from '@/shared/menu/navigate';

type Item = Required<MenuProps>['items'][number];

const groupKey = (n: MenuNode) => `group:${n.id}`;

function toItems(nodes: MenuNode[]): Item[] {
  return (
    nodes
      // A folder whose pages are all hidden has nothing to open.
      .filter((n) => !n.meta?.hidden && !(n.children?.length && n.children.every((c) => c.meta?.hidden)))
      .map((n) => {
        const label = pick(n.meta?.i18n, n.name);
        const children = n.children?.filter((c) => !c.meta?.hidden);
        return children?.length
          ? { key: groupKey(n), icon: menuIcon(n.source), label, children: toItems(children) }
          : { key: n.path ?? n.id, icon: menuIcon(n.source), label };
      })
  );
}

/** The menu item of a page and the groups above it, outermost first (empty when the menu has no such page). */
export function trail(nodes: MenuNode[], pathname: string): { groups: string[]; item?: string } {
  for (const n of nodes) {
    if (n.children?.length) {
      const inner = trail(n.children, pathname);
      if (inner.item) return { groups: [groupKey(n), ...inner.groups], item: inner.item };
    } else if (n.path && matchesMenu(n.path, pathname)) {
      return { groups: [], item: n.path };
    }
  }
  return { groups: [] };
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
  const here = useMemo(() => trail(nodes, pathname), [nodes, pathname]);
  // Open groups are the user's, but a page reached another way (a tab, the search, Ctrl+K, a link) opens
  // its own group too, so the side menu always shows where the user is.
  const [openKeys, setOpenKeys] = useState<string[]>(here.groups);
  useEffect(() => {
    setOpenKeys((keys) =>
      here.groups.every((k) => keys.includes(k)) ? keys : [...new Set([...keys, ...here.groups])],
    );
  }, [here]);
  // ...and scrolls it into view inside the side menu once its group has opened.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const timer = window.setTimeout(
      () => box.current?.querySelector('.ant-menu-item-selected')?.scrollIntoView({ block: 'nearest' }),
      300,
    );
    return () => window.clearTimeout(timer);
  }, [here.item]);
  return (
    <div className="fc-side-menu" ref={box}>
      <Menu
        mode="inline"
        theme={dark ? 'dark' : 'light'}
        items={items}
        selectedKeys={[here.item ?? pathname]}
        // Collapsed, the groups are pop-ups: opening them all would cover the page.
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        inlineCollapsed={collapsed}
        onClick={({ key }) => !key.startsWith('group:') && open(key)}
        style={{ borderInlineEnd: 0 }}
      />
    </div>
  );
}
