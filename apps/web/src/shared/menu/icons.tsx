import type { ReactNode } from 'react';
import { QuestionOutlined as Fallback } from '@ant-design/icons';

let icons: Record<string, ReactNode> | undefined;
let pending: Promise<void> | undefined;

/**
 * The menus' icons (./iconSet) are a chunk of their own, asked for with the menus: the menu queries
 * (./menus) wait for them, so a menu is never drawn without its icons. Never fails: without them a menu
 * still works, with the fallback icon.
 */
export function loadMenuIcons(): Promise<void> {
  pending ??= import('./iconSet').then(
    (m) => void (icons = m.ICONS),
    () => void (pending = undefined),
  );
  return pending;
}

/** The icon a menu names; an icon's room, empty, while the icons are not in yet. */
export const menuIcon = (name: string | null | undefined): ReactNode =>
  icons ? (name && icons[name]) || <Fallback /> : <span className="anticon" style={{ width: '1em' }} />;
