import { useCallback, useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Empty, message } from 'antd';
import { TYPES, type Message, type TextPayload } from '../sdk';
import { conversationName } from '../conversations';
import { classifyFile } from '../files';
import { STICKERS } from '../stickers';
import { imageUrls } from './bubbles';
import {
  kickedText,
  loadMore,
  modifyText,
  resend,
  revoke,
  sendFace,
  sendFile,
  sendText,
  useChat,
} from '../chat';
import { MessageItem, type MessageActions } from './MessageItem';
import { MessageList } from './MessageList';
import { SendBox, type SendBoxHandle } from './SendBox';
import { ImagePreviewer } from './ImagePreviewer';

const EMPTY: Message[] = [];

/** Sign-in failure, kick-out (spec §8) or a network that is not connected, above the messages. */
function StatusBanner() {
  const { t } = useTranslation();
  const net = useChat((s) => s.net);
  const status = useChat((s) => s.status);
  const kickedType = useChat((s) => s.kickedType);
  const loginError = useChat((s) => s.loginError);
  const text =
    status === 'failed'
      ? t('im.loginFailed', { error: loginError })
      : status === 'kicked'
        ? kickedText(kickedType)
        : status === 'ready' && net !== TYPES.NET_STATE_CONNECTED
          ? t(`im.net.${net}`)
          : undefined;
  return text ? (
    <div className="fc-im-banner" role="alert">
      {text}
    </div>
  ) : null;
}

/** The open conversation: header, messages, the previewer, and the send box (none for system notices). */
export function ChatPane() {
  const { t } = useTranslation();
  const current = useChat((s) => s.current);
  const currentID = useChat((s) => s.currentID);
  const me = useChat((s) => s.me);
  const history = useChat((s) => (s.currentID ? s.history[s.currentID] : undefined));
  const list = history?.list ?? EMPTY;
  const box = useRef<SendBoxHandle>(null);
  const [editing, setEditing] = useState<Message>();
  const [preview, setPreview] = useState<{ urls: string[]; start: number }>();
  const [dragging, setDragging] = useState(false);

  const images = useMemo(() => list.filter((m) => m.type === TYPES.MSG_IMAGE && !m.isRevoked), [list]);

  const actions = useMemo<MessageActions>(
    () => ({
      onPreview: (m) => {
        const urls = images.map((x) => imageUrls(x.payload as unknown as Record<string, unknown>).full ?? '');
        setPreview({
          urls,
          start: Math.max(
            0,
            images.findIndex((x) => x.ID === m.ID),
          ),
        });
      },
      onResend: resend,
      onRevoke: (m) => void revoke(m),
      onReEdit: (m) => {
        setEditing(m);
        box.current?.setText((m.payload as TextPayload).text);
      },
      onRestore: (m) => box.current?.setText((m.payload as TextPayload).text),
      onCopy: (m) =>
        void navigator.clipboard
          ?.writeText((m.payload as TextPayload).text)
          .then(() => void message.success(t('im.copied'))),
    }),
    [images, t],
  );

  const isC2C = current?.type === TYPES.CONV_C2C;
  const senderName = useCallback(
    (m: Message) =>
      m.flow === 'out'
        ? me?.nick || m.nick || m.from
        : m.nick || (isC2C ? current?.userProfile.nick : '') || m.from,
    [me, isC2C, current],
  );
  const renderItem = useCallback(
    (m: Message) => <MessageItem m={m} senderName={senderName(m)} isC2C={isC2C} actions={actions} />,
    [senderName, isC2C, actions],
  );

  if (!currentID || !current) {
    return (
      <section className="fc-im-pane">
        <StatusBanner />
        <div className="fc-im-empty-pane">
          <Empty description={t('im.pickConversation')} />
        </div>
      </section>
    );
  }

  const system = current.type === TYPES.CONV_SYSTEM;
  const onText = async (text: string) => {
    if (!editing) return sendText(text);
    const target = editing;
    setEditing(undefined);
    if (!(await modifyText(target, text))) box.current?.setText(text);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (system) return;
    for (const f of Array.from(e.dataTransfer.files)) void sendFile(classifyFile(f), f);
  };

  return (
    <section
      className="fc-im-pane"
      aria-label={conversationName(current, t('im.system'))}
      onDragOver={(e) => {
        if (system || !e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => e.currentTarget === e.target && setDragging(false)}
      onDrop={onDrop}
    >
      <header className="fc-im-pane-head">
        <div>
          <span className="fc-im-pane-title">{conversationName(current, t('im.system'))}</span>
          {isC2C && current.userProfile.department && (
            <span className="fc-im-pane-dept">{current.userProfile.department}</span>
          )}
          {current.type === TYPES.CONV_GROUP && current.groupProfile && (
            <span className="fc-im-pane-dept">({current.groupProfile.memberCount})</span>
          )}
        </div>
      </header>
      <StatusBanner />
      <MessageList
        conversationID={currentID}
        messages={list}
        isCompleted={history?.isCompleted ?? true}
        onLoadMore={loadMore}
        renderItem={renderItem}
      />
      {!system && (
        <SendBox
          ref={box}
          onText={(text) => void onText(text)}
          onFile={(kind, f) => void sendFile(kind, f)}
          onFace={(s) => sendFace(s, STICKERS.indexOf(s))}
          editing={!!editing}
          onCancelEdit={() => {
            setEditing(undefined);
            box.current?.setText('');
          }}
        />
      )}
      {dragging && <div className="fc-im-drop">{t('im.dropHere')}</div>}
      {preview && (
        <ImagePreviewer urls={preview.urls} start={preview.start} onClose={() => setPreview(undefined)} />
      )}
    </section>
  );
}
