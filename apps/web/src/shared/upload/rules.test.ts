import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import './messages';
import {
  ATTACHMENT_LIMIT,
  IMAGE_LIMIT,
  IMAGE_MAX_BYTES,
  IMAGE_QUALITY,
  checkAttachment,
  checkImage,
  displayName,
  extOf,
  formatSize,
  overLimit,
  previewOf,
  tally,
  uploadKey,
} from './rules';

beforeAll(() => i18n.changeLanguage('en'));

describe('image rules (spec §5)', () => {
  it('takes png, jpeg and jpg in any case and nothing else', () => {
    for (const name of ['a.png', 'b.JPG', 'c.Jpeg', 'photo.final.PNG'])
      expect(checkImage({ name, size: 10 })).toBeNull();
    for (const name of ['a.gif', 'b.bmp', 'c.webp', 'png', 'doc.pdf', 'x.png.exe'])
      expect(checkImage({ name, size: 10 }), name).toBe('upload.imageFormat');
    expect(i18n.t('upload.imageFormat')).toBe('Wrong format, only images can be uploaded');
  });

  it('refuses files over 500 kb', () => {
    expect(checkImage({ name: 'a.png', size: IMAGE_MAX_BYTES })).toBeNull();
    expect(checkImage({ name: 'a.png', size: IMAGE_MAX_BYTES + 1 })).toBe('upload.imageSize');
    expect(i18n.t('upload.imageSize')).toBe('File over 500kb, upload again');
  });

  it('keeps the §9 constants', () => {
    expect([IMAGE_LIMIT, IMAGE_MAX_BYTES, IMAGE_QUALITY, ATTACHMENT_LIMIT]).toEqual([8, 512_000, 0.8, 3]);
  });

  it('names the image limit and the single-image rule', () => {
    expect(overLimit(8, 6, 3)).toEqual({ limit: 8, chosen: 3, total: 9 });
    expect(overLimit(8, 6, 2)).toBeNull();
    expect(i18n.t('upload.imageLimit', { limit: 8 })).toBe('At most 8 images can be uploaded');
    expect(i18n.t('upload.singleImage')).toBe('Only one image, delete the original first');
  });
});

describe('attachment rules (spec §5)', () => {
  it('takes only images for payments', () => {
    expect(checkAttachment('receipt.JPG', 'payment')).toBeNull();
    expect(checkAttachment('receipt.pdf', 'payment')).toBe('upload.paymentType');
    expect(i18n.t('upload.paymentType')).toBe('File type not allowed, only images');
  });

  it('takes documents, pdf and video otherwise', () => {
    for (const ext of ['mp4', 'mov', 'avi', 'flv', 'doc', 'wmv', 'mpeg', 'mkv', 'docx', 'xls', 'xlsx', 'pdf'])
      expect(checkAttachment(`f.${ext.toUpperCase()}`, 'other'), ext).toBeNull();
    for (const name of ['f.png', 'f.exe', 'f.txt', 'f.zip', 'noext'])
      expect(checkAttachment(name, 'other'), name).toBe('upload.otherType');
    expect(i18n.t('upload.otherType')).toBe('Only documents, pdf, mp4');
  });

  it('warns with the limit, the number chosen now and the total', () => {
    const over = overLimit(3, 2, 2)!;
    expect(i18n.t('upload.attachmentLimit', over)).toBe(
      'Only 3 attachments can be uploaded, 2 chosen now, 4 in total',
    );
    expect(overLimit(3, 1, 2)).toBeNull();
  });

  it('summarises a batch', () => {
    const counts = tally([{ ok: true }, { ok: false }, { ok: true }]);
    expect(counts).toEqual({ ok: 2, failed: 1 });
    expect(i18n.t('upload.summary', counts)).toBe('Upload complete, 2 succeeded, 1 failed');
    expect(i18n.t('upload.fileFailed', { reason: 'disk full' })).toBe('Upload file failed: disk full');
    expect(i18n.t('upload.imageFailed', { reason: 'x' })).toBe('Upload image failed: x');
    expect(i18n.t('upload.tokenFailed')).toBe('Failed to get upload token');
    expect(i18n.t('upload.failedRetry')).toBe('Upload failed, try again later');
  });
});

describe('previews (spec §5)', () => {
  it('shows images in a dialog and PDF in a window, nothing else', () => {
    expect(previewOf({ filePath: '/files/1/a.png', fileType: 'png' })).toEqual({ kind: 'image' });
    expect(previewOf({ filePath: '/files/1/a.JPG', fileType: '' })).toEqual({ kind: 'image' });
    expect(previewOf({ filePath: '/files/1/a.pdf', fileType: 'pdf' })).toEqual({ kind: 'pdf' });
    expect(previewOf({ filePath: '/files/1/a.docx', fileType: 'docx' })).toEqual({
      problem: 'upload.previewUnsupported',
    });
    expect(i18n.t('upload.previewUnsupported')).toBe('This file is not an image or pdf, cannot preview');
  });

  it('asks for the upload first', () => {
    expect(previewOf({ fileType: 'png' })).toEqual({ problem: 'upload.previewNotUploaded' });
    expect(i18n.t('upload.previewNotUploaded')).toBe('Please upload a file before previewing');
  });
});

describe('keys and names', () => {
  it('makes keys of a timestamp and the extension that the storage accepts, never twice', () => {
    const a = uploadKey('Photo.PNG', 1_700_000_000_000, () => 0.5);
    const b = uploadKey('other.png', 1_700_000_000_000, () => 0.5);
    expect(a).toMatch(/^1700000000000-[0-9a-z]{4}\.png$/);
    expect(b).not.toBe(a);
    expect(b.startsWith('1700000000001-')).toBe(true);
    // The storage's own pattern for a client key (storage/policy.ts KEY_PATTERN).
    for (const k of [a, b, uploadKey('no-extension')])
      expect(k).toMatch(/^[A-Za-z0-9_-]{1,100}\.[A-Za-z0-9]{1,10}$/);
  });

  it('reads extensions and shows names with them', () => {
    expect(extOf('a.b.DocX')).toBe('docx');
    expect(extOf('.hidden')).toBe('');
    expect(extOf('trailing.')).toBe('');
    expect(displayName({ fileName: '合同', filePath: '/x', fileType: 'pdf' })).toBe('合同.pdf');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1024)).toBe('1.0 KB');
  });
});
