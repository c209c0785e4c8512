import {
  forwardRef,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, Space, Tooltip, message } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { CloseOutlined, FileOutlined, PictureOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { classifyFile, IMAGE_ACCEPT, namedFile, VIDEO_ACCEPT, type FileKind } from '../files';
import type { StickerDef } from '../stickers';
import { EmojiPicker } from './EmojiPicker';

/** Spec §9: the chat text area has 4 rows. */
export const TEXT_ROWS = 4;

export interface SendBoxHandle {
  /** Puts text in the box (re-edit of a revoked message, or an edit of a sent one). */
  setText(text: string): void;
  focus(): void;
}

export interface SendBoxProps {
  onText: (text: string) => void;
  onFile: (kind: FileKind, file: File) => void;
  onFace: (sticker: StickerDef) => void;
  /** While set, Enter saves the edit of that message instead of sending a new one. */
  editing?: boolean;
  onCancelEdit?: () => void;
}

/** Emoji, image, file and video pickers, a 4-row text area and the send button. Enter sends; Ctrl+Enter breaks the line. */
export const SendBox = forwardRef<SendBoxHandle, SendBoxProps>(function SendBox(
  { onText, onFile, onFace, editing, onCancelEdit },
  ref,
) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const area = useRef<TextAreaRef>(null);
  // Where the caret goes after a programmatic change of the text (applied once React rendered it).
  const caret = useRef<number | undefined>(undefined);
  useLayoutEffect(() => {
    const el = area.current?.resizableTextArea?.textArea;
    if (caret.current === undefined || !el) return;
    el.setSelectionRange(caret.current, caret.current);
    caret.current = undefined;
  }, [text]);
  const pickers = {
    image: useRef<HTMLInputElement>(null),
    file: useRef<HTMLInputElement>(null),
    video: useRef<HTMLInputElement>(null),
  };

  useImperativeHandle(ref, () => ({
    setText: (v) => {
      setText(v);
      requestAnimationFrame(() => area.current?.focus({ cursor: 'end' }));
    },
    focus: () => area.current?.focus(),
  }));

  const send = () => {
    if (!text.trim()) {
      void message.warning(t('im.emptyMessage'));
      return;
    }
    onText(text);
    setText('');
  };

  const insertBreak = (el: HTMLTextAreaElement) => {
    const { selectionStart: a, selectionEnd: b } = el;
    const next = `${text.slice(0, a)}\n${text.slice(b)}`;
    caret.current = a + 1;
    setText(next);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME still composing owns the Enter key (Chinese input confirms the candidate with it).
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) {
      if (e.key === 'Escape' && editing) onCancelEdit?.();
      return;
    }
    if (e.ctrlKey || e.metaKey) {
      e.preventDefault();
      insertBreak(e.currentTarget);
    } else if (!e.shiftKey && !e.altKey) {
      e.preventDefault();
      send();
    }
  };

  const pick = (kind: FileKind) => (e: React.ChangeEvent<HTMLInputElement>) => {
    for (const f of Array.from(e.target.files ?? [])) onFile(kind, f);
    e.target.value = '';
  };

  const onPaste = (e: React.ClipboardEvent) => {
    const files = Array.from(e.clipboardData.files);
    if (!files.length) return;
    e.preventDefault();
    for (const f of files) onFile(classifyFile(f), namedFile(f));
  };

  const icon = (kind: FileKind, label: string, node: React.ReactNode) => (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={node}
        aria-label={label}
        onClick={() => pickers[kind].current?.click()}
        disabled={editing}
      />
    </Tooltip>
  );

  return (
    <div className="fc-im-sendbox">
      <Space size={2} className="fc-im-sendbox-tools">
        <EmojiPicker onPick={onFace} disabled={editing} />
        {icon('image', t('im.sendImage'), <PictureOutlined />)}
        {icon('file', t('im.sendFile'), <FileOutlined />)}
        {icon('video', t('im.sendVideo'), <VideoCameraOutlined />)}
        {editing && (
          <span className="fc-im-editing">
            {t('im.editing')}
            <Button type="link" size="small" icon={<CloseOutlined />} onClick={onCancelEdit}>
              {t('im.cancelEdit')}
            </Button>
          </span>
        )}
      </Space>
      <input
        ref={pickers.image}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        hidden
        data-picker="image"
        onChange={pick('image')}
      />
      <input ref={pickers.file} type="file" multiple hidden data-picker="file" onChange={pick('file')} />
      <input
        ref={pickers.video}
        type="file"
        accept={VIDEO_ACCEPT}
        hidden
        data-picker="video"
        onChange={pick('video')}
      />
      <Input.TextArea
        ref={area}
        rows={TEXT_ROWS}
        value={text}
        variant="borderless"
        aria-label={t('im.placeholder')}
        placeholder={t('im.placeholder')}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        style={{ resize: 'none' }}
      />
      <div className="fc-im-sendbox-foot">
        <Button type="primary" onClick={send}>
          {t('im.send')}
        </Button>
      </div>
    </div>
  );
});
