import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render as rtlRender, screen, waitFor } from '@testing-library/react';
import { ConfigProvider, message } from 'antd';
import type { ReactElement } from 'react';
import { fileOf, toasts } from './test-env';
import i18n from '../i18n';
import { HttpError } from '../http';
import type { AttachmentItem, UploadResult } from './rules';

const get = vi.fn();
const post = vi.fn();
vi.mock('../http', async (real) => ({
  ...(await real<typeof import('../http')>()),
  http: { get: (...a: unknown[]) => get(...a), post: (...a: unknown[]) => post(...a) },
}));
// jsdom cannot decode images; compression is the browser's business and is checked end to end.
vi.mock('./compress', () => ({ compressImage: (f: File) => Promise.resolve(f) }));

const { ImageUploader } = await import('./ImageUploader');
const { ImageUploadDialog } = await import('./ImageUploadDialog');
const { AttachmentUploader } = await import('./AttachmentUploader');

const stored = (name: string, n = 1) => ({
  key: `000000/${n}.png`,
  url: `/files/000000/${n}.${name.split('.').pop()}`,
  fileName: name.replace(/\.[^.]*$/, ''),
  filePath: `/files/000000/${n}.${name.split('.').pop()}`,
  fileType: name.split('.').pop(),
  size: 10,
  attachId: String(100 + n),
});

// No motion: jsdom never ends CSS transitions, so leaving items would stay in the DOM.
const still = (ui: ReactElement) => (
  <ConfigProvider theme={{ token: { motion: false } }}>{ui}</ConfigProvider>
);
const render = (ui: ReactElement) => {
  const r = rtlRender(still(ui));
  return { ...r, rerender: (next: ReactElement) => r.rerender(still(next)) };
};

const choose = (container: HTMLElement, files: File[]) =>
  act(async () => {
    fireEvent.change(container.querySelector('input[type=file]')!, { target: { files } });
  });

beforeAll(() => i18n.changeLanguage('en'));
beforeEach(() => {
  get.mockReset().mockResolvedValue('upload-token');
  post.mockReset();
});
afterEach(() => {
  cleanup();
  message.destroy();
});

describe('image uploader', () => {
  it('refuses a gif and a file over 500 kb with the spec messages, uploading nothing', async () => {
    const onChange = vi.fn();
    const { container } = render(<ImageUploader onChange={onChange} />);
    await choose(container, [fileOf('anim.gif')]);
    await waitFor(() => expect(toasts()).toContain('Wrong format, only images can be uploaded'));
    await choose(container, [fileOf('big.PNG', 500 * 1024 + 1)]);
    await waitFor(() => expect(toasts()).toContain('File over 500kb, upload again'));
    expect(get).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('uploads on selection through the token and hands out { fileName, filePath, fileType }', async () => {
    post.mockResolvedValue(stored('Front Door.JPG', 7));
    const onChange = vi.fn();
    const { container } = render(<ImageUploader onChange={onChange} />);
    await choose(container, [fileOf('Front Door.JPG')]);
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith([
        { fileName: 'Front Door', filePath: '/files/000000/7.JPG', fileType: 'JPG' },
      ]),
    );
    const [url, { params }] = get.mock.calls[0]!;
    expect(url).toBe('/api/blade-resource/oss/token');
    expect(params).toMatchObject({ type: 'image' });
    expect(params.key).toMatch(/^\d{13}-[0-9a-z]{4}\.jpg$/);
    const [upUrl, form, opts] = post.mock.calls[0]!;
    expect(upUrl).toBe('/api/blade-resource/oss/upload');
    expect((form as FormData).get('token')).toBe('upload-token');
    expect((form as FormData).get('key')).toBe(params.key);
    expect(opts.timeout).toBe(600_000);
  });

  it('says how many may be uploaded when a choice passes the limit', async () => {
    const value: UploadResult[] = [{ fileName: 'a', filePath: '/files/a.png', fileType: 'png' }];
    const { container } = render(<ImageUploader value={value} limit={2} />);
    await choose(container, [fileOf('b.png'), fileOf('c.png')]);
    await waitFor(() => expect(toasts()).toContain('At most 2 images can be uploaded'));
    expect(get).not.toHaveBeenCalled();
  });

  it('takes one image in the single variant until the first is removed', async () => {
    const value: UploadResult[] = [{ fileName: 'a', filePath: '/files/a.png', fileType: 'png' }];
    const { container } = render(<ImageUploader value={value} single />);
    await choose(container, [fileOf('b.png')]);
    await waitFor(() => expect(toasts()).toContain('Only one image, delete the original first'));
    expect(get).not.toHaveBeenCalled();
  });

  it('drops a failed upload from the list and names the reason', async () => {
    post.mockRejectedValue(new HttpError('The content of the file does not match its extension .png', 400));
    const onChange = vi.fn();
    const { container } = render(<ImageUploader onChange={onChange} />);
    await choose(container, [fileOf('fake.png')]);
    await waitFor(() =>
      expect(toasts()).toContain(
        'Upload image failed: The content of the file does not match its extension .png',
      ),
    );
    await waitFor(() => expect(container.querySelectorAll('.ant-upload-list-item').length).toBe(0));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('reports a token failure and a network failure in the spec words', async () => {
    get.mockRejectedValueOnce(new HttpError('no', 500));
    const { container } = render(<ImageUploader />);
    await choose(container, [fileOf('a.png')]);
    await waitFor(() => expect(toasts()).toContain('Upload image failed: Failed to get upload token'));
    post.mockRejectedValueOnce(new HttpError('network', 0));
    await choose(container, [fileOf('b.png')]);
    await waitFor(() => expect(toasts()).toContain('Upload image failed: Upload failed, try again later'));
  });

  it('offers no picking in browse and disabled modes', () => {
    const value: UploadResult[] = [{ fileName: 'a', filePath: '/files/a.png', fileType: 'png' }];
    const browse = render(<ImageUploader value={value} mode="browse" />);
    expect(browse.queryByText('Select images')).toBeNull();
    expect(browse.container.querySelectorAll('.ant-upload-list-item').length).toBe(1);
    browse.unmount();
    const disabled = render(<ImageUploader value={value} disabled />);
    expect(disabled.queryByText('Select images')).toBeNull();
  });
});

describe('image-uploader dialog', () => {
  it('needs an image to confirm and forgets its list on cancel', async () => {
    post.mockResolvedValue(stored('a.png', 3));
    const onOk = vi.fn();
    const onCancel = vi.fn();
    const { rerender } = render(<ImageUploadDialog open onOk={onOk} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: /OK/ }));
    await waitFor(() => expect(toasts()).toContain('Please select images first'));
    expect(onOk).not.toHaveBeenCalled();

    await choose(document.body, [fileOf('a.png')]);
    await waitFor(() => expect(document.querySelectorAll('.ant-upload-list-item-done').length).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: /Cancel/ }));
    expect(onCancel).toHaveBeenCalled();
    rerender(<ImageUploadDialog open={false} onOk={onOk} onCancel={onCancel} />);
    rerender(<ImageUploadDialog open onOk={onOk} onCancel={onCancel} />);
    await waitFor(() => expect(screen.getByText('Select images')).toBeTruthy());
    expect(document.querySelectorAll('.ant-upload-list-item').length).toBe(0);
  });
});

