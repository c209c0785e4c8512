import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '@/shared/http';
import { CrudTable, TreeGrantDialog, type GrantNode, type Row } from '@/shared/crud';
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
        loadTree={() => http.get<GrantNode[]>('/api/blade-system/menu/grant-tree')}
        loadChecked={() =>
          http.get<string[]>('/api/blade-system/menu/role-tree-keys', { params: { roleIds: granting!.id } })
        }
        save={(menuIds) => http.post('/api/blade-system/role/grant', { roleIds: [granting!.id], menuIds })}
        onClose={() => setGranting(undefined)}
      />
    </>
  );
}
