import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { ToggleButton, Toolbar } from "react-aria-components";
import { useEditorT } from "../use-editor-t";

/**
 * A section's rich text (decision 074): tiptap with a small toolbar (bold, italic, subheading, lists). Its HTML
 * is only a proposal: the server sanitises it with the content pages' policy before storing it.
 */
export function RichText({ id, label, value, onChange, lang }: { id: string; label: string; value: string; onChange: (html: string) => void; lang?: string }) {
  const t = useEditorT();
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [3] }, codeBlock: false, horizontalRule: false, link: { openOnClick: false } })],
    content: value,
    immediatelyRender: false,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: { id, role: "textbox", "aria-multiline": "true", "aria-labelledby": `${id}-label`, class: "rich-text__area prose", ...(lang ? { lang } : {}) },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });
  const tools = [
    { key: "bold", label: t("siteEdit.rt.bold"), icon: "B", active: () => editor?.isActive("bold"), run: () => editor?.chain().focus().toggleBold().run() },
    { key: "italic", label: t("siteEdit.rt.italic"), icon: "I", active: () => editor?.isActive("italic"), run: () => editor?.chain().focus().toggleItalic().run() },
    { key: "heading", label: t("siteEdit.rt.heading"), icon: "H", active: () => editor?.isActive("heading", { level: 3 }), run: () => editor?.chain().focus().toggleHeading({ level: 3 }).run() },
    { key: "bullet", label: t("siteEdit.rt.bullet"), icon: "•", active: () => editor?.isActive("bulletList"), run: () => editor?.chain().focus().toggleBulletList().run() },
    { key: "ordered", label: t("siteEdit.rt.ordered"), icon: "1.", active: () => editor?.isActive("orderedList"), run: () => editor?.chain().focus().toggleOrderedList().run() },
  ];
  return (
    <div className="rich-text">
      <span id={`${id}-label`} className="rich-text__label">
        {label}
      </span>
      <Toolbar aria-label={t("siteEdit.rt.toolbar")} className="rich-text__toolbar">
        {tools.map((tool) => (
          <ToggleButton key={tool.key} className="rich-text__tool" isSelected={Boolean(tool.active())} onChange={() => tool.run()} aria-label={tool.label}>
            <span aria-hidden="true">{tool.icon}</span>
          </ToggleButton>
        ))}
      </Toolbar>
      <EditorContent editor={editor} />
    </div>
  );
}
