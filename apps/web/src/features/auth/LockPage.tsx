import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Avatar, Button, Input, Space, Typography } from 'antd';
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { unlock, useSession } from '@/shared/auth/store';
import { getStore } from '@/shared/storage';
import { signOut } from '@/shared/auth/session';
import { toast } from '@/shared/http';
import { initials, shownName } from '@/shared/avatar';
import styles from './login.module.css';

/** The lock screen: the lock password returns to the tab the user locked from. */
export default function LockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { locked, lockPassword, user, token } = useSession();
  const [value, setValue] = useState('');
  if (!token) return <Navigate to="/login" replace />;
  if (!locked) return <Navigate to={getStore<string>('lockFrom', true) ?? '/'} replace />;

  const tryUnlock = () => {
    if (!value) return void toast.error(t('lock.empty'));
    if (value !== lockPassword) return void toast.error(t('lock.wrong'));
    const back = getStore<string>('lockFrom', true) ?? '/wel/index';
    unlock();
    navigate(back, { replace: true });
  };

  return (
    <main className={styles.page}>
      <Space direction="vertical" align="center" size="large">
        <Avatar size={80} src={user?.avatar || undefined}>
          {initials(shownName(user))}
        </Avatar>
        <Typography.Title level={3} style={{ color: '#fff', margin: 0 }}>
          {shownName(user)} · {t('lock.locked')}
        </Typography.Title>
        <Space.Compact>
          <Input.Password
            autoFocus
            prefix={<LockOutlined />}
            placeholder={t('lock.password')}
            aria-label={t('lock.password')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            onPressEnter={tryUnlock}
          />
          <Button type="primary" icon={<UnlockOutlined />} onClick={tryUnlock}>
            {t('lock.unlock')}
          </Button>
        </Space.Compact>
        <Button type="link" style={{ color: '#fff' }} onClick={() => void signOut()}>
          {t('lock.logout')}
        </Button>
      </Space>
    </main>
  );
}
