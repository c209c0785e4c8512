import '../test/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n from '@/shared/i18n';
import '../texts';
import { TYPES, type Conversation, type Message } from '../sdk';
import { conversation, message } from '../test/fixtures';

vi.mock('../chat', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../chat')>()),
  sendFile: vi.fn(async () => {}),
}));
const chat = await import('../chat');
const { ChatPane } = await import('./ChatPane');

function show(c: Conversation, list: Message[] = []) {
  chat.useChat.setState({
    currentID: c.conversationID,
    current: c,
    history: { [c.conversationID]: { list, next: 'n', isCompleted: false } },
  });
  return render(<ChatPane />);
}

const PLACEHOLDER = 'Type a message; Enter sends, Ctrl+Enter adds a line';

// The first render of antd in jsdom is slow on a loaded machine; the pane itself is quick.
describe('the chat pane', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.mocked(chat.sendFile).mockClear();
  });

  it('shows name and department in the header, and a send box except for the system notices', () => {
    show(conversation('sales2', { userProfile: { nick: '李晓梅', department: '新车销售二部' } }));
    expect(screen.getByText('李晓梅', { selector: '.fc-im-pane-title' })).toBeTruthy();
    expect(screen.getByText('新车销售二部')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: PLACEHOLDER })).toBeTruthy();
    cleanup();
    show({ ...conversation('x'), conversationID: TYPES.CONV_SYSTEM, type: TYPES.CONV_SYSTEM });
    expect(screen.getByText('System notices', { selector: '.fc-im-pane-title' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: PLACEHOLDER })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('sends dropped files by kind, and nothing dropped on the system notices', () => {
    const { container } = show(conversation('sales2'));
    const png = new File(['x'], 'car.PNG', { type: 'image/png' });
    const mp4 = new File(['x'], 'walkaround.mp4', { type: 'video/mp4' });
    const pdf = new File(['x'], 'offer.pdf', { type: 'application/pdf' });
    const pane = container.querySelector('.fc-im-pane')!;
    fireEvent.drop(pane, { dataTransfer: { files: [png, mp4, pdf], types: ['Files'] } });
    expect(vi.mocked(chat.sendFile).mock.calls).toEqual([
      ['image', png],
      ['video', mp4],
      ['file', pdf],
    ]);
    cleanup();
    vi.mocked(chat.sendFile).mockClear();
    const system = show({ ...conversation('x'), conversationID: TYPES.CONV_SYSTEM, type: TYPES.CONV_SYSTEM });
    fireEvent.drop(system.container.querySelector('.fc-im-pane')!, {
      dataTransfer: { files: [png], types: ['Files'] },
    });
    expect(chat.sendFile).not.toHaveBeenCalled();
  });

  it('draws only a window of a conversation with thousands of messages', () => {
    const list = Array.from({ length: 5000 }, (_, i) =>
      message({ ID: `m${i}`, clientMsgId: `c${i}`, seq: i + 1, payload: { text: `message ${i}` } }),
    );
    const { container } = show(conversation('sales2'), list);
    expect(container.querySelectorAll('.fc-im-msg').length).toBeGreaterThan(0);
    expect(container.querySelectorAll('.fc-im-msg').length).toBeLessThan(60);
    expect(screen.getByRole('button', { name: 'View more' })).toBeTruthy();
  });
});
