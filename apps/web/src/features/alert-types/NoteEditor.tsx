import { useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Flex, Input, Modal, Tooltip, theme } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { normalizeLink } from './alertTypes';

/**
 * The rich-text note of an alert type (Tiptap, fetched with this screen only): bold, italic, two
 * heading sizes, lists, links, undo and redo. It reports its HTML on every change; the server
 * sanitizes what is saved and the preview cleans it again.
 */
export interface NoteEditorProps {
  /** The note the editor starts from (remount it, by `key`, to start from another). */
  initial: string;
  onChange: (html: string) => void;
  disabled?: boolean;
}

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        disabled={disabled}
        // A click leaves the focus (and the selection, and a mark just turned on or off) in the
        // text: keys typed at once go on in the note, never to the button. Keyboard users still
        // reach the buttons with Tab; each command puts the focus back in the text.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
        icon={typeof children === 'string' ? undefined : children}
      >
        {typeof children === 'string' ? children : undefined}
      </Button>
    </Tooltip>
  );
}

function Toolbar({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const chain = () => editor.chain().focus();

  const openLink = () => {
    setHref((editor.getAttributes('link').href as string | undefined) ?? '');
    setLinkOpen(true);
  };
  const applyLink = () => {
    const url = normalizeLink(href);
    if (url === null) chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: url }).run();
    setLinkOpen(false);
  };

  return (
    <Flex role="toolbar" aria-label="Note formatting" wrap gap={4} align="center">
      <ToolButton label="Bold" active={state.bold} disabled={disabled} onClick={() => chain().toggleBold().run()}>
        <BoldOutlined />
      </ToolButton>
      <ToolButton label="Italic" active={state.italic} disabled={disabled} onClick={() => chain().toggleItalic().run()}>
        <ItalicOutlined />
      </ToolButton>
      <Divider type="vertical" />
      <ToolButton
        label="Heading"
        active={state.h2}
        disabled={disabled}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        H2
      </ToolButton>
      <ToolButton
        label="Subheading"
        active={state.h3}
        disabled={disabled}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        H3
      </ToolButton>
      <Divider type="vertical" />
      <ToolButton
        label="Bulleted list"
        active={state.bullet}
        disabled={disabled}
        onClick={() => chain().toggleBulletList().run()}
      >
        <UnorderedListOutlined />
      </ToolButton>
      <ToolButton
        label="Numbered list"
        active={state.ordered}
        disabled={disabled}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <OrderedListOutlined />
      </ToolButton>
      <ToolButton label="Link" active={state.link} disabled={disabled} onClick={openLink}>
        <LinkOutlined />
      </ToolButton>
      <Divider type="vertical" />
      <ToolButton label="Undo" disabled={disabled || !state.canUndo} onClick={() => chain().undo().run()}>
        <UndoOutlined />
      </ToolButton>
      <ToolButton label="Redo" disabled={disabled || !state.canRedo} onClick={() => chain().redo().run()}>
        <RedoOutlined />
      </ToolButton>
      <Modal
        title="Link"
        open={linkOpen}
        okText="Apply"
        onOk={applyLink}
        onCancel={() => setLinkOpen(false)}
        destroyOnHidden
      >
        <Input
          aria-label="Link address"
          placeholder="https://example.com (empty removes the link)"
          value={href}
          autoFocus
          onChange={(e) => setHref(e.target.value)}
          onPressEnter={applyLink}
        />
      </Modal>
    </Flex>
  );
}

export function NoteEditor({ initial, onChange, disabled }: NoteEditorProps) {
  const { token } = theme.useToken();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: initial,
    editable: !disabled,
    editorProps: {
      attributes: { 'aria-label': 'Note', 'aria-multiline': 'true', role: 'textbox', class: 'drat-rich-text' },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });

  return (
    <Flex
      vertical
      gap={8}
      className="drat-note-box"
      style={{
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        padding: 8,
        background: token.colorBgContainer,
      }}
    >
      <Toolbar editor={editor} disabled={disabled} />
      <Divider style={{ margin: 0 }} />
      <EditorContent
        editor={editor}
        className="drat-note-editor"
        style={{ padding: '0 4px', overflowWrap: 'anywhere' }}
      />
      <style>{`.drat-note-editor .ProseMirror{min-height:170px;outline:none}
.drat-note-box:focus-within{border-color:${token.colorPrimary}!important;box-shadow:0 0 0 2px ${token.colorPrimaryBg}}`}</style>
    </Flex>
  );
}
