import type { Locale } from "~/lib/locale";
import { ContentCard } from "~/components/ContentCard";
import { useI18n } from "~/i18n/context";

/** What a memory page's card shows (memories.server.ts's MemoryCard, as the loaders send it). */
type Card = {
  slug: string;
  locale: Locale;
  title: string;
  description: string;
  image: { src: string; alt: string } | null;
  published: boolean;
  href: string;
};

/** Memory pages as "interviews" cards: a section's pages, a collection's (decision 115). */
export function MemoryCards({ cards }: { cards: Card[] }) {
  const { t, locale } = useI18n();
  return (
    <ul className="memories__cards">
      {cards.map((p) => (
        <li key={p.slug}>
          <ContentCard
            variant="interviews"
            title={p.title}
            href={p.href}
            image={p.image}
            excerpt={p.description}
            lang={p.locale !== locale ? p.locale : undefined}
            draft={p.published ? undefined : t("memories.draft")}
            headingLevel={2}
          />
        </li>
      ))}
    </ul>
  );
}
