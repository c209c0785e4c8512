import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudTable } from '@/shared/crud';
import { brandDef, modelDef, seriesDef } from './catalogDefs';

/** The vehicle catalogue: brands, series and models, each a declared list (admins and resource staff edit). */
export default function CatalogPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'model', label: t('sales.catalog.models'), children: <CrudTable def={modelDef} /> },
        { key: 'series', label: t('sales.catalog.series'), children: <CrudTable def={seriesDef} /> },
        { key: 'brand', label: t('sales.catalog.brands'), children: <CrudTable def={brandDef} /> },
      ]}
    />
  );
}
