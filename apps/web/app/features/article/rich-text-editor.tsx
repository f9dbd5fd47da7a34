import {
  BoldOutlined,
  DeleteColumnOutlined,
  DeleteOutlined,
  DeleteRowOutlined,
  InsertRowBelowOutlined,
  InsertRowRightOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { ARTICLE_IMAGE_MAX_BYTES, ARTICLE_IMAGE_SRC, safeHref } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input, Modal, Select, Tooltip, Upload } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { uploadArticleImage } from './article-admin-api';
import './article.css';
import './rich-text-editor.css';
import { toast } from '../../components/toast';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const FOREIGN_IMAGE_HINT = '本站不下载其他网站的图片：请先把图片保存到电脑，再用“插入图片”上传';

/** Drops the images of pasted HTML that are not this site's uploads; answers how many it dropped. */
function withoutForeignImages(html: string): { html: string; dropped: number } {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  let dropped = 0;
  for (const img of Array.from(doc.querySelectorAll('img'))) {
    if (!ARTICLE_IMAGE_SRC.test(img.getAttribute('src') ?? '')) {
      img.remove();
      dropped += 1;
    }
  }
  return { html: dropped ? doc.body.innerHTML : html, dropped };
}

function ToolButton({
  label,
  icon,
  active,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

const BLOCKS = [
  { value: 'p', label: '正文' },
  { value: 'h2', label: '标题 2' },
  { value: 'h3', label: '标题 3' },
  { value: 'h4', label: '标题 4' },
] as const;
type Block = (typeof BLOCKS)[number]['value'];

function Toolbar({ editor, onImage, uploading }: { editor: Editor; onImage: (file: File) => void; uploading: boolean }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      block: ([2, 3, 4] as const).map((level) => (e.isActive('heading', { level }) ? (`h${level}` as Block) : null)).find(Boolean) ?? 'p',
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      table: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const chain = () => editor.chain().focus();
  const setBlock = (block: Block) =>
    block === 'p'
      ? chain().setParagraph().run()
      : chain()
          .toggleHeading({ level: Number(block.slice(1)) as 2 | 3 | 4 })
          .run();
  const saveLink = () => {
    const safe = safeHref(href);
    if (href.trim() && !safe) return;
    if (safe) chain().extendMarkRange('link').setLink({ href: safe }).run();
    else chain().extendMarkRange('link').unsetLink().run();
    setLinkOpen(false);
  };
  return (
    <div className="rich-editor__toolbar" role="toolbar" aria-label="正文格式">
      <Select<Block>
        size="small"
        value={state.block}
        options={[...BLOCKS]}
        onChange={setBlock}
        aria-label="段落格式"
        className="rich-editor__block"
      />
      <ToolButton label="加粗" icon={<BoldOutlined aria-hidden />} active={state.bold} onClick={() => chain().toggleBold().run()} />
      <ToolButton label="斜体" icon={<ItalicOutlined aria-hidden />} active={state.italic} onClick={() => chain().toggleItalic().run()} />
      <ToolButton
        label="下划线"
        icon={<UnderlineOutlined aria-hidden />}
        active={state.underline}
        onClick={() => chain().toggleUnderline().run()}
      />
      <ToolButton
        label="删除线"
        icon={<StrikethroughOutlined aria-hidden />}
        active={state.strike}
        onClick={() => chain().toggleStrike().run()}
      />
      <ToolButton
        label="无序列表"
        icon={<UnorderedListOutlined aria-hidden />}
        active={state.bulletList}
        onClick={() => chain().toggleBulletList().run()}
      />
      <ToolButton
        label="有序列表"
        icon={<OrderedListOutlined aria-hidden />}
        active={state.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <ToolButton
        label="链接"
        icon={<LinkOutlined aria-hidden />}
        active={state.link}
        onClick={() => {
          setHref((editor.getAttributes('link').href as string | undefined) ?? '');
          setLinkOpen(true);
        }}
      />
      <Upload
        accept={IMAGE_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          onImage(file);
          return false;
        }}
      >
        <Tooltip title="插入图片（PNG、JPEG 或 WebP，上传到本站）">
          <Button type="text" size="small" icon={<PictureOutlined aria-hidden />} loading={uploading} aria-label="插入图片" />
        </Tooltip>
      </Upload>
      <ToolButton
        label="插入表格"
        icon={<TableOutlined aria-hidden />}
        onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
      />
      {state.table ? (
        <span className="rich-editor__group" aria-label="表格">
          <ToolButton label="在下方加一行" icon={<InsertRowBelowOutlined aria-hidden />} onClick={() => chain().addRowAfter().run()} />
          <ToolButton label="在右侧加一列" icon={<InsertRowRightOutlined aria-hidden />} onClick={() => chain().addColumnAfter().run()} />
          <ToolButton label="删除所在行" icon={<DeleteRowOutlined aria-hidden />} onClick={() => chain().deleteRow().run()} />
          <ToolButton label="删除所在列" icon={<DeleteColumnOutlined aria-hidden />} onClick={() => chain().deleteColumn().run()} />
          <ToolButton label="删除表格" icon={<DeleteOutlined aria-hidden />} onClick={() => chain().deleteTable().run()} />
        </span>
      ) : null}
      <ToolButton label="撤销" icon={<UndoOutlined aria-hidden />} disabled={!state.canUndo} onClick={() => chain().undo().run()} />
      <ToolButton label="重做" icon={<RedoOutlined aria-hidden />} disabled={!state.canRedo} onClick={() => chain().redo().run()} />
      <Modal
        title="链接"
        open={linkOpen}
        okText="确定"
        cancelText="取消"
        onOk={saveLink}
        onCancel={() => setLinkOpen(false)}
        destroyOnHidden
      >
        <Input
          value={href}
          onChange={(event) => setHref(event.target.value)}
          onPressEnter={saveLink}
          placeholder="https://… 或本站路径 /…（留空即取消链接）"
          aria-label="链接地址"
          status={href.trim() && !safeHref(href) ? 'error' : undefined}
        />
        {href.trim() && !safeHref(href) ? (
          <p className="rich-editor__hint">链接应以 http:// 或 https:// 开头，或为本站路径（以 / 开头）</p>
        ) : null}
      </Modal>
    </div>
  );
}

/**
 * The articles desk's rich-text editor (tiptap): paragraphs, headings 2–4, emphasis, lists, links,
 * tables and images uploaded to this site — the shared allow-list and nothing more. An image pasted
 * from another site is dropped with a hint to upload it; an image file pasted or dropped is uploaded.
 * A form field: `value` is the initial HTML, `onChange` gets the HTML after each change.
 */
export function RichTextEditor({
  value,
  onChange,
  id,
  readOnly = false,
}: {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  /** Shown, not edited (and no toolbar): a desk its reader may not write to. */
  readOnly?: boolean;
}) {
  const [uploading, setUploading] = useState(0);
  const editorRef = useRef<Editor | null>(null);

  const insertImage = async (file: File) => {
    if (!IMAGE_TYPES.includes(file.type)) {
      toast.error('请上传 PNG、JPEG 或 WebP 图片');
      return;
    }
    if (file.size > ARTICLE_IMAGE_MAX_BYTES) {
      toast.error(`图片不能超过 ${ARTICLE_IMAGE_MAX_BYTES / 1024 / 1024} MB`);
      return;
    }
    setUploading((n) => n + 1);
    try {
      const { url } = await uploadArticleImage(file);
      // The image, then a paragraph to go on writing in (not the image selected, which typing would replace).
      editorRef.current
        ?.chain()
        .focus()
        .insertContent([{ type: 'image', attrs: { src: url, alt: file.name.replace(/\.[^.]+$/, '') } }, { type: 'paragraph' }])
        .run();
    } catch (error) {
      toast.error(errorMessage(error, '图片上传失败，请稍后再试'));
    } finally {
      setUploading((n) => n - 1);
    }
  };
  const imageFiles = (files: FileList | null | undefined) => Array.from(files ?? []).filter((file) => file.type.startsWith('image/'));

  const editor = useEditor({
    // Rendered in the browser only: the server sends the desk without the editor's document.
    immediatelyRender: false,
    editable: !readOnly,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https'], isAllowedUri: (url) => safeHref(url) !== null },
      }),
      Image.configure({ inline: false }),
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: value ?? '',
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
    editorProps: {
      attributes: { class: 'rich-text rich-editor__content', 'aria-label': '正文', 'aria-multiline': 'true', ...(id ? { id } : {}) },
      transformPastedHTML: (html) => {
        const clean = withoutForeignImages(html);
        if (clean.dropped) toast.warning(`已移除 ${clean.dropped} 张从其他网站粘贴的图片。${FOREIGN_IMAGE_HINT}`, 6);
        return clean.html;
      },
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (files.length === 0 || event.clipboardData?.getData('text/html')) return false;
        for (const file of files) void insertImage(file);
        return true;
      },
      handleDrop: (_view, event) => {
        const files = imageFiles(event.dataTransfer?.files);
        if (files.length === 0) return false;
        event.preventDefault();
        for (const file of files) void insertImage(file);
        return true;
      },
    },
  });
  editorRef.current = editor;

  return (
    <div className="rich-editor">
      {editor && !readOnly ? <Toolbar editor={editor} onImage={(file) => void insertImage(file)} uploading={uploading > 0} /> : null}
      <EditorContent editor={editor} className="rich-editor__body" />
    </div>
  );
}
