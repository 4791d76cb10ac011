import type { MetadataView } from "../types";

/** Metadata as a definition list, each value rendered by its type. */
export function MetadataList({ items, className = "metadata", lang, internalLabel }: { items: MetadataView[]; className?: string; lang?: string; internalLabel?: string }) {
  return (
    <dl className={className} lang={lang}>
      {items.map((m, i) => (
        <div key={`${m.code}-${i}`} data-code={m.code} className={m.internal ? "metadata__internal" : undefined}>
          <dt>
            {m.label}
            {m.internal && internalLabel && <span className="metadata__badge"> ({internalLabel})</span>}
          </dt>
          <dd>
            <MetadataValue item={m} />
          </dd>
        </div>
      ))}
    </dl>
  );
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
            <span key={i} className="metadata__line">
              {line}
            </span>
          ))}
        </>
      );
  }
}
