import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useSession } from '@/shared/auth/store';
import './im.css';
import {
  deleteConversation,
  openConversation,
  refreshConversations,
  setVisible,
  startChat,
  updateProfile,
  useChat,
} from './chat';
import { getFriends } from './api';
import { neighbour } from './conversations';
import { ChatPane } from './components/ChatPane';
import { ContactsPanel } from './components/ContactsPanel';
import { ConversationList } from './components/ConversationList';
import { ProfileDialog } from './components/ProfileDialog';
import { SideBar, type ChatTab } from './components/SideBar';

/** Typing in a field keeps the arrow keys for the caret. */
const editable = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

/** The instant-messaging screen: a full-screen dialog opened from the top bar. */
export default function ChatDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const [tab, setTab] = useState<ChatTab>('chat');
  const [profile, setProfile] = useState(false);
  const conversations = useChat((s) => s.conversations);
  const currentID = useChat((s) => s.currentID);
  const me = useChat((s) => s.me);
  const totalUnread = useChat((s) => s.totalUnread);

  // Opening the dialog signs in if the shell has not yet, and again (showing why it fails) after a failure
  // or a kick-out.
  useEffect(() => {
    const s = useChat.getState().status;
    if (open && user?.account && (s === 'idle' || s === 'failed' || s === 'kicked'))
      void startChat({ account: user.account });
  }, [open, user?.account]);

  useEffect(() => {
    setVisible(open);
    return () => setVisible(false);
  }, [open]);

  // Spec §2/§9: Up (38) and Down (40) switch conversations; locked while a switch is in progress.
  useEffect(() => {
    if (!open || tab !== 'chat') return;
    const onKey = (e: KeyboardEvent) => {
      if (e.keyCode !== 38 && e.keyCode !== 40) return;
      if (editable(e.target) || document.querySelector('.fc-im-previewer')) return;
      const s = useChat.getState();
      e.preventDefault();
      if (s.switching) return;
      const next = neighbour(s.conversations, s.currentID, e.keyCode);
      if (next) void openConversation(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, tab]);

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      closable={false}
      title={null}
      width="100vw"
      className="fc-im-modal"
      style={{ top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 }}
      aria-label={t('im.title')}
    >
      <div className="fc-im-root">
        <SideBar tab={tab} onTab={setTab} me={me} unread={totalUnread} onProfile={() => setProfile(true)} />
        <div className="fc-im-list-col">
          {tab === 'chat' ? (
            <ConversationList
              conversations={conversations}
              currentID={currentID}
              myID={me?.userID ?? user?.account}
              onSelect={(id) => void openConversation(id)}
              onRefresh={refreshConversations}
              onDelete={(id) =>
                Modal.confirm({
                  title: t('im.deleteConversation'),
                  okButtonProps: { danger: true },
                  onOk: () => deleteConversation(id),
                })
              }
            />
          ) : (
            <ContactsPanel
              fetchFriends={getFriends}
              onOpen={(staff) => {
                setTab('chat');
                void openConversation(`C2C${staff.account}`);
              }}
            />
          )}
        </div>
        <ChatPane />
        <Button
          className="fc-im-close"
          type="text"
          icon={<CloseOutlined />}
          aria-label={t('im.close')}
          onClick={onClose}
        />
      </div>
      <ProfileDialog open={profile} me={me} onClose={() => setProfile(false)} onSave={updateProfile} />
    </Modal>
  );
}
