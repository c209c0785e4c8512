import { useTranslation } from 'react-i18next';
import { Modal } from 'antd';
import './messages';

/** An image in a dialog (see ImagePreview, which loads this file when first needed). */
export default function PreviewDialog({ src, onClose }: { src?: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={Boolean(src)}
      footer={null}
      onCancel={onClose}
      title={t('upload.preview')}
      width={720}
      destroyOnHidden
    >
      <img alt={t('upload.preview')} src={src} style={{ width: '100%' }} />
    </Modal>
  );
}
