import type { MetadataView } from "~/lib/record-types";

/**
 * Metadata as a definition list, each value rendered by its type. `lang`: the values' language when it is
 * not the page's (`pageLang`); a label not in the page's language carries its own (decision 084).
 */
export function MetadataList({
  items,
  className = "metadata",
  lang,
  pageLang,
  internalLabel,
}: {
  items: MetadataView[];
  className?: string;
  lang?: string;
  pageLang: string;
  internalLabel?: string;
}) {
  return (
    <dl className={className}>
      {items.map((m, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a field may repeat: its code and place identify it in a list that never reorders
        <div key={`${m.code}-${i}`} data-code={m.code} className={m.internal ? "metadata__internal" : undefined}>
          <dt>
            <span lang={labelLang(m, pageLang)}>{m.label}</span>
            {m.internal && internalLabel && <span className="metadata__badge"> ({internalLabel})</span>}
          </dt>
          <dd lang={valueLang(m, lang)}>
            <MetadataValue item={m} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The `lang` of a field's label: its own language when it is not the page's. */
export function labelLang(item: MetadataView, pageLang: string): string | undefined {
  return item.labelLang && item.labelLang !== pageLang ? item.labelLang : undefined;
}

/** The `lang` of a field's value: dates and amounts are written in the page's language whatever the entry's. */
export function valueLang(item: MetadataView, lang: string | undefined): string | undefined {
  return item.type === "date" || item.type === "quantityValue" ? undefined : lang;
}

export function MetadataValue({ item }: { item: MetadataView }) {
  switch (item.type) {
    case "date":
      return <time dateTime={item.value}>{item.display}</time>;
    case "quantityValue":
      return <data value={String(item.value.amount)}>{item.display}</data>;
    case "link":
      return (
        <a href={item.value.url} target="_blank" rel="noopener noreferrer">
          {item.value.text || item.value.url}
        </a>
      );
    default:
      return (
        <>
          {item.value.split("\n").map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one value: their place is their identity
            <span key={i} className="metadata__line">
              {line}
            </span>
          ))}
        </>
      );
  }
}
