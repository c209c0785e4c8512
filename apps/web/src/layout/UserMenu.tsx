import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dropdown, Space } from 'antd';
import { DashboardOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useSession } from '@/shared/auth/store';
import { initials, shownName } from '@/shared/avatar';
import { signOut } from '@/shared/auth/session';
import { confirm } from '@/shared/notify/confirm';
import { readableShade } from '@/shared/ui/contrast';

const AVATAR_BG = readableShade('#409EFF');

/**
 * The small round avatar of the top bar. Not antd's Avatar: that one measures its text after every
 * render to scale it, which forces a layout of the whole page while the workspace first appears.
 */
function TopAvatar({ src, text }: { src?: string; text: string }) {
  return (
    <span
      aria-hidden
      style={{
        width: 24,
        height: 24,
        borderRadius: '50%',
        overflow: 'hidden',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        // The default colour, darkened until its white initials read (WCAG AA).
        background: AVATAR_BG,
        color: '#fff',
        fontSize: 10,
        lineHeight: 1,
        whiteSpace: 'nowrap',
      }}
    >
      {src ? <img src={src} alt="" width={24} height={24} style={{ objectFit: 'cover' }} /> : text}
    </span>
  );
}

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const items = [
    { key: 'dashboard', icon: <DashboardOutlined />, label: t('user.dashboard') },
    { key: 'info', icon: <UserOutlined />, label: t('user.info') },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('user.logout'), danger: true },
  ];
  const onClick = ({ key }: { key: string }) => {
    if (key === 'dashboard') navigate('/wel/dashboard');
    if (key === 'info') navigate('/info/index');
    if (key === 'logout') {
      confirm({
        title: t('common.tip'),
        content: t('user.logoutConfirm'),
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        onOk: () => signOut(),
      });
    }
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <Space
        style={{ cursor: 'pointer', padding: '0 8px' }}
        role="button"
        aria-label={t('user.info')}
        tabIndex={0}
      >
        <TopAvatar src={user?.avatar || undefined} text={initials(shownName(user))} />
        <span className="fc-user-name">{shownName(user)}</span>
      </Space>
    </Dropdown>
  );
}
