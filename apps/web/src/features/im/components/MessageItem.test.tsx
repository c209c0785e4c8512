import '../test/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n from '@/shared/i18n';
import '../texts';
import { TYPES, type Message } from '../sdk';
import { message } from '../test/fixtures';
import { MessageItem, type MessageActions } from './MessageItem';

const now = () => Math.floor(Date.now() / 1000);
const msg = message;
const actions = (): MessageActions => ({
  onPreview: vi.fn(),
  onResend: vi.fn(),
  onRevoke: vi.fn(),
  onReEdit: vi.fn(),
  onRestore: vi.fn(),
  onCopy: vi.fn(),
});
const show = (m: Message, a = actions(), isC2C = true) => {
  const view = render(<MessageItem m={m} senderName={m.nick ?? m.from} isC2C={isC2C} actions={a} />);
  return { ...view, a };
};

// Typing and the first antd render in jsdom are slow on a loaded machine (2 shared cores).
describe('a message item', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  it('shows markup in a text literally and runs nothing', () => {
    const payload = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
    const { container } = show(msg({ payload: { text: payload } }));
    expect(screen.getByText(payload)).toBeTruthy();
    expect(container.querySelector('.fc-im-bubble img, .fc-im-bubble script')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('puts my messages on the right and others on the left, with sender, time and initials', () => {
    const { container } = show(msg({ flow: 'out', from: 'sales1', nick: '王建国' }));
    expect(container.querySelector('.fc-im-msg-out')).toBeTruthy();
    expect(screen.getByText('建国')).toBeTruthy();
    expect(screen.getByText('王建国')).toBeTruthy();
    cleanup();
    expect(show(msg({})).container.querySelector('.fc-im-msg-in')).toBeTruthy();
  });

  it('centres revoke notices worded for me, the other party and a group sender', () => {
    show(msg({ isRevoked: true, flow: 'out' }));
    expect(screen.getByText('You revoked a message')).toBeTruthy();
    cleanup();
    show(msg({ isRevoked: true }));
    expect(screen.getByText('The other party revoked a message')).toBeTruthy();
    cleanup();
    const { container } = show(
      msg({ isRevoked: true, conversationType: TYPES.CONV_GROUP, nick: 'Zhang Wei' }),
      undefined,
      false,
    );
    expect(screen.getByText('Zhang Wei revoked a message')).toBeTruthy();
    expect(container.querySelector('.fc-im-notice')).toBeTruthy();
  });

  it('offers re-edit of a revoked text of mine within 120 s only', () => {
    const { a } = show(msg({ isRevoked: true, flow: 'out' }));
    fireEvent.click(screen.getByRole('button', { name: 'Re-edit' }));
    expect(a.onRestore).toHaveBeenCalled();
    cleanup();
    show(msg({ isRevoked: true, flow: 'out', time: now() - 121 }));
    expect(screen.queryByRole('button', { name: 'Re-edit' })).toBeNull();
  });

  it('spins while unsent and resends on a click of the red mark after a failure', () => {
    const { container } = show(msg({ flow: 'out', status: 'unSend' }));
    expect(container.querySelector('.ant-spin')).toBeTruthy();
    cleanup();
    const failed = msg({ flow: 'out', status: 'fail' });
    const { a } = show(failed);
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(a.onResend).toHaveBeenCalledWith(failed);
  });

  it('shows files with their size, switching to KB at 1024 bytes', () => {
    show(
      msg({ type: TYPES.MSG_FILE, payload: { fileName: 'offer.pdf', fileSize: 1023, fileUrl: '/files/a' } }),
    );
    expect(screen.getByText('1023 B')).toBeTruthy();
    cleanup();
    show(
      msg({
        type: TYPES.MSG_FILE,
        payload: { fileName: 'offer.pdf', fileSize: 2048, fileUrl: 'javascript:alert(1)' },
      }),
    );
    expect(screen.getByText('2.00 KB')).toBeTruthy();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('draws stickers, call records, and says when a type is not yet supported', () => {
    show(msg({ type: TYPES.MSG_FACE, payload: { index: 0, data: 'thumbs_up' } }));
    expect(screen.getByRole('img', { name: 'thumbs up' })).toBeTruthy();
    cleanup();
    show(
      msg({
        type: TYPES.MSG_CUSTOM,
        payload: { data: JSON.stringify({ businessID: 'av_call', callType: 'video', duration: 75 }) },
      }),
    );
    expect(screen.getByText(/Video call/)).toBeTruthy();
    // With its label: a bare /1:15/ also matched the message's own time at hh:01:15 or hh:11:15.
    expect(screen.getByText(/Duration 1:15/)).toBeTruthy();
    cleanup();
    show(msg({ type: 'TIMRelayElem', payload: {} }));
    expect(screen.getByText('[this message type is not yet supported]')).toBeTruthy();
  });

  it('opens the previewer from an image', () => {
    const m = msg({
      type: TYPES.MSG_IMAGE,
      payload: { imageInfoArray: [{ url: '/files/car.png', width: 800, height: 400 }] },
    });
    const { a } = show(m);
    const img = document.querySelector('.fc-im-image img') as HTMLImageElement;
    expect(img.width).toBe(200);
    expect(img.height).toBe(100);
    fireEvent.click(img);
    expect(a.onPreview).toHaveBeenCalledWith(m);
  });
});
