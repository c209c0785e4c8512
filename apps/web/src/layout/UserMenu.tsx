import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Avatar, Dropdown, Modal, Space } from 'antd';
import { DashboardOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useSession } from '@/shared/auth/store';
import { signOut } from '@/app/session';

/** Spec §9: avatar initials are the last 2 characters of the nickname. */
export const initials = (nick: string | undefined) => (nick ?? '').slice(-2);

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
      Modal.confirm({
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
        <Avatar size="small" src={user?.avatar || undefined} style={{ backgroundColor: '#409EFF' }}>
          {initials(user?.nick_name)}
        </Avatar>
        <span className="fc-user-name">{user?.real_name || user?.nick_name || user?.account}</span>
      </Space>
    </Dropdown>
  );
}
