import { useEffect, useId, useRef, useState } from "react";
import { useI18n } from "~/i18n/context";

/**
 * The search field with title suggestions (ARIA combobox with a listbox):
 * arrows move through the suggestions, Enter picks one, Escape closes them.
 * Without JavaScript it is a plain search field.
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
  useEffect(() => setValue(defaultValue), [defaultValue]);
  useEffect(() => {
    if (typed.trim().length < 2) {
      setSuggestions([]);
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/public/suggest?locale=${locale}&q=${encodeURIComponent(typed)}`, { signal: ctrl.signal })
        .then((r) => (r.ok ? r.json() : { data: [] }))
        .then((body: { data: string[] }) => {
          setSuggestions(body.data);
          setActive(-1);
          setOpen(body.data.length > 0);
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
    setSuggestions([]);
    // Submit the search with the chosen title.
    queueMicrotask(() => input.current?.form?.requestSubmit());
  };
  const expanded = open && suggestions.length > 0;
  return (
    <div className="combobox">
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
          if (!expanded) return;
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setActive((a) => (a + 1) % suggestions.length);
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
          } else if (e.key === "Enter" && active >= 0) {
            e.preventDefault();
            pick(suggestions[active]!);
          } else if (e.key === "Escape") {
            e.preventDefault();
            setOpen(false);
          }
        }}
      />
      <ul id={listId} role="listbox" aria-label={t("search.suggestions")} className="combobox__list" hidden={!expanded}>
        {suggestions.map((s, i) => (
          <li
            key={s}
            id={`${listId}-${i}`}
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
