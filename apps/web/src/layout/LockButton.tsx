import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { lock, useSession } from '@/shared/auth/store';
import { setStore } from '@/shared/storage';

/** Spec §4: going to /lock waits 100 ms after the flag is stored. */
export const LOCK_DELAY_MS = 100;

// The password dialog loads when it is first needed.
const LockDialog = lazy(() => import('./LockDialog'));

export function LockButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const saved = useSession((s) => s.lockPassword);

  const lockWith = (password: string) => {
    setStore('lockFrom', location.pathname + location.search, true);
    lock(password);
    setOpen(false);
    window.setTimeout(() => navigate('/lock'), LOCK_DELAY_MS);
  };
  const ask = () => {
    setUsed(true);
    setOpen(true);
  };

  return (
    <>
      <Button
        type="text"
        icon={<LockOutlined />}
        aria-label={t('nav.lock')}
        title={t('nav.lock')}
        onClick={() => (saved ? lockWith(saved) : ask())}
      />
      {used && (
        <Suspense>
          <LockDialog open={open} onLock={lockWith} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
