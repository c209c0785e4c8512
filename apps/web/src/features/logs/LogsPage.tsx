import { useMemo, useState } from 'react';
import { Form, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/shared/auth/store';
import { isPlatformAdmin } from '@/shared/auth/session';
import { CrudTable } from '@/shared/crud';
import { DayRangeFilter, wholeDays, type DayRange } from '@/shared/ui/DayRangeFilter';
import { clientDef, serverDef } from './logDefs';
import './messages';

/**
 * /monitor/dmt/log: the browsers' errors of the tenant, and for the platform administrator the server's
 * failed requests too (their stack traces are the platform's). One range of whole days above both lists.
 */
export default function LogsPage() {
  const { t } = useTranslation();
  const platform = useSession((s) => isPlatformAdmin(s.user));
  const [range, setRange] = useState<DayRange>(null);
  const params = useMemo(() => wholeDays(range, 'createTime'), [range]);
  const client = <CrudTable def={clientDef} params={params} />;
  return (
    <>
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label={t('logPage.time')}>
          <DayRangeFilter value={range} onChange={setRange} />
        </Form.Item>
      </Form>
      {platform ? (
        <Tabs
          items={[
            { key: 'client', label: t('logPage.clientTab'), children: client },
            {
              key: 'server',
              label: t('logPage.serverTab'),
              children: <CrudTable def={serverDef} params={params} />,
            },
          ]}
        />
      ) : (
        client
      )}
    </>
  );
}
