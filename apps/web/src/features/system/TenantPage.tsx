import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/http';
import { useSession } from '@/shared/auth/store';
import { isPlatformAdmin } from '@/shared/auth/session';
import { CrudTable, type Row } from '@/shared/crud';
import { useSaveTenantForm } from './api';
import { datasourceColumns, settingColumns, tenantDef } from './tenantDef';

// The new tenant's account dialog loads when the server answers one; the settings form when first asked.
const answers = () => import('./answerDialogs');
const FormDialog = lazy(() =>
  import('@/shared/crud/FormDialog').then((m) => ({ default: m.FormDialog<Row> })),
);

/** /system/tenant, with tenant settings (account limit, expiry) and the data source binding. */
export default function TenantPage() {
  const { t } = useTranslation();
  const saving = useSaveTenantForm();
  const [asking, setAsking] = useState<{ form: 'setting' | 'datasource'; rows: Row[] }>();
  const platform = useSession((s) => isPlatformAdmin(s.user));
  const def = useMemo(
    () =>
      tenantDef({
        platform,
        ask: (form, rows) => setAsking({ form, rows }),
        created: (a) => void answers().then((m) => m.showTenantCreated(t, a)),
      }),
    [t, platform],
  );
  const setting = asking?.form === 'setting';
  return (
    <>
      <CrudTable def={def} />
      {asking && (
        <Suspense>
          <FormDialog
            open
            name={`tenant-${asking.form}`}
            mode="edit"
            title={
              setting
                ? t('sys.tenant.settingTitle', { count: asking.rows.length })
                : t('sys.tenant.datasourceTitle', { name: asking.rows[0]!.tenantName })
            }
            columns={setting ? settingColumns : datasourceColumns}
            initial={setting ? { accountNumber: asking.rows[0]!.accountNumber ?? -1 } : asking.rows[0]}
            dictOptions={() => []}
            width={520}
            saving={saving.isPending}
            onSubmit={(values) =>
              saving.mutate(
                { form: asking.form, rows: asking.rows, values },
                {
                  onSuccess: () => {
                    toast.success(t('crud.saved'));
                    setAsking(undefined);
                  },
                },
              )
            }
            onClose={() => setAsking(undefined)}
          />
        </Suspense>
      )}
    </>
  );
}
