import { lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudTable, type Row } from '@/shared/crud';
import { OpenedOnce } from '@/shared/ui/OpenedOnce';
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
  const def = useMemo(() => roleDef(setGranting), []);
  return (
    <>
      <CrudTable def={def} />
      <OpenedOnce open={Boolean(granting)}>
        <TreeGrantDialog
          open={Boolean(granting)}
          title={t('sys.role.grantTitle', { name: granting?.roleName })}
          {...roleGrant(String(granting?.id))}
          onClose={() => setGranting(undefined)}
        />
      </OpenedOnce>
    </>
  );
}
