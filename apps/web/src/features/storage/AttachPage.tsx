import { Suspense, lazy, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePermission } from '@/shared/auth/store';
import { CrudTable } from '@/shared/crud';
import { attachDef } from './attachDef';
import './messages';

// The uploader (its list, progress, preview) loads when the dialog is first opened.
const UploadDialog = lazy(() => import('./UploadDialog').then((m) => ({ default: m.UploadDialog })));

/**
 * /system/attach: the declared list of attachments, with an Upload button (attach_add) that sends files
 * through the shared attachment uploader and reads the list again as each one is stored.
 */
export default function AttachPage() {
  const { t } = useTranslation();
  const canAdd = usePermission('attach_add');
  const canRemove = usePermission('attach_delete');
  const [uploading, setUploading] = useState(false);
  const qc = useQueryClient();
  const reload = () => void qc.invalidateQueries({ queryKey: ['crud', attachDef.name] });
  return (
    <>
      <CrudTable
        def={attachDef}
        extraToolbar={
          canAdd ? (
            <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
              {t('attach.upload')}
            </Button>
          ) : undefined
        }
      />
      {uploading && (
        <Suspense>
          <UploadDialog
            onClose={() => (setUploading(false), reload())}
            onChanged={reload}
            remove={canRemove ? attachDef.api.remove : undefined}
          />
        </Suspense>
      )}
    </>
  );
}
