import type { MetadataView } from "../types";

/** Metadata as a definition list, each value rendered by its type. */
export function MetadataList({ items, className = "metadata", lang }: { items: MetadataView[]; className?: string; lang?: string }) {
  return (
    <dl className={className} lang={lang}>
      {items.map((m, i) => (
        <div key={`${m.code}-${i}`} data-code={m.code}>
          <dt>{m.label}</dt>
          <dd>
            <MetadataValue item={m} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function MetadataValue({ item }: { item: MetadataView }) {
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
