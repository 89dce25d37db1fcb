import { BoldOutlined, ItalicOutlined, OrderedListOutlined, PictureOutlined, RedoOutlined, StrikethroughOutlined, UnderlineOutlined, UndoOutlined, UnorderedListOutlined } from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input, Popover, Space, Tooltip } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { RICH_TEXT, richTextLength } from '../../../schemas/formats/richText';
import { feedback } from '../../app/feedback';
import { TEXT } from '../../../schemas/text/zh';
import type { WidgetProps } from '../widgetProps';
import { sanitizeRichText } from './sanitize';

const EMPTY = '<p></p>';

function ToolButton({ title, icon, active, disabled, onClick }: { title: string; icon: ReactNode; active?: boolean; disabled?: boolean; onClick(): void }) {
  return (
    <Tooltip title={title}>
      <Button type={active ? 'primary' : 'text'} size="small" aria-label={title} icon={icon} disabled={disabled} onClick={onClick} />
    </Tooltip>
  );
}

function ImageButton({ editor }: { editor: Editor }) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const insert = () => {
    if (url.trim()) editor.chain().focus().setImage({ src: url.trim() }).run();
    setUrl('');
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      content={
        <Space.Compact>
          <Input aria-label={TEXT.richText.imageUrl} placeholder={TEXT.richText.imageUrl} value={url} onChange={(e) => setUrl(e.target.value)} onPressEnter={insert} />
          <Button type="primary" onClick={insert}>
            {TEXT.common.ok}
          </Button>
        </Space.Compact>
      }
    >
      <span>
        <ToolButton title={TEXT.richText.image} icon={<PictureOutlined />} onClick={() => setOpen(true)} />
      </span>
    </Popover>
  );
}

/**
 * The rich-text editor (Tiptap on ProseMirror: no eval, no injected style tags, so it runs under the strict CSP): height
 * 450, a Chinese toolbar, images at 5:4. Text over the limit (50,000 without tags) is refused: the editor goes back to
 * the last accepted content. Pasted HTML passes ProseMirror's schema (scripts and handlers have no place in it) and the
 * form only ever receives sanitised HTML.
 */
export default function RichTextEditor({ id, field, value, onChange, invalid }: WidgetProps<string>) {
  const limit = field.maxlength ?? RICH_TEXT.limit;
  const accepted = useRef(sanitizeRichText(value ?? ''));
  const [length, setLength] = useState(() => richTextLength(accepted.current));
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } }), Image.configure({ allowBase64: true })],
    content: accepted.current || EMPTY,
    injectCSS: false,
    immediatelyRender: true,
    editorProps: { attributes: { id, 'aria-label': field.label, class: 'dms-rich-text-content' } },
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      const count = richTextLength(html);
      if (count > limit) {
        e.commands.setContent(accepted.current || EMPTY, { emitUpdate: false });
        setLength(richTextLength(accepted.current));
        feedback().message.warning(TEXT.richText.overLimit(limit));
        return;
      }
      const clean = html === EMPTY ? '' : sanitizeRichText(html);
      accepted.current = clean;
      setLength(count);
      onChange(clean === '' ? undefined : clean);
    },
  });
  const tools: { title: string; icon: ReactNode; name: string; run(): void }[] = [
    { title: TEXT.richText.bold, icon: <BoldOutlined />, name: 'bold', run: () => editor.chain().focus().toggleBold().run() },
    { title: TEXT.richText.italic, icon: <ItalicOutlined />, name: 'italic', run: () => editor.chain().focus().toggleItalic().run() },
    { title: TEXT.richText.underline, icon: <UnderlineOutlined />, name: 'underline', run: () => editor.chain().focus().toggleUnderline().run() },
    { title: TEXT.richText.strike, icon: <StrikethroughOutlined />, name: 'strike', run: () => editor.chain().focus().toggleStrike().run() },
    { title: TEXT.richText.bulletList, icon: <UnorderedListOutlined />, name: 'bulletList', run: () => editor.chain().focus().toggleBulletList().run() },
    { title: TEXT.richText.orderedList, icon: <OrderedListOutlined />, name: 'orderedList', run: () => editor.chain().focus().toggleOrderedList().run() },
  ];
  return (
    <div className={`dms-rich-text${invalid ? ' dms-rich-text-invalid' : ''}`} lang="zh-CN">
      <div className="dms-rich-text-toolbar" role="toolbar" aria-label={TEXT.richText.toolbar}>
        {tools.map((t) => (
          <ToolButton key={t.name} title={t.title} icon={t.icon} active={editor.isActive(t.name)} onClick={t.run} />
        ))}
        <ImageButton editor={editor} />
        <ToolButton title={TEXT.richText.undo} icon={<UndoOutlined />} onClick={() => editor.chain().focus().undo().run()} />
        <ToolButton title={TEXT.richText.redo} icon={<RedoOutlined />} onClick={() => editor.chain().focus().redo().run()} />
      </div>
      <EditorContent editor={editor} className="dms-rich-text-body" style={{ height: RICH_TEXT.height }} />
      <div className="dms-rich-text-count">{TEXT.richText.count(length, limit)}</div>
    </div>
  );
}
