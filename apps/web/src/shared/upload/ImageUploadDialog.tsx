import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from 'antd';
import { ImageUploader } from './ImageUploader';
import './messages';
import { IMAGE_LIMIT, type UploadResult } from './rules';
import { toast } from '@/shared/http';

export interface ImageUploadDialogProps {
  open: boolean;
  /** The uploaded images, at least one. */
  onOk: (images: UploadResult[]) => void;
  onCancel: () => void;
  limit?: number;
  single?: boolean;
  title?: string;
}

/**
 * Spec §4 image-uploader dialog: images upload as they are chosen; confirm hands them over and needs at
 * least one; cancel clears the list, so the next opening starts empty.
 */
export function ImageUploadDialog({
  open,
  onOk,
  onCancel,
  limit = IMAGE_LIMIT,
  single,
  title,
}: ImageUploadDialogProps) {
  const { t } = useTranslation();
  const [images, setImages] = useState<UploadResult[]>([]);
  const [uploading, setUploading] = useState(0);

  const confirm = () => {
    if (!images.length) {
      toast.warning(t('upload.selectImagesFirst'));
      return;
    }
    onOk(images);
    setImages([]);
  };
  const cancel = () => {
    setImages([]);
    onCancel();
  };

  return (
    <Modal
      open={open}
      title={title ?? t('upload.imageDialog')}
      onOk={confirm}
      onCancel={cancel}
      okButtonProps={{ loading: uploading > 0 }}
      destroyOnHidden
      width={640}
    >
      <ImageUploader
        value={images}
        onChange={setImages}
        limit={limit}
        single={single}
        onUploadingChange={setUploading}
      />
    </Modal>
  );
}
