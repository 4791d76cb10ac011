import { Node, mergeAttributes } from "@tiptap/core";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect } from "react";
import "./rich-text.css";

/** The toolbar's accessible names (the caller's messages: the story editor's, the site editors'). */
export type RichTextLabels = {
  toolbar: string;
  bold: string;
  italic: string;
  heading?: string;
  bulletList: string;
  orderedList: string;
  image?: string;
};

type Mark = "bold" | "italic" | "heading" | "bulletList" | "orderedList";

/**
 * The one rich-text editor (tiptap's starter kit) — used by the story editor's text blocks, the home page's
 * sections and the content pages edited in place. Load it only from editor code (tiptap stays off the
 * visitors' pages). What it writes is HTML the server sanitises before storing it (each feature's policy).
 *
 * How to use it:
 *   <span id={labelId}>Text</span>
 *   <RichText labelId={labelId} html={value} onChange={setValue} labels={{ toolbar, bold, italic, bulletList, orderedList }} />
 * `headingLevel` adds a subheading tool of that level; `onImage` adds an image tool: it is called with an
 * `insert({src, alt})` to call once the image is chosen (the caller opens its picker). `lang` marks the
 * text's language when it is not the page's (an Italian fallback).
 *
 * The toolbar's buttons keep the focus in the editor when pressed with the pointer: focus moving to the button
 * and back dispatched a selection that dropped a pending mark (the bold just set).
 */
export function RichText({
  html,
  labelId,
  onChange,
  labels,
  id,
  lang,
  headingLevel,
  onImage,
  className = "",
}: {
  html: string;
  labelId: string;
  onChange: (html: string) => void;
  labels: RichTextLabels;
  id?: string;
  lang?: string;
  headingLevel?: 2 | 3;
  onImage?: (insert: (img: { src: string; alt: string }) => void) => void;
  className?: string;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: headingLevel ? { levels: [headingLevel] } : false,
        // No `protocols`: http, https and mailto are linkify's own schemes. Registering them again from each
        // editor's onCreate warned "linkifyjs: already initialized" once a second editor (a story's next text
        // block) mounted after the first had linkified (issue 31).
        link: { openOnClick: false, autolink: true },
      }),
      ...(onImage ? [InlineImage] : []),
    ],
    content: html,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        ...(lang ? { lang } : {}),
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        class: "rich-text__area prose",
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });
  // A new text from outside (a reset, "use theirs" after a conflict) replaces the editor's.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? "" : editor.getHTML();
    if (current !== html) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive("bold"),
            italic: e.isActive("italic"),
            heading: headingLevel ? e.isActive("heading", { level: headingLevel }) : false,
            bulletList: e.isActive("bulletList"),
            orderedList: e.isActive("orderedList"),
          }
        : null,
  });
  const tools: { key: Mark; label: string; glyph: string; run: () => void }[] = [
    { key: "bold", label: labels.bold, glyph: "B", run: () => editor?.chain().focus().toggleBold().run() },
    { key: "italic", label: labels.italic, glyph: "I", run: () => editor?.chain().focus().toggleItalic().run() },
    ...(headingLevel && labels.heading
      ? [
          {
            key: "heading" as const,
            label: labels.heading,
            glyph: "H",
            run: () => editor?.chain().focus().toggleHeading({ level: headingLevel }).run(),
          },
        ]
      : []),
    { key: "bulletList", label: labels.bulletList, glyph: "•", run: () => editor?.chain().focus().toggleBulletList().run() },
    { key: "orderedList", label: labels.orderedList, glyph: "1.", run: () => editor?.chain().focus().toggleOrderedList().run() },
  ];
  return (
    <div className={`rich-text ${className}`.trim()}>
      <div className="rich-text__toolbar" role="toolbar" aria-label={labels.toolbar}>
        {tools.map((tool) => (
          <button
            key={tool.key}
            type="button"
            className="button button--ghost button--small rich-text__tool"
            aria-pressed={active ? active[tool.key] : false}
            disabled={!editor}
            onMouseDown={(e) => e.preventDefault()}
            onClick={tool.run}
            title={tool.label}
          >
            <span aria-hidden="true" className={`rich-text__glyph rich-text__glyph--${tool.key}`}>
              {tool.glyph}
            </span>
            <span className="visually-hidden">{tool.label}</span>
          </button>
        ))}
        {onImage && labels.image ? (
          <button
            type="button"
            className="button button--ghost button--small rich-text__tool"
            disabled={!editor}
            onClick={() =>
              onImage((img) => {
                editor
                  ?.chain()
                  .focus()
                  .insertContent({ type: "image", attrs: { src: img.src, alt: img.alt } })
                  .run();
              })
            }
          >
            {labels.image}
          </button>
        ) : null}
      </div>
      <EditorContent editor={editor} className="rich-text__content" />
    </div>
  );
}

/** An image node (block): src and alt only, what the content pages' sanitiser keeps. */
const InlineImage = Node.create({
  name: "image",
  group: "block",
  atom: true,
  draggable: false,
  addAttributes() {
    return { src: { default: null }, alt: { default: "" } };
  },
  parseHTML() {
    return [{ tag: "img[src]" }];
  },
  renderHTML({ HTMLAttributes }) {
    return ["img", mergeAttributes(HTMLAttributes)];
  },
});
