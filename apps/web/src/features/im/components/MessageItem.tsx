import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, Button, Dropdown, Spin, Tooltip } from 'antd';
import { ExclamationCircleFilled } from '@ant-design/icons';
import { TYPES, type GroupSystemNoticePayload, type GroupTipPayload, type Message } from '../sdk';
import { initials, messageTime } from '../format';
import { canReEdit, canRestoreRevoked, canRevoke, revokeNotice } from '../rules';
import { safeUrl } from '../urls';
import { Bubble, isNotice } from './bubbles';

export interface MessageActions {
  onPreview: (m: Message) => void;
  onResend: (m: Message) => void;
  onRevoke: (m: Message) => void;
  /** Edit a sent text in place (within the window). */
  onReEdit: (m: Message) => void;
  /** Put a revoked text of mine back into the box. */
  onRestore: (m: Message) => void;
  onCopy: (m: Message) => void;
}

const tipKeys: Record<number, string> = {
  1: 'join',
  2: 'quit',
  3: 'kicked',
  4: 'setAdmin',
  5: 'cancelAdmin',
  6: 'groupInfo',
  7: 'memberInfo',
};

function Notice({ m, actions, isC2C }: { m: Message; actions: MessageActions; isC2C: boolean }) {
  const { t } = useTranslation();
  let text: string;
  if (m.isRevoked) {
    const n = revokeNotice({ ...m, conversationType: isC2C ? TYPES.CONV_C2C : m.conversationType });
    text = t(n.key, { sender: n.sender });
  } else if (m.type === TYPES.MSG_GRP_TIP) {
    const p = m.payload as Partial<GroupTipPayload>;
    const who = (p.userIDList?.length ? p.userIDList : [p.operatorID ?? '']).join(t('im.brandSep'));
    text = t(`im.tip.${tipKeys[p.operationType ?? 0] ?? 'other'}`, { who });
  } else {
    text = String((m.payload as Partial<GroupSystemNoticePayload>).text ?? t('im.groupSystem'));
  }
  return (
    <div className="fc-im-notice" data-message-id={m.ID}>
      <span>{text}</span>
      {m.isRevoked && canRestoreRevoked(m) && (
        <Button type="link" size="small" onClick={() => actions.onRestore(m)}>
          {t('im.reEdit')}
        </Button>
      )}
    </div>
  );
}

export interface MessageItemProps {
  m: Message;
  /** The sender's name as this viewer knows it (the friend's real name, my nickname). */
  senderName: string;
  isC2C: boolean;
  actions: MessageActions;
}

/** One message: a centred notice, or avatar + bubble + footer (sender and time) + status, mine on the right. */
export const MessageItem = memo(function MessageItem({ m, senderName, isC2C, actions }: MessageItemProps) {
  const { t } = useTranslation();
  if (isNotice(m)) return <Notice m={m} actions={actions} isC2C={isC2C} />;
  const own = m.flow === 'out';
  const now = Date.now();
  const menu = [
    ...(m.type === TYPES.MSG_TEXT ? [{ key: 'copy', label: t('im.copy') }] : []),
    ...(canRevoke(m, now) ? [{ key: 'revoke', label: t('im.revoke') }] : []),
    ...(canReEdit(m, now) ? [{ key: 'reEdit', label: t('im.reEdit') }] : []),
  ];
  const bubble = (
    <div className={`fc-im-bubble fc-im-bubble-${m.type === TYPES.MSG_FACE ? 'face' : own ? 'out' : 'in'}`}>
      <Bubble m={m} onPreview={() => actions.onPreview(m)} />
    </div>
  );
  return (
    <div
      className={`fc-im-msg ${own ? 'fc-im-msg-out' : 'fc-im-msg-in'}`}
      data-message-id={m.ID}
      data-status={m.status}
    >
      <Avatar className="fc-im-avatar" src={safeUrl(m.avatar)}>
        {initials(m.nick || senderName)}
      </Avatar>
      <div className="fc-im-msg-body">
        <div className="fc-im-msg-line">
          {menu.length ? (
            <Dropdown
              trigger={['contextMenu']}
              menu={{
                items: menu,
                onClick: ({ key }) =>
                  key === 'revoke'
                    ? actions.onRevoke(m)
                    : key === 'reEdit'
                      ? actions.onReEdit(m)
                      : actions.onCopy(m),
              }}
            >
              {bubble}
            </Dropdown>
          ) : (
            bubble
          )}
          {m.status === 'unSend' && (
            <Spin size="small" className="fc-im-status" aria-label={t('im.sending')} />
          )}
          {m.status === 'fail' && (
            <Tooltip title={t('im.resend')}>
              <button
                type="button"
                className="fc-im-status fc-im-failed"
                aria-label={t('im.resend')}
                onClick={() => actions.onResend(m)}
              >
                <ExclamationCircleFilled />
              </button>
            </Tooltip>
          )}
        </div>
        <div className="fc-im-msg-foot">
          <span className="fc-im-msg-sender">{senderName}</span>
          <span className="fc-im-msg-time">{messageTime(m.time, now)}</span>
          {own && isC2C && m.status === 'success' && (
            <span className="fc-im-msg-read">{m.isPeerRead ? t('im.read') : t('im.unread')}</span>
          )}
        </div>
      </div>
    </div>
  );
});
