import { Space } from 'antd';
import type { MenuNode, TopMenu as Top } from '@/shared/menu/types';
import { LangSwitch } from '@/shared/ui/LangSwitch';
import { ChatEntry } from '@/features/im/ChatEntry';
import { TopMenu } from './TopMenu';
import { FullScreen } from './FullScreen';
import { LockButton } from './LockButton';
import { UserMenu } from './UserMenu';
import { ThemeColor, ThemePicker } from './ThemePicker';
import { LogViewer } from './LogViewer';
import { NoticePopover } from './NoticePopover';
import { MenuSearchOverlay, TopSearch } from './MenuSearch';

/**
 * The shell's chrome: the side menu, the top menu, the toolbar and the tab bar. It is a chunk of its own,
 * asked for once the page's is in (`loadChrome`) and drawn in the layout's second pass, so the page never
 * waits for its code: the antd Menu, the search box's Select with its virtual list, Segmented and the
 * toolbar's popovers are ~68 KB (gzip) the workbench used to load before it could show.
 */

export { SideMenu } from './SideMenu';
export { TabBar } from './TabBar';

export function HeaderChrome({
  all,
  tops,
  topMenuId,
  onTopMenu,
  tier,
  color,
  searching,
  onSearching,
}: {
  all: MenuNode[];
  tops: Top[] | undefined;
  topMenuId: string | undefined;
  onTopMenu: (id: string | undefined) => void;
  tier: number;
  color: string;
  /** The search overlay's state, kept by the layout (Ctrl+K is listened for before this chunk is in). */
  searching: boolean;
  onSearching: (open: boolean) => void;
}) {
  return (
    <>
      {tier >= 2 && <TopMenu items={tops ?? []} value={topMenuId} onChange={onTopMenu} />}
      <div style={{ flex: 1 }} />
      <Space size={2} className="fc-toolbar" style={{ color }}>
        {tier >= 1 && <TopSearch nodes={all} />}
        <MenuSearchOverlay nodes={all} visible={searching} onVisible={onSearching} />
        <ChatEntry />
        {tier >= 1 && <FullScreen />}
        <LockButton />
        <ThemePicker />
        <ThemeColor />
        <LogViewer />
        <NoticePopover />
        <LangSwitch />
        <UserMenu />
      </Space>
    </>
  );
}
