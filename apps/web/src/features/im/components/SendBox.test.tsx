import '../test/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '@/shared/i18n';
import '../texts';
import { SendBox } from './SendBox';

const setup = () => {
  const props = { onText: vi.fn(), onFile: vi.fn(), onFace: vi.fn() };
  render(<SendBox {...props} />);
  return { ...props, box: screen.getByRole('textbox') as HTMLTextAreaElement };
};

// Typing and the first antd render in jsdom are slow on a loaded machine (2 shared cores).
describe('the send box', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  it('has a 4-row text area; Enter sends the text and empties the box', async () => {
    const { onText, box } = setup();
    expect(box.rows).toBe(4);
    await userEvent.type(box, 'hello{Enter}');
    expect(onText).toHaveBeenCalledWith('hello');
    expect(box.value).toBe('');
  });

  it('inserts a line break on Ctrl+Enter instead of sending', async () => {
    const { onText, box } = setup();
    await userEvent.type(box, 'line one{Control>}{Enter}{/Control}line two');
    expect(onText).not.toHaveBeenCalled();
    expect(box.value).toBe('line one\nline two');
    await userEvent.type(box, '{Enter}');
    expect(onText).toHaveBeenCalledWith('line one\nline two');
  });

  it("refuses empty and whitespace-only text with 'Cannot send an empty message'", async () => {
    const { onText, box } = setup();
    await userEvent.type(box, '   {Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onText).not.toHaveBeenCalled();
    expect(await screen.findAllByText('Cannot send an empty message')).not.toHaveLength(0);
  });

  it('does not send while an input method is composing', () => {
    const { onText, box } = setup();
    fireEvent.change(box, { target: { value: 'ni' } });
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    expect(onText).not.toHaveBeenCalled();
  });

  it('offers hidden pickers for images, any file and mp4 video, and sends what is picked', async () => {
    const { onFile } = setup();
    const image = document.querySelector<HTMLInputElement>('input[data-picker="image"]')!;
    const video = document.querySelector<HTMLInputElement>('input[data-picker="video"]')!;
    const file = document.querySelector<HTMLInputElement>('input[data-picker="file"]')!;
    expect(image.accept).toBe('.jpg,.jpeg,.png,.gif,.bmp');
    expect(video.accept).toContain('.mp4');
    expect(file.accept).toBe('');
    const png = new File(['x'], 'car.png', { type: 'image/png' });
    await userEvent.upload(image, png);
    expect(onFile).toHaveBeenCalledWith('image', png);
  });

  it('sends pasted images as images and other pasted files as files', () => {
    const { onFile, box } = setup();
    const img = new File(['x'], 'shot.jpg', { type: 'image/jpeg' });
    const doc = new File(['x'], 'quote.pdf', { type: 'application/pdf' });
    fireEvent.paste(box, { clipboardData: { files: [img, doc] } });
    expect(onFile.mock.calls.map(([k, f]) => [k, (f as File).name])).toEqual([
      ['image', 'shot.jpg'],
      ['file', 'quote.pdf'],
    ]);
  });

  it('shows all 142 stickers and sends the one picked', async () => {
    const { onFace } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Emoji' }));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(142);
    await userEvent.click(screen.getByRole('option', { name: 'thumbs up' }));
    expect(onFace).toHaveBeenCalledWith(expect.objectContaining({ key: 'thumbs_up' }));
  });
});
