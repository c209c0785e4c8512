import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider, message } from 'antd';
import Modal from 'antd/es/modal';
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Attach } from '@forecourt/contracts';
import { fileOf, toasts } from '@/shared/upload/test-env';
import i18n from '@/shared/i18n';
import { useSession } from '@/shared/auth/store';

const get = vi.fn();
const post = vi.fn();
vi.mock('@/shared/http', async (real) => ({
  ...(await real<typeof import('@/shared/http')>()),
  http: { get: (...a: unknown[]) => get(...a), post: (...a: unknown[]) => post(...a) },
}));

const { default: AttachPage } = await import('./AttachPage');
const { AttachPreview } = await import('./AttachPreview');
const { UploadDialog } = await import('./UploadDialog');
const { attachDef, listParams, sizeText } = await import('./attachDef');

const row = (id: string, originalName: string, attachSize: number | string): Attach => {
  const extension = originalName.slice(originalName.lastIndexOf('.') + 1).toLowerCase();
  return {
    id,
    tenantId: '000000',
    link: `/files/000000/17000000000${id}-abcd.${extension}`,
    name: `000000/17000000000${id}-abcd.${extension}`,
    originalName,
    extension,
    attachSize,
    contentType: extension === 'pdf' ? 'application/pdf' : 'image/png',
    createTime: '2025-03-01 10:00:00',
  };
};
const ROWS = [row('1', 'Front door.png', 1536), row('2', 'plan.pdf', '3145728'), row('3', 'notes.docx', 512)];

// No motion: jsdom never ends CSS transitions, so closing dialogs would stay in the DOM.
const still = (ui: ReactElement) =>
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        {ui}
      </QueryClientProvider>
    </ConfigProvider>,
  );

const ALL = { attach_add: true, attach_delete: true, attach_view: true } as const;
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
/** The texts of the questions on screen (antd's confirm; one of an earlier test may still be leaving). */
const questions = (part: 'title' | 'content') =>
  [...document.querySelectorAll(`.ant-modal-confirm-${part}`)].map((n) => n.textContent);
/** The OK button of the question saying this. */
const okOf = (text: string) =>
  [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')]
    .find((q) => q.textContent?.includes(text))!
    .querySelector<HTMLElement>('.ant-btn-primary')!;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  get.mockReset().mockImplementation(async (url: string, opts?: { params?: Record<string, unknown> }) => {
    if (url.endsWith('/attach/list')) return { records: ROWS, total: ROWS.length, size: 10, current: 1 };
    if (url.endsWith('/attach/detail')) return ROWS.find((r) => r.id === opts?.params?.id);
    if (url.endsWith('/oss/token')) return 'upload-token';
    throw new Error(`unexpected ${url}`);
  });
  post.mockReset().mockResolvedValue(1);
});
afterEach(() => {
  cleanup();
  Modal.destroyAll();
  message.destroy();
});

describe('the attachment list', () => {
  it('shows each size in B, KB or MB (a bigint size arrives as text), in the table and the export', async () => {
    useSession.setState({ permission: ALL });
    still(<AttachPage />);
    await screen.findByText('plan.pdf');
    expect(within(rowOf('Front door.png')).getByText('1.5 KB')).toBeTruthy();
    expect(within(rowOf('plan.pdf')).getByText('3.0 MB')).toBeTruthy();
    expect(within(rowOf('notes.docx')).getByText('512 B')).toBeTruthy();
    // The export takes the column's text, not the bytes.
    expect(sizeText({ attachSize: '3145728' })).toBe('3.0 MB');
    // Newest first, as the server's default.
    expect(get.mock.calls[0]![1].params).toMatchObject({ descs: 'createTime', current: 1, size: 10 });
  }, 30_000);

  it('asks before removing, naming the file, and removes only after the answer', async () => {
    useSession.setState({ permission: ALL });
    still(<AttachPage />);
    const user = userEvent.setup();
    await screen.findByText('plan.pdf');
    await user.click(within(rowOf('plan.pdf')).getByRole('button', { name: /delete/i }));
    await waitFor(() => expect(questions('content')).toContain('Delete "plan.pdf"?'), { timeout: 10_000 });
    expect(post).not.toHaveBeenCalled();
    await user.click(okOf('Delete "plan.pdf"?'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/blade-resource/attach/remove', undefined, {
        params: { ids: '2' },
      }),
    );
  }, 30_000);

  it('names the file in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    expect(i18n.t('crud.removeOne', { name: attachDef.rowName(ROWS[1]!) })).toBe('确定删除「plan.pdf」吗？');
    expect(i18n.t('attach.upload')).toBe('上传');
    expect(i18n.t('attach.attachSize')).toBe('大小');
  });

  it('offers Upload only with attach_add, and no add or edit form at all', async () => {
    useSession.setState({ permission: { attach_delete: true, attach_view: true } });
    still(<AttachPage />);
    await screen.findByText('plan.pdf');
    expect(screen.queryByRole('button', { name: /upload/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /^add$/i })).toBeNull();
    expect(within(rowOf('plan.pdf')).queryByRole('button', { name: /edit/i })).toBeNull();
    cleanup();
    useSession.setState({ permission: ALL });
    still(<AttachPage />);
    expect(await screen.findByRole('button', { name: /upload/i })).toBeTruthy();
  }, 30_000);

  it('searches the type as stored: lower case, without a dot', () => {
    expect(listParams({ originalName: 'plan', extension: ' .PDF ' })).toEqual({
      originalName: 'plan',
      extension: 'pdf',
    });
    expect(listParams({ current: 1 })).toEqual({ current: 1 });
  });

  it('views an image with its preview and a download under its name', async () => {
    useSession.setState({ permission: ALL });
    still(<AttachPage />);
    const user = userEvent.setup();
    await screen.findByText('Front door.png');
    await user.click(within(rowOf('Front door.png')).getByRole('button', { name: /view/i }));
    // The view dialog (a question of an earlier test may still be on its way out).
    const dialog = await waitFor(() => {
      const found = screen.getAllByRole('dialog').find((d) => d.textContent?.includes('View attachment'));
      expect(found).toBeTruthy();
      return found!;
    });
    const img = await within(dialog).findByRole('img', { name: 'Preview of Front door.png' });
    expect(img.getAttribute('src')).toBe(ROWS[0]!.link);
    const dl = within(dialog).getByRole('link', { name: 'Download Front door.png' });
    expect(dl.getAttribute('href')).toBe(ROWS[0]!.link);
    expect(dl.getAttribute('download')).toBe('Front door.png');
    expect(within(dialog).getByDisplayValue('1.5 KB')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/api/blade-resource/attach/detail', { params: { id: '1' } });
  }, 30_000);
});

