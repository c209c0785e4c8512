import { Type, type Static } from 'typebox';
import { Nullable, treeOf } from './common.js';

/** What a menu's meta (jsonb) may say: its names per language and how the shell shows it. */
export const MenuMeta = Type.Object({
  i18n: Type.Optional(Type.Object({ zh: Type.Optional(Type.String()), en: Type.Optional(Type.String()) })),
  hidden: Type.Optional(Type.Boolean()),
  keepAlive: Type.Optional(Type.Boolean()),
  notTab: Type.Optional(Type.Boolean()),
  roles: Type.Optional(Type.Array(Type.String())),
});
export type MenuMeta = Static<typeof MenuMeta>;

/** The columns of a menu (category 1) or button (category 2) the shell reads. */
export const menuFields = {
  id: Type.String(),
  parentId: Type.String(),
  /** Required by the menu administration and the sync's key, though the BladeX column allows null. */
  code: Type.String(),
  name: Type.String(),
  alias: Nullable(Type.String()),
  path: Nullable(Type.String()),
  source: Nullable(Type.String()),
  sort: Type.Integer(),
  category: Type.Integer(),
  action: Type.Integer(),
  isOpen: Type.Integer(),
  meta: Nullable(MenuMeta),
};
export const MenuItem = Type.Object(menuFields);
export type MenuItem = Static<typeof MenuItem>;

/** A node of /menu/routes (api-conventions.md "Tree shapes"): leaves carry no children. */
export const MenuNode = treeOf('MenuNode', menuFields);
export interface MenuNode extends MenuItem {
  hasChildren?: boolean;
  children?: MenuNode[];
}

/** A page of /menu/buttons with its granted buttons. */
export const ButtonGroup = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  code: Nullable(Type.String()),
  name: Type.String(),
  path: Nullable(Type.String()),
  sort: Type.Integer(),
  children: Type.Array(MenuItem),
});
export type ButtonGroup = Static<typeof ButtonGroup>;

/** A top menu of the header (/menu/top-menu). */
export const TopMenu = Type.Object({
  id: Type.String(),
  code: Nullable(Type.String()),
  name: Type.String(),
  source: Nullable(Type.String()),
  path: Nullable(Type.String()),
  sort: Type.Integer(),
  meta: Nullable(MenuMeta),
});
export type TopMenu = Static<typeof TopMenu>;

/** A row of the menu administration (lists and detail): the columns plus component and remark. */
export const MenuRow = Type.Object({
  ...menuFields,
  component: Nullable(Type.String()),
  remark: Nullable(Type.String()),
  hasChildren: Type.Optional(Type.Boolean()),
});
export type MenuRow = Static<typeof MenuRow>;

/** A node of the menu trees of the grant dialog and the menu page's parent select. */
export const MenuTreeNode = treeOf('MenuTreeNode', {
  id: Type.String(),
  parentId: Type.String(),
  name: Type.String(),
  sort: Type.Integer(),
  category: Type.Integer(),
  code: Nullable(Type.String()),
  title: Type.String(),
  key: Type.String(),
  value: Type.String(),
  alias: Type.Optional(Nullable(Type.String())),
  path: Type.Optional(Nullable(Type.String())),
  source: Type.Optional(Nullable(Type.String())),
  action: Type.Optional(Type.Integer()),
  isOpen: Type.Optional(Type.Integer()),
  component: Type.Optional(Nullable(Type.String())),
  remark: Type.Optional(Nullable(Type.String())),
  meta: Type.Optional(Nullable(MenuMeta)),
});
export type MenuTreeNode = Static<typeof MenuTreeNode>;

/** A top menu as its administration lists and edits it. */
export const TopMenuRow = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  code: Nullable(Type.String()),
  name: Type.String(),
  source: Nullable(Type.String()),
  path: Nullable(Type.String()),
  sort: Type.Integer(),
  meta: Nullable(MenuMeta),
});
export type TopMenuRow = Static<typeof TopMenuRow>;

/** A menu in the tree of a top menu's grant dialog. */
export const TopMenuGrantNode = treeOf('TopMenuGrantNode', {
  id: Type.String(),
  parentId: Type.String(),
  code: Nullable(Type.String()),
  title: Type.String(),
  key: Type.String(),
  value: Type.String(),
  meta: Nullable(MenuMeta),
});
export type TopMenuGrantNode = Static<typeof TopMenuGrantNode>;

/** A menu as one environment exports it to another (menu sync; parents travel by code). */
export const SyncMenu = Type.Object({
  ...menuFields,
  parentCode: Nullable(Type.String()),
  component: Nullable(Type.String()),
  remark: Nullable(Type.String()),
  status: Type.Integer(),
  hasChildren: Type.Optional(Type.Boolean()),
});
export type SyncMenu = Static<typeof SyncMenu>;

/** A remote menu with how it stands here: missing, changed or the same. */
export const RemoteMenu = Type.Object({
  ...SyncMenu.properties,
  leaf: Type.Boolean(),
  syncState: Type.String(),
});
export type RemoteMenu = Static<typeof RemoteMenu>;

/** One difference between the remote's menus and ours. */
export const MenuDiffItem = Type.Object({
  key: Type.String(),
  type: Type.String(),
  code: Nullable(Type.String()),
  name: Nullable(Type.String()),
  category: Type.Integer(),
  parentCode: Type.String(),
  changes: Type.Optional(
    Type.Array(Type.Object({ field: Type.String(), local: Type.Unknown(), remote: Type.Unknown() })),
  ),
});
export const MenuDiff = Type.Object({
  remoteUrl: Type.String(),
  added: Type.Integer(),
  changed: Type.Integer(),
  removed: Type.Integer(),
  items: Type.Array(MenuDiffItem),
});
export type MenuDiff = Static<typeof MenuDiff>;

/** A sync that was applied, with who applied it. */
export const MenuSyncRecord = Type.Object({
  ...MenuDiff.properties,
  id: Type.String(),
  tenantId: Type.String(),
  createUser: Nullable(Type.String()),
  createTime: Type.String(),
  createUserAccount: Nullable(Type.String()),
  createUserName: Nullable(Type.String()),
});
export type MenuSyncRecord = Static<typeof MenuSyncRecord>;
