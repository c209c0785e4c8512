import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useLogs } from '@/shared/logs/store';

const LogDialog = lazy(() => import('./LogDialog'));

/** The local error log: every captured error, uploaded or cleared after a confirmation. */
export function LogViewer() {
  const { t } = useTranslation();
  const count = useLogs((s) => s.logs.length);
  const [open, setOpen] = useState(false);
  // The dialog loads on the first click and then stays mounted (it closes with its animation).
  const [used, setUsed] = useState(false);

  return (
    <>
      <Badge count={count} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          icon={<BugOutlined />}
          aria-label={t('nav.logs')}
          title={t('nav.logs')}
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
        />
      </Badge>
      {used && (
        <Suspense>
          <LogDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