describe('the preview of the view dialog (the uploader’s rules: images and PDF only)', () => {
  it('shows an image in place', () => {
    render(<AttachPreview record={ROWS[0]!} />);
    expect(screen.getByRole('img', { name: 'Preview of Front door.png' })).toBeTruthy();
    expect(screen.queryByText('Open the PDF in a new window')).toBeNull();
  });

  it('opens a PDF in a new window, shown nowhere inline', () => {
    render(<AttachPreview record={ROWS[1]!} />);
    const open = screen.getByRole('link', { name: /open the pdf in a new window/i });
    expect(open.getAttribute('href')).toBe(ROWS[1]!.link);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('img', { name: /preview of/i })).toBeNull();
  });

  it('previews nothing else, saying so, and still offers the download', () => {
    render(<AttachPreview record={ROWS[2]!} />);
    expect(screen.getByText('This file is not an image or pdf, cannot preview')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /preview of/i })).toBeNull();
    expect(screen.queryByText('Open the PDF in a new window')).toBeNull();
    expect(screen.getByRole('link', { name: 'Download notes.docx' }).getAttribute('download')).toBe(
      'notes.docx',
    );
  });
});

describe('the upload dialog', () => {
  const choose = (files: File[]) =>
    act(async () => {
      fireEvent.change(document.querySelector('input[type=file]')!, { target: { files } });
    });

  it('uploads through the attachment uploader, reloads the list, and removes a file removed there', async () => {
    post.mockImplementation(async (url: string) => {
      if (url === '/api/blade-resource/oss/upload')
        return {
          key: '000000/1.pdf',
          url: '/files/000000/1.pdf',
          fileName: 'plan',
          filePath: '/files/000000/1.pdf',
          fileType: 'pdf',
          size: 10,
          attachId: '77',
        };
      return 1;
    });
    const onChanged = vi.fn();
    const remove = vi.fn(async () => 1);
    still(<UploadDialog onClose={() => undefined} onChanged={onChanged} remove={remove} />);
    const user = userEvent.setup();
    expect(screen.getByText(/a file removed here is deleted from the attachments too/)).toBeTruthy();

    // The widget's own limits and messages.
    await choose([fileOf('notes.txt')]);
    await waitFor(() => expect(toasts()).toContain('Only documents, pdf, mp4'));
    await choose([1, 2, 3, 4].map((i) => fileOf(`f${i}.pdf`)));
    await waitFor(() =>
      expect(toasts()).toContain('Only 3 attachments can be uploaded, 4 chosen now, 4 in total'),
    );

    await choose([fileOf('plan.pdf')]);
    await user.click(screen.getByRole('button', { name: /^(upload )?upload$/i }));
    await waitFor(() => expect(toasts()).toContain('Upload complete, 1 succeeded, 0 failed'));
    expect(get).toHaveBeenCalledWith(
      '/api/blade-resource/oss/token',
      expect.objectContaining({ params: expect.objectContaining({ type: 'attachment' }) }),
    );
    expect(onChanged).toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();

    onChanged.mockClear();
    await user.click(screen.getByRole('button', { name: 'Remove plan.pdf' }));
    await waitFor(() => expect(questions('title')).toContain('Remove plan.pdf?'), {
      timeout: 10_000,
    });
    await user.click(okOf('Remove plan.pdf?'));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(['77']));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  }, 30_000);

  it('takes images under the images kind (the widget’s payment rule: images only)', async () => {
    // A user who may not remove attachments is not told a removal here deletes one.
    still(<UploadDialog onClose={() => undefined} onChanged={() => undefined} />);
    expect(screen.getByText('Uploaded files show in the attachment list at once.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByText('Images'));
    await choose([fileOf('receipt.pdf')]);
    await waitFor(() => expect(toasts()).toContain('File type not allowed, only images'));
    await choose([fileOf('door.png')]);
    expect(await screen.findByText('door.png')).toBeTruthy();
  }, 30_000);
});
