/** Uploaders of spec §5: images (compressed, uploaded on choice), attachments (manual upload), rules. */
export { ImageUploader, type ImageUploaderProps, type UploaderMode } from './ImageUploader';
export { ImageUploadDialog, type ImageUploadDialogProps } from './ImageUploadDialog';
export { AttachmentUploader, type AttachmentUploaderProps } from './AttachmentUploader';
export { UploadError, UPLOAD_BUCKET, uploadFile, type UploadPolicy } from './oss';
export {
  ATTACHMENT_EXTS,
  ATTACHMENT_LIMIT,
  IMAGE_EXTS,
  IMAGE_LIMIT,
  IMAGE_MAX_BYTES,
  IMAGE_QUALITY,
  checkAttachment,
  checkImage,
  extOf,
  previewOf,
  type AttachmentItem,
  type AttachmentKind,
  type UploadResult,
} from './rules';
