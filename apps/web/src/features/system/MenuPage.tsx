import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { CloudSyncOutlined, AppstoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePermission } from '@/shared/auth/store';
import { CrudTable } from '@/shared/crud';
import { menuDef } from './menuDef';

const MenuSyncDialog = lazy(() => import('./MenuSyncDialog'));
const TopMenuDialog = lazy(() => import('./TopMenuDialog'));

/** /system/menu: the menu tree, with menu sync between environments and the top-menu administration. */
export default function MenuPage() {
  const { t } = useTranslation();
  const canSync = usePermission('menu_sync');
  const canTop = usePermission('menu_top');
  const [dialog, setDialog] = useState<'sync' | 'top'>();
  return (
    <>
      <CrudTable
        def={menuDef}
        extraToolbar={
          <>
            {canSync && (
              <Button icon={<CloudSyncOutlined />} onClick={() => setDialog('sync')}>
                {t('sys.sync.open')}
              </Button>
            )}
            {canTop && (
              <Button icon={<AppstoreOutlined />} onClick={() => setDialog('top')}>
                {t('sys.top.open')}
              </Button>
            )}
          </>
        }
      />
      <Suspense>
        {dialog === 'sync' && <MenuSyncDialog onClose={() => setDialog(undefined)} />}
        {dialog === 'top' && <TopMenuDialog onClose={() => setDialog(undefined)} />}
      </Suspense>
    </>
  );
}
