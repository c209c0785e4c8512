import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudTable, TreeGrantDialog, type Row } from '@/shared/crud';
import { roleGrant } from './api';
import { roleDef } from './roleDef';

/** /system/role, with the dialog granting a role its menus and buttons. */
export default function RolePage() {
  const { t } = useTranslation();
  const [granting, setGranting] = useState<Row>();
  const def = useMemo(() => roleDef(setGranting), []);
  return (
    <>
      <CrudTable def={def} />
      <TreeGrantDialog
        open={Boolean(granting)}
        title={t('sys.role.grantTitle', { name: granting?.roleName })}
        {...roleGrant(String(granting?.id))}
        onClose={() => setGranting(undefined)}
      />
    </>
  );
}
