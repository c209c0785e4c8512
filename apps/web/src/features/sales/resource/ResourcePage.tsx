import { Suspense, lazy, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Space } from 'antd';
import Input from 'antd/es/input/Input';
import { ImportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/shared/auth/store';
import { CrudTable } from '@/shared/crud';
import { DayRangeFilter, type DayRange } from '@/shared/ui/DayRangeFilter';
import type { ModelChoice } from '../catalog';
import { resourceDef } from './resourceDef';
import './messages';

// The filters' model cascader loads beside the list (an input holds each one's place
// meanwhile); the import dialog (an upload, a sheet writer) when first opened.
const ModelCascader = lazy(() =>
  import('../catalog/ModelCascader').then((m) => ({ default: m.ModelCascader })),
);
const ImportDialog = lazy(() => import('./ImportDialog').then((m) => ({ default: m.ImportDialog })));

/**
 * Stock: the declared list (VIN, status, store, stock-age band in its search form) with the filters the
 * engine's form has no input for — the model cascader at any level and the arrival date range — passed
 * as fixed parameters, so paging, sorting and the export use them too.
 */
export default function ResourcePage() {
  const { t } = useTranslation();
  const permission = useSession((s) => s.permission);
  const staff = Boolean(permission.resource_add || permission.resource_edit);
  const def = useMemo(() => resourceDef(staff), [staff]);
  const [model, setModel] = useState<ModelChoice>();
  const [range, setRange] = useState<DayRange>(null);
  const [importing, setImporting] = useState(false);
  const [imported, setImported] = useState(false);
  const qc = useQueryClient();
  const params = useMemo(() => {
    const p: Record<string, string> = {};
    if (model) p[`${model.level}Id`] = model.id;
    if (range?.[0]) p.arrivalDate_ge = range[0].format('YYYY-MM-DD');
    if (range?.[1]) p.arrivalDate_le = range[1].format('YYYY-MM-DD');
    return p;
  }, [model, range]);
  return (
    <>
      <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item label={t('sales.resource.model')}>
          <Suspense fallback={<Input disabled style={{ minWidth: 260 }} />}>
            <ModelCascader anyLevel value={model?.id} onChange={(_, choice) => setModel(choice)} />
          </Suspense>
        </Form.Item>
        <Form.Item label={t('sales.resource.arrivalDate')}>
          <DayRangeFilter
            value={range}
            onChange={setRange}
            placeholder={['sales.resource.arrivalFrom', 'sales.resource.arrivalTo']}
          />
        </Form.Item>
      </Form>
      <CrudTable
        def={def}
        params={params}
        extraToolbar={
          permission.resource_import ? (
            <Space>
              <Button icon={<ImportOutlined />} onClick={() => (setImported(true), setImporting(true))}>
                {t('sales.resource.import')}
              </Button>
            </Space>
          ) : undefined
        }
      />
      {imported && (
        <Suspense>
          <ImportDialog
            open={importing}
            onClose={() => setImporting(false)}
            onImported={() => void qc.invalidateQueries({ queryKey: ['crud', def.name] })}
          />
        </Suspense>
      )}
    </>
  );
}
