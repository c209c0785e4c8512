import { useTranslation } from 'react-i18next';
import { Avatar, Badge, Tooltip } from 'antd';
import { MessageOutlined, TeamOutlined } from '@ant-design/icons';
import type { UserProfile } from '../sdk';
import { initials, UNREAD_CAP } from '../format';
import { safeUrl } from '../urls';

export type ChatTab = 'chat' | 'contacts';

/** My profile on top, then the Chat tab (unread badge, 99+) and the Contacts tab. */
export function SideBar({
  tab,
  onTab,
  me,
  unread,
  onProfile,
}: {
  tab: ChatTab;
  onTab: (t: ChatTab) => void;
  me?: UserProfile;
  unread: number;
  onProfile: () => void;
}) {
  const { t } = useTranslation();
  const item = (key: ChatTab, icon: React.ReactNode, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={tab === key}
      className="fc-im-side-tab"
      onClick={() => onTab(key)}
    >
      {icon}
      <span>{label}</span>
    </button>
  );
  return (
    <nav className="fc-im-side" role="tablist" aria-orientation="vertical">
      <Tooltip title={`${me?.nick ?? ''} · ${t('im.editProfile')}`} placement="right">
        <button type="button" className="fc-im-side-me" aria-label={t('im.editProfile')} onClick={onProfile}>
          <Avatar size={40} src={safeUrl(me?.avatar)} className="fc-im-avatar">
            {initials(me?.nick || me?.userID)}
          </Avatar>
        </button>
      </Tooltip>
      {item(
        'chat',
        <Badge count={unread} overflowCount={UNREAD_CAP} size="small">
          <MessageOutlined style={{ fontSize: 22, color: 'inherit' }} />
        </Badge>,
        t('im.chat'),
      )}
      {item('contacts', <TeamOutlined />, t('im.contacts'))}
    </nav>
  );
}
