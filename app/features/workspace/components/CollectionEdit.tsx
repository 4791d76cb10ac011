import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { useI18n } from "~/i18n/context";
import { localizePath } from "~/lib/locale";
import { post } from "./pin-requests";
import { SaveDrawer } from "~/components/SaveDrawer";

/**
 * A collection's save drawer (spec §2 "Save/edit drawer", §4) on its page, for its owner: the title (with
 * the version read, so a rename made elsewhere meanwhile is refused, not overwritten), Delete with
 * 'Confermi la cancellazione?', Cancel, Save. The page's one way to rename and delete (issue 31 §10): its
 * "Modifica" is a link to `href`, the page's own form of the same fields, followed when JavaScript does not
 * run (or the link is opened in a new tab); otherwise it opens the drawer.
 */
export function CollectionEdit({ collection, href }: { collection: { id: string; title: string; version: number }; href: string }) {
  const { t, locale } = useI18n();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState("");
  return (
    <>
      <a
        href={href}
        className="button"
        aria-haspopup="dialog"
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          setOpen(true);
        }}
      >
        {t("workspace.collection.edit")}
      </a>
      <span role="status" className="visually-hidden">
        {status}
      </span>
      <SaveDrawer
        open={open}
        onClose={() => setOpen(false)}
        heading={t("workspace.collection.editNamed", { title: collection.title })}
        defaultTitle={collection.title}
        titleLabel={t("workspace.collections.titleField")}
        onSave={async ({ title }) => {
          const r = await post("/api/auth/docs/saveDoc", {
            collection: "collections",
            locale,
            name: collection.id,
            data: { title, version: collection.version },
          });
          if (!r.ok) return r.message ?? t("workspace.error.generic");
          setStatus(t("workspace.collection.saved"));
          setOpen(false);
          void revalidator.revalidate();
        }}
        deleteLabel={t("workspace.collection.delete")}
        onDelete={async () => {
          const r = await post("/api/auth/docs/removeDoc", { collection: "collections", locale, name: collection.id });
          if (!r.ok) return r.message ?? t("workspace.error.generic");
          setOpen(false);
          navigate(localizePath("/collections", locale), { replace: true });
        }}
      />
    </>
  );
}
