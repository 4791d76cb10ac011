import { useRevalidator } from "react-router";
import { useI18n } from "~/i18n/context";
import type { CardActionTarget } from "~/ui/card-actions";
import { post } from "./pin-requests";
import { SaveDrawer } from "~/components/SaveDrawer";

/** What saveDoc answers for a new collection (the fields the callers use). */
export type CreatedCollection = { id: string; name: string; count: number };

/** At most this many of the records going in are shown as thumbnails. */
const PREVIEW = 6;

/**
 * The new-collection drawer (spec §4: the pin toggle without a current collection; spec §2 "Collection
 * dropdown" 'New...': the bulk add), on the one save drawer: a title, Cancel and Save; saveDoc creates the
 * collection with the records given (their images shown) and makes it the current one. Over the item
 * limit nothing is created.
 */
export default function NewCollectionDrawer({
  items,
  onClose,
  onCreated,
}: {
  items: CardActionTarget[];
  onClose: () => void;
  onCreated: (created: CreatedCollection) => void;
}) {
  const { t, locale } = useI18n();
  const revalidator = useRevalidator();
  const pictured = items.filter((i) => i.image);
  const heading =
    items.length === 1
      ? t("workspace.collections.newWith", { title: items[0]!.title })
      : items.length > 1
        ? t("bulk.newHeading", { count: items.length })
        : t("workspace.collections.new");
  return (
    <SaveDrawer
      open
      onClose={onClose}
      heading={heading}
      titleLabel={t("workspace.collections.titleField")}
      before={
        items.length ? (
          <ul className="save-drawer__items">
            {pictured.slice(0, PREVIEW).map((item) => (
              <li key={`${item.table}/${item.id}`}>
                <img src={item.image!} alt="" width={64} height={48} />
              </li>
            ))}
            {items.length === 1 ? <li>{items[0]!.title}</li> : pictured.length > PREVIEW ? <li>+{pictured.length - PREVIEW}</li> : null}
          </ul>
        ) : null
      }
      onSave={async ({ title }) => {
        const r = await post<CreatedCollection>("/api/auth/docs/saveDoc", {
          collection: "collections",
          locale,
          data: { title, items: items.map(({ table, id }) => ({ table, id })) },
        });
        if (!r.ok || !r.data) return r.message ?? t("workspace.error.generic");
        onCreated(r.data);
        onClose();
        void revalidator.revalidate();
      }}
    />
  );
}
