import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionSheet, Button, DotLoading, ImageViewer, NoticeBar, Result, Toast } from 'antd-mobile';
import { TYPES, type Message } from '@forecourt/im-sdk';
import { chatSession, errorText, useChat } from './store';
import { MessageBubble } from './MessageBubble';
import { SendBar } from './SendBar';
import { canRevoke } from './thread';

/** Spec §9: within 20 px of the bottom the list follows new messages; further up it shows a tip instead. */
const BOTTOM_THRESHOLD = 20;

function NetBanner() {
  const { t } = useTranslation();
  const net = useChat((s) => s.net);
  const phase = useChat((s) => s.phase);
  const was = useRef(net);
  useEffect(() => {
    if (was.current !== net && net === TYPES.NET_STATE_CONNECTED && phase === 'ready')
      Toast.show({ content: t('chat.net.connected') });
    was.current = net;
  }, [net, phase, t]);
  if (phase !== 'ready' || net === TYPES.NET_STATE_CONNECTED) return null;
  return <NoticeBar color="alert" content={t(`chat.net.${net}`)} className="h5-net" />;
}

function Thread({ myName }: { myName: string }) {
  const { t } = useTranslation();
  const { messages, completed, loadingMore, peer, phase } = useChat();
  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [behind, setBehind] = useState(false);
  const lastId = useRef<string | undefined>(undefined);
  const keep = useRef<{ height: number; top: number } | null>(null);

  // Follow the newest message when the reader is at the bottom; keep the place when history is prepended.
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    const newest = messages[messages.length - 1];
    if (keep.current) {
      el.scrollTop = keep.current.top + (el.scrollHeight - keep.current.height);
      keep.current = null;
    } else if (newest && newest.ID !== lastId.current) {
      if (atBottom.current || newest.flow === 'out') el.scrollTop = el.scrollHeight;
      else setBehind(true);
    }
    lastId.current = newest?.ID;
  }, [messages]);

  const more = async () => {
    const el = list.current;
    if (el) keep.current = { height: el.scrollHeight, top: el.scrollTop };
    try {
      if (!(await chatSession.more())) {
        keep.current = null;
        Toast.show({ content: t('chat.noMoreHistory') });
      }
    } catch (e) {
      keep.current = null;
      Toast.show({ icon: 'fail', content: errorText(e) });
    }
  };

  const actions = (m: Message) => {
    if (!canRevoke(m, Date.now())) return;
    const sheet = ActionSheet.show({
      cancelText: t('chat.cancel'),
      actions: [
        {
          key: 'revoke',
          text: t('chat.revoke'),
          danger: true,
          onClick: () => {
            sheet.close();
            chatSession
              .revoke(m)
              .catch((e: unknown) =>
                Toast.show({ icon: 'fail', content: t('chat.revokeFailed', { error: errorText(e) }) }),
              );
          },
        },
      ],
    });
  };

  const resend = (m: Message) =>
    void chatSession
      .resend(m)
      .catch((e: unknown) =>
        Toast.show({ icon: 'fail', content: t('chat.sendFailed', { error: errorText(e) }) }),
      );

  return (
    <div className="h5-thread">
      <div
        className="h5-list"
        ref={list}
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_THRESHOLD;
          if (atBottom.current) setBehind(false);
        }}
      >
        {phase === 'ready' ? (
          <div className="h5-more">
            {loadingMore ? (
              <DotLoading />
            ) : completed ? (
              <span className="h5-no-more">{t('chat.noMore')}</span>
            ) : (
              <Button size="mini" fill="none" onClick={() => void more()}>
                {t('chat.viewMore')}
              </Button>
            )}
          </div>
        ) : null}
        {phase === 'ready' && !messages.length && completed ? (
          <div className="h5-empty">{t('chat.empty')}</div>
        ) : null}
        {messages.map((m) => (
          <MessageBubble
            key={m.clientMsgId || m.ID}
            message={m}
            peerName={peer?.name ?? ''}
            peerAvatar={peer?.avatar ?? null}
            myName={myName}
            onImage={(url) => ImageViewer.show({ image: url })}
            onActions={actions}
            onResend={resend}
          />
        ))}
      </div>
      {behind ? (
        <button
          type="button"
          className="h5-latest"
          onClick={() => {
            const el = list.current;
            if (el) el.scrollTop = el.scrollHeight;
            setBehind(false);
          }}
        >
          {t('chat.backToLatest')}
        </button>
      ) : null}
    </div>
  );
}

/** The customer's chat with their advisor: history, live messages, text, stickers and images. */
export function ChatView({ myName }: { myName: string }) {
  const { t } = useTranslation();
  const phase = useChat((s) => s.phase);
  const kicked = useChat((s) => s.kicked);
  const error = useChat((s) => s.error);

  useEffect(() => {
    void chatSession.start();
    return () => void chatSession.stop();
  }, []);

  const fail = (e: unknown) => {
    Toast.show({ icon: 'fail', content: t('chat.sendFailed', { error: errorText(e) }) });
  };

  if (phase === 'noPeer') return <div className="h5-advisor-none">{t('h5.noAdvisor')}</div>;
  if (phase === 'kicked' || phase === 'failed')
    return (
      <Result
        status="warning"
        title={
          phase === 'kicked'
            ? t('chat.kicked.suffix', { reason: t(`chat.kicked.${kicked ?? 'REST_API_Kick'}`) })
            : t('chat.loginFailed', { error })
        }
        description={
          <Button color="primary" size="small" onClick={() => void chatSession.start()}>
            {t('chat.reconnect')}
          </Button>
        }
      />
    );
  return (
    <div className="h5-chat">
      <NetBanner />
      {phase === 'connecting' ? (
        <div className="h5-center">
          <DotLoading color="primary" />
        </div>
      ) : (
        <Thread myName={myName} />
      )}
      <SendBar
        disabled={phase !== 'ready'}
        onText={(text) => chatSession.sendText(text).catch((e: unknown) => fail(e))}
        onFace={(index, s) => void chatSession.sendFace(index, s.key).catch(fail)}
        onImage={(file) =>
          void chatSession
            .sendImage(file)
            .catch((e: unknown) =>
              Toast.show({ icon: 'fail', content: t('chat.imageUpload', { error: errorText(e) }) }),
            )
        }
      />
    </div>
  );
}
