import { useEffect, useId, useRef, useState } from "react";
import { useI18n } from "~/i18n/context";
import { apiFetch } from "~/lib/api-fetch";

/**
 * The search field with title suggestions (ARIA combobox with a listbox):
 * arrows move through the suggestions, Enter picks one; Escape, a click
 * outside, leaving the field and submitting the form close them, and an
 * answer arriving after that does not reopen them. Without JavaScript it is
 * a plain search field.
 */
export function SearchCombobox({ id, defaultValue, placeholder }: { id: string; defaultValue: string; placeholder: string }) {
  const { t, locale } = useI18n();
  const listId = useId();
  const [value, setValue] = useState(defaultValue);
  const [typed, setTyped] = useState("");
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  // A new search (the URL's q) shows its words; on the first run, words typed before the scripts ran stay
  // (hydration leaves them in the field, and the state would write the URL's back over them).
  const hydrating = useRef(true);
  useEffect(() => {
    const typedBefore = hydrating.current ? input.current?.value : undefined;
    hydrating.current = false;
    setValue(typedBefore ?? defaultValue);
  }, [defaultValue]);
  // Submitting closes the list and drops the pending request (whose answer would reopen it).
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const close = () => {
      setOpen(false);
      setTyped("");
      setSuggestions([]);
    };
    form.addEventListener("submit", close);
    return () => form.removeEventListener("submit", close);
  }, []);
  // A click or tap anywhere outside the field and its list closes the list.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open]);
  useEffect(() => {
    if (typed.trim().length < 2) {
      setSuggestions([]);
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      apiFetch(`/api/public/suggest?locale=${locale}&q=${encodeURIComponent(typed)}`, { signal: ctrl.signal })
        .then((r) => (r.ok ? r.json() : { data: [] }))
        .then((body: { data: string[] }) => {
          setSuggestions(body.data);
          setActive(-1);
          // Only while the visitor is still in the field.
          setOpen(body.data.length > 0 && document.activeElement === input.current);
        })
        .catch(() => {});
    }, 200);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [typed, locale]);
  const pick = (s: string) => {
    setValue(s);
    setOpen(false);
    setTyped("");
    setSuggestions([]);
    // Submit the search with the chosen title.
    queueMicrotask(() => input.current?.form?.requestSubmit());
  };
  const expanded = open && suggestions.length > 0;
  return (
    <div className="combobox" ref={root}>
      <input
        ref={input}
        id={id}
        type="search"
        name="q"
        value={value}
        placeholder={placeholder}
        maxLength={200}
        autoComplete="off"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(e) => {
          setValue(e.currentTarget.value);
          setTyped(e.currentTarget.value);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === "Escape" && expanded) {
            // Closes the list only; the browser's own Escape (clearing the field) waits for a second press.
            e.preventDefault();
            setOpen(false);
            return;
          }
          if (!expanded) {
            // The arrow reopens a list closed with Escape.
            if (e.key === "ArrowDown" && suggestions.length) {
              e.preventDefault();
              setOpen(true);
            }
            return;
          }
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setActive((a) => (a + 1) % suggestions.length);
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
          } else if (e.key === "Enter" && active >= 0) {
            e.preventDefault();
            pick(suggestions[active]!);
          }
        }}
      />
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA 1.2 combobox pattern: a listbox of options */}
      <ul id={listId} role="listbox" aria-label={t("search.suggestions")} className="combobox__list" hidden={!expanded}>
        {suggestions.map((s, i) => (
          // biome-ignore lint/a11y/useFocusableInteractive: the ARIA 1.2 combobox pattern: the focus stays in the input (aria-activedescendant), options are not focused
          <li
            key={s}
            id={`${listId}-${i}`}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA 1.2 combobox pattern: a listbox of options
            role="option"
            aria-selected={i === active}
            className="combobox__option"
            // mousedown, not click: it must win over the input's blur
            onMouseDown={(e) => {
              e.preventDefault();
              pick(s);
            }}
          >
            {s}
          </li>
        ))}
      </ul>
    </div>
  );
}
