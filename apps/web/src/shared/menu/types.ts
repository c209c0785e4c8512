export interface MenuMeta {
  i18n?: { zh?: string; en?: string };
  hidden?: boolean;
  keepAlive?: boolean;
  notTab?: boolean;
  roles?: string[];
}

/** A menu node of /menu/routes. */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias: string;
  path: string | null;
  source: string | null;
  sort: number;
  category: number;
  meta: MenuMeta | null;
  children?: MenuNode[];
}

export interface TopMenu {
  id: string;
  code: string;
  name: string;
  source: string | null;
  meta: MenuMeta | null;
}
