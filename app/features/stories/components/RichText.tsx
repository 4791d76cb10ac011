import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useI18n } from "~/i18n/context";

/**
 * A rich-text block (tiptap's starter kit; loaded by the story editor's route only). Headings are blocks of
 * their own, so the kit's heading is off. What it writes is HTML the server sanitises before storing it
 * (sanitize.server.ts): paragraphs, emphasis, lists, quotes, code and links.
 */
export function RichText({ html, labelId, onChange }: { html: string; labelId: string; onChange: (html: string) => void }) {
  const { t } = useI18n();
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: false, link: { openOnClick: false, autolink: true, protocols: ["http", "https", "mailto"] } })],
    content: html,
    immediatelyRender: false,
    editorProps: { attributes: { role: "textbox", "aria-multiline": "true", "aria-labelledby": labelId, class: "story-rich__editable" } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e ? { bold: e.isActive("bold"), italic: e.isActive("italic"), bulletList: e.isActive("bulletList"), orderedList: e.isActive("orderedList") } : null,
  });
  const tools = [
    { key: "bold", label: t("stories.toolbar.bold"), glyph: "B", run: () => editor?.chain().focus().toggleBold().run() },
    { key: "italic", label: t("stories.toolbar.italic"), glyph: "I", run: () => editor?.chain().focus().toggleItalic().run() },
    { key: "bulletList", label: t("stories.toolbar.bulletList"), glyph: "•", run: () => editor?.chain().focus().toggleBulletList().run() },
    { key: "orderedList", label: t("stories.toolbar.orderedList"), glyph: "1.", run: () => editor?.chain().focus().toggleOrderedList().run() },
  ] as const;
  return (
    <div className="story-rich">
      <div className="story-rich__toolbar" role="toolbar" aria-label={t("stories.toolbar.label")}>
        {tools.map((tool) => (
          <button
            key={tool.key}
            type="button"
            className="button button--ghost button--small"
            aria-pressed={active ? active[tool.key] : false}
            disabled={!editor}
            // The editor keeps the focus (and its selection and pending marks) when a tool is pressed with the
            // pointer: focus moving to the button and back dispatched a selection that dropped the bold just set.
            onMouseDown={(e) => e.preventDefault()}
            onClick={tool.run}
            title={tool.label}
          >
            <span aria-hidden="true" style={tool.key === "bold" ? { fontWeight: 700 } : tool.key === "italic" ? { fontStyle: "italic" } : undefined}>
              {tool.glyph}
            </span>
            <span className="visually-hidden">{tool.label}</span>
          </button>
        ))}
      </div>
      <EditorContent editor={editor} className="story-rich__content" />
    </div>
  );
}
