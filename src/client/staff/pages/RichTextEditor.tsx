import { Trans, useLingui } from '@lingui/react/macro';
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useReducer, useRef, useState } from 'react';

interface Props {
  /** The field's name, read out with the editing area. */
  label: string;
  lang: string;
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
  describedBy?: string;
}

/** Only what the server keeps (its allow-list): the editor never offers what saving would drop. */
const SAFE_LINK = /^(https?:|mailto:|tel:)/i;

/**
 * A page text with bold, italic, headings, lists and links. Text pasted from Word or a web page
 * keeps only these: the editor's schema drops fonts, colours and everything else on paste, and
 * the server cleans the HTML again when it saves.
 */
export default function RichTextEditor({ label, lang, value, onChange, disabled, describedBy }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  // The toolbar's pressed states follow the editor's selection: redraw on every transaction.
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const latest = useRef({ onChange, value });
  latest.current = { onChange, value };
  // Plain @tiptap/core in a div of ours: @tiptap/react would share React's helpers with the
  // storefront's bundle and split its chunks (the first page's budget).
  useEffect(() => {
    if (!host.current) return;
    const instance = new Editor({
      element: host.current,
      extensions: [
        StarterKit.configure({
          heading: { levels: [2, 3] },
          code: false,
          codeBlock: false,
          strike: false,
          underline: false,
          horizontalRule: false,
          link: {
            openOnClick: false,
            autolink: true,
            defaultProtocol: 'https',
            protocols: ['mailto', 'tel'],
            isAllowedUri: (url) => SAFE_LINK.test(url),
            HTMLAttributes: { rel: 'noopener noreferrer', target: null },
          },
        }),
      ],
      content: latest.current.value,
      onUpdate: ({ editor: e }) => latest.current.onChange(e.isEmpty ? '' : e.getHTML()),
      onTransaction: () => redraw(),
    });
    setEditor(instance);
    return () => instance.destroy();
  }, []);
  useEffect(() => {
    editor?.setOptions({
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': label,
          lang,
          class: 'rich-text__content',
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        },
      },
    });
  }, [editor, label, lang, describedBy]);
  // A page loaded or switched from outside (another page opened) replaces the text.
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !(value === '' && editor.isEmpty)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);
  return (
    <div className="rich-text">
      {!disabled && editor ? <Toolbar editor={editor} label={label} /> : null}
      <div ref={host} />
    </div>
  );
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const { t } = useLingui();
  const linkId = useId();
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('');
  const [linkError, setLinkError] = useState(false);
  const state = {
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    h2: editor.isActive('heading', { level: 2 }),
    h3: editor.isActive('heading', { level: 3 }),
    bullet: editor.isActive('bulletList'),
    ordered: editor.isActive('orderedList'),
    link: editor.isActive('link'),
  };
  const chain = () => editor.chain().focus();
  const button = (pressed: boolean, text: string, run: () => void, mark: string) => (
    <button type="button" className="rich-text__tool" aria-pressed={pressed} onClick={run} title={text}>
      <span aria-hidden="true" className="rich-text__mark">
        {mark}
      </span>
      <span className="visually-hidden">{text}</span>
    </button>
  );
  const applyLink = () => {
    const url = href.trim();
    const full = /^[a-z]+:/i.test(url) ? url : url.includes('@') ? `mailto:${url}` : `https://${url}`;
    if (!url || !SAFE_LINK.test(full)) {
      setLinkError(true);
      return;
    }
    chain().extendMarkRange('link').setLink({ href: full }).run();
    setLinking(false);
    setHref('');
    setLinkError(false);
  };
  return (
    <div className="rich-text__toolbar" role="toolbar" aria-label={t`Formatting: ${label}`}>
      {button(state.bold, t`Bold`, () => chain().toggleBold().run(), 'B')}
      {button(state.italic, t`Italic`, () => chain().toggleItalic().run(), 'I')}
      {button(state.h2, t`Heading`, () => chain().toggleHeading({ level: 2 }).run(), 'H2')}
      {button(state.h3, t`Subheading`, () => chain().toggleHeading({ level: 3 }).run(), 'H3')}
      {button(state.bullet, t`Bulleted list`, () => chain().toggleBulletList().run(), '•')}
      {button(state.ordered, t`Numbered list`, () => chain().toggleOrderedList().run(), '1.')}
      <button
        type="button"
        className="rich-text__tool rich-text__tool--wide"
        aria-pressed={state.link}
        aria-expanded={linking}
        aria-controls={linkId}
        onClick={() => {
          setHref(String(editor.getAttributes('link').href ?? ''));
          setLinking(!linking);
        }}
      >
        <Trans>Link</Trans>
      </button>
      {linking ? (
        <div className="rich-text__link" id={linkId}>
          <label>
            <span>
              <Trans>Web address, e-mail or phone (tel:…)</Trans>
            </span>
            <input
              type="text"
              inputMode="url"
              value={href}
              autoFocus
              aria-invalid={linkError ? true : undefined}
              aria-describedby={linkError ? `${linkId}-error` : undefined}
              onChange={(e) => setHref(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  applyLink();
                }
                if (e.key === 'Escape') setLinking(false);
              }}
            />
          </label>
          <button type="button" className="staff-button staff-button--small" onClick={applyLink}>
            <Trans>Set link</Trans>
          </button>
          {state.link ? (
            <button
              type="button"
              className="staff-button staff-button--small staff-button--quiet"
              onClick={() => {
                chain().extendMarkRange('link').unsetLink().run();
                setLinking(false);
              }}
            >
              <Trans>Remove link</Trans>
            </button>
          ) : null}
          {linkError ? (
            <p className="staff-error" id={`${linkId}-error`}>
              <Trans>Please enter a web address (https://…), an e-mail address or a phone number (tel:…).</Trans>
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