describe('attachment uploader', () => {
  const list: AttachmentItem[] = [
    { id: '1', fileName: 'contract', filePath: '/files/000000/1.pdf', fileType: 'pdf' },
  ];

  it('warns with the limit, the number chosen and the total, and adds none', async () => {
    const { container } = render(<AttachmentUploader value={list} />);
    await choose(container, [fileOf('a.pdf'), fileOf('b.pdf'), fileOf('c.pdf')]);
    await waitFor(() =>
      expect(toasts()).toContain('Only 3 attachments can be uploaded, 3 chosen now, 4 in total'),
    );
    expect(screen.queryByText('a.pdf')).toBeNull();
  });

  it('refuses other types, and anything but images for payments', async () => {
    const other = render(<AttachmentUploader />);
    await choose(other.container, [fileOf('virus.exe'), fileOf('ok.docx')]);
    await waitFor(() => expect(toasts()).toContain('Only documents, pdf, mp4'));
    expect(screen.getByText('ok.docx')).toBeTruthy();
    other.unmount();
    const payment = render(<AttachmentUploader kind="payment" />);
    await choose(payment.container, [fileOf('receipt.pdf')]);
    await waitFor(() => expect(toasts()).toContain('File type not allowed, only images'));
  });

  it('asks for a file before uploading and before previewing', async () => {
    const { container } = render(<AttachmentUploader />);
    fireEvent.click(screen.getByRole('button', { name: /Upload/ }));
    await waitFor(() => expect(toasts()).toContain('No file to upload, please select'));
    await choose(container, [fileOf('plan.pdf')]);
    fireEvent.click(screen.getByText('plan.pdf'));
    await waitFor(() => expect(toasts()).toContain('Please upload a file before previewing'));
  });

  it('uploads what waits, keeps the stored ones and sums up successes and failures', async () => {
    post
      .mockResolvedValueOnce(stored('plan.pdf', 2))
      .mockRejectedValueOnce(new HttpError('The file is larger than the limit of 100 MB', 400));
    const onChange = vi.fn();
    const { container } = render(<AttachmentUploader onChange={onChange} />);
    await choose(container, [fileOf('plan.pdf'), fileOf('film.mp4')]);
    fireEvent.click(screen.getByRole('button', { name: /Upload/ }));
    await waitFor(() => expect(toasts()).toContain('Upload complete, 1 succeeded, 1 failed'));
    expect(toasts()).toContain('Upload file failed: The file is larger than the limit of 100 MB');
    expect(onChange).toHaveBeenLastCalledWith([
      { id: '102', fileName: 'plan', filePath: '/files/000000/2.pdf', fileType: 'pdf' },
    ]);
    expect(get.mock.calls.every(([, o]) => o.params.type === 'attachment')).toBe(true);
    expect(screen.queryByText('film.mp4')).toBeNull();
  });

  it('previews images in a dialog, PDF in a new window, and nothing else', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const value: AttachmentItem[] = [
      ...list,
      { id: '2', fileName: 'photo', filePath: '/files/000000/2.png', fileType: 'png' },
      { id: '3', fileName: 'sheet', filePath: '/files/000000/3.xlsx', fileType: 'xlsx' },
    ];
    render(<AttachmentUploader value={value} />);
    fireEvent.click(screen.getByText('contract.pdf'));
    expect(open).toHaveBeenCalledWith('/files/000000/1.pdf', '_blank', 'noopener');
    fireEvent.click(screen.getByText('photo.png'));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Preview' }).getAttribute('src')).toBe('/files/000000/2.png'),
    );
    fireEvent.click(screen.getByText('sheet.xlsx'));
    await waitFor(() => expect(toasts()).toContain('This file is not an image or pdf, cannot preview'));
    open.mockRestore();
  });

  it('removes a file only after a confirmation naming it', async () => {
    const onChange = vi.fn();
    render(<AttachmentUploader value={list} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove contract.pdf' }));
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('Remove contract.pdf?'),
    );
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([]));
  });
});
