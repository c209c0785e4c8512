import { useMemo, useState } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { bladeCalls, CrudTable, TreeGrantDialog, type CrudDef, type Row } from '@/shared/crud';
import { topMenuGrant } from './api';
import './messages';

const base = '/api/blade-system/topmenu';

/** Top menus of the tenant (the top bar) and the first-level menus each one holds. */
export default function TopMenuDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [placing, setPlacing] = useState<Row>();
  const def = useMemo<CrudDef>(
    () => ({
      name: 'topmenu',
      title: 'sys.top.title',
      perm: 'menu_top',
      // Every call here needs the one button menu_top.
      buttons: { add: 'menu_top', edit: 'menu_top', delete: 'menu_top', view: 'menu_top' },
      rowName: (r) => String(r.name),
      api: bladeCalls(base),
      columns: [
        {
          prop: 'code',
          label: 'sys.top.code',
          search: true,
          sortable: true,
          form: { required: true, max: 64 },
        },
        { prop: 'name', label: 'sys.top.name', search: true, form: { required: true, max: 64 } },
        { prop: 'nameEn', label: 'sys.top.nameEn', table: false, form: { max: 64 } },
        { prop: 'source', label: 'sys.top.source', form: { max: 255 } },
        { prop: 'path', label: 'sys.top.path', form: { max: 255 } },
        { prop: 'sort', label: 'sys.top.sort', sortable: true, form: { type: 'number', min: 0, initial: 1 } },
      ],
      toForm: (r) => ({ ...r, nameEn: (r.meta as { i18n?: { en?: string } } | undefined)?.i18n?.en }),
      actions: [
        {
          key: 'place',
          label: 'sys.top.place',
          code: 'menu_top',
          place: 'row',
          run: ({ rows }) => setPlacing(rows[0]),
        },
      ],
    }),
    [],
  );
  return (
    <Modal open title={t('sys.top.open')} width={1000} footer={null} onCancel={onClose}>
      <CrudTable def={def} compact />
      <TreeGrantDialog
        open={Boolean(placing)}
        title={t('sys.top.placeTitle', { name: placing?.name })}
        {...topMenuGrant(String(placing?.id))}
        onClose={() => setPlacing(undefined)}
      />
    </Modal>
  );
}
