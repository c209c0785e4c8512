import type { ReactNode } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { EditorContent, useEditor, useEditorState, type Editor, type JSONContent } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import type { ArticleSubmit } from '@forecourt/contracts';
import './messages';

/** The editor's document as the contract stores it. */
export type ArticleBody = ArticleSubmit['body'];

export interface ArticleEditorProps {
  /** The stored document (`{ type: 'doc', content }`); read once, when the editor starts. */
  value?: ArticleBody;
  /** The document after each change (`editor.getJSON()`). */
  onChange?: (doc: ArticleBody) => void;
  /** false: the body shown read-only (the preview). */
  editable?: boolean;
}

function Tool(p: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={p.label}>
      <Button
        size="small"
        type={p.active ? 'primary' : 'default'}
        aria-label={p.label}
        aria-pressed={p.active}
        disabled={p.disabled}
        onClick={p.onClick}
      >
        {p.children}
      </Button>
    </Tooltip>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const l = (k: string) => t(`content.editor.${k}`);
  return (
    <Space wrap size={4} style={{ marginBottom: 8 }}>
      <Tool label={l('bold')} active={s.bold} onClick={() => chain().toggleBold().run()}>
        <b>B</b>
      </Tool>
      <Tool label={l('italic')} active={s.italic} onClick={() => chain().toggleItalic().run()}>
        <i>I</i>
      </Tool>
      <Tool label={l('h2')} active={s.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        H2
      </Tool>
      <Tool label={l('h3')} active={s.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        H3
      </Tool>
      <Tool label={l('bulletList')} active={s.bulletList} onClick={() => chain().toggleBulletList().run()}>
        •
      </Tool>
      <Tool label={l('orderedList')} active={s.orderedList} onClick={() => chain().toggleOrderedList().run()}>
        1.
      </Tool>
      <Tool label={l('blockquote')} active={s.blockquote} onClick={() => chain().toggleBlockquote().run()}>
        ❝
      </Tool>
      <Tool label={l('undo')} disabled={!s.canUndo} onClick={() => chain().undo().run()}>
        ↶
      </Tool>
      <Tool label={l('redo')} disabled={!s.canRedo} onClick={() => chain().redo().run()}>
        ↷
      </Tool>
    </Space>
  );
}

/**
 * The article body's rich-text editor (TipTap): the document is kept as the editor's JSON, never HTML.
 * Loaded on its own (the editor page, the preview), so no other page carries it.
 */
export function ArticleEditor({ value, onChange, editable = true }: ArticleEditorProps) {
  const editor = useEditor({
    extensions: [StarterKit],
    content: (value as JSONContent | undefined) ?? { type: 'doc', content: [{ type: 'paragraph' }] },
    editable,
    onUpdate: ({ editor: e }) => onChange?.(e.getJSON() as ArticleBody),
  });
  return (
    <div className="content-article-editor">
      {editable && editor && <Toolbar editor={editor} />}
      <div
        style={
          editable
            ? { border: '1px solid #d9d9d9', borderRadius: 6, padding: '4px 12px', minHeight: 320 }
            : undefined
        }
      >
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
