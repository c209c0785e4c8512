import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudTable, type Row } from '@/shared/crud';
import { roleGrant } from './api';
import { roleDef } from './roleDef';

// The grant dialog (antd's Tree and Modal, ~25 KB) loads when a role is first granted, not with the list.
const TreeGrantDialog = lazy(() =>
  import('@/shared/crud/TreeGrantDialog').then((m) => ({ default: m.TreeGrantDialog })),
);

/** /system/role, with the dialog granting a role its menus and buttons. */
export default function RolePage() {
  const { t } = useTranslation();
  const [granting, setGranting] = useState<Row>();
  // Once opened, the dialog stays mounted, so closing it plays its motion like any dialog.
  const [opened, setOpened] = useState(false);
  const def = useMemo(
    () =>
      roleDef((row) => {
        setOpened(true);
        setGranting(row);
      }),
    [],
  );
  return (
    <>
      <CrudTable def={def} />
      {opened && (
        <Suspense>
          <TreeGrantDialog
            open={Boolean(granting)}
            title={t('sys.role.grantTitle', { name: granting?.roleName })}
            {...roleGrant(String(granting?.id))}
            onClose={() => setGranting(undefined)}
          />
        </Suspense>
      )}
    </>
  );
}
