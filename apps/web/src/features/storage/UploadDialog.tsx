import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Modal, Segmented, Space, Typography } from 'antd';
import { AttachmentUploader, type AttachmentItem, type AttachmentKind } from '@/shared/upload';
import { toast } from '@/shared/http';
import '@/shared/crud/messages';
import './messages';

export interface UploadDialogProps {
  onClose: () => void;
  /** A file was stored or removed: the list is read again. */
  onChanged: () => void;
  /** Removes attachments by id (only given to a user who may remove them). */
  remove?: (ids: string[]) => Promise<unknown>;
}

/**
 * The Upload button's dialog: the shared attachment uploader (its types, count limit, waiting list,
 * progress, summary and messages), documents, pdf and video or images. Every stored file is an
 * attachment at once, so the list reloads after each; removing a file here (after the uploader's
 * question naming it) removes the attachment too when the user may do that.
 */
export function UploadDialog({ onClose, onChanged, remove }: UploadDialogProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<AttachmentKind>('other');
  const [items, setItems] = useState<AttachmentItem[]>([]);
  // The uploader hands out each new list at once (uploads finishing together build on each other).
  const latest = useRef<AttachmentItem[]>([]);

  const change = (next: AttachmentItem[]) => {
    const before = latest.current;
    latest.current = next;
    setItems(next);
    const gone = before.filter((i) => !next.includes(i));
    if (next.some((i) => !before.includes(i))) onChanged();
    if (!gone.length) return;
    if (!remove) return onChanged();
    // A refusal was shown by the client; the list is read again either way.
    void remove(gone.map((i) => i.id)).then(
      () => {
        toast.success(t('crud.removed'));
        onChanged();
      },
      () => onChanged(),
    );
  };

  return (
    <Modal
      open
      title={t('attach.uploadTitle')}
      width={640}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t('attach.close')}</Button>}
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Space>
          <Typography.Text>{t('attach.kind')}</Typography.Text>
          <Segmented<AttachmentKind>
            value={kind}
            onChange={(k) => {
              latest.current = [];
              setItems([]);
              setKind(k);
            }}
            options={[
              { value: 'other', label: t('attach.kindOther') },
              { value: 'payment', label: t('attach.kindImages') },
            ]}
          />
        </Space>
        <Alert type="info" showIcon title={t(remove ? 'attach.uploadRemoveHint' : 'attach.uploadHint')} />
        <AttachmentUploader key={kind} kind={kind} value={items} onChange={change} />
      </Space>
    </Modal>
  );
}
