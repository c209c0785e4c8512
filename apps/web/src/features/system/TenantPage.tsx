import { useMemo, useState } from 'react';
import { Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/http';
import { useSession } from '@/shared/auth/store';
import { DEFAULT_TENANT } from '@/shared/auth/session';
import { CrudTable, FormDialog, type Row } from '@/shared/crud';
import { useSaveTenantForm } from './api';
import { datasourceColumns, settingColumns, tenantDef } from './tenantDef';

/** /system/tenant, with tenant settings (account limit, expiry) and the data source binding. */
export default function TenantPage() {
  const { t } = useTranslation();
  const saving = useSaveTenantForm();
  const [asking, setAsking] = useState<{ form: 'setting' | 'datasource'; rows: Row[] }>();
  const platform = useSession(
    (s) => s.user?.tenant_id === DEFAULT_TENANT && s.user.role_name.split(',').includes('administrator'),
  );
  const def = useMemo(
    () =>
      tenantDef({
        platform,
        ask: (form, rows) => setAsking({ form, rows }),
        created: (a) =>
          Modal.info({
            title: t('sys.tenant.created'),
            width: 520,
            content: (
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('sys.tenant.tenantId')}>{a.tenantId}</Descriptions.Item>
                <Descriptions.Item label={t('sys.tenant.adminAccount')}>{a.adminAccount}</Descriptions.Item>
                <Descriptions.Item label={t('sys.tenant.initialPassword')}>
                  <Typography.Text copyable code>
                    {a.adminPassword}
                  </Typography.Text>
                </Descriptions.Item>
              </Descriptions>
            ),
          }),
      }),
    [t, platform],
  );
  const setting = asking?.form === 'setting';
  return (
    <>
      <CrudTable def={def} />
      {asking && (
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
      )}
    </>
  );
}
