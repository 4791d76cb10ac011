import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { Pagination } from "~/ui/Pagination";
import { listQuery } from "../register-list";

/**
 * The scaffolding of the registers' list pages (/registro, /requests, /annotazioni, /account/downloads,
 * /account/requests): the page with its title, lead and notices, the filter form, the table or its empty state,
 * the pages, and the action forms that carry the list's address back. Each page states only its own fields,
 * columns, rows and actions. `block` is the page's style block: `register` (register.css, shared by the
 * registers of collections and requests and the account's lists) or `annotations` (annotations.css).
 */

type Block = "register" | "annotations";

/** The list's address (its filters and page, `back` for the action forms) and the links that keep it. */
export function useListLinks(params: Record<string, string>) {
  const { pathname } = useLocation();
  const back = listQuery(params);
  const href = (extra: Record<string, string> = {}, hash = "") => {
    const p = new URLSearchParams(back);
    for (const [k, v] of Object.entries(extra)) p.set(k, v);
    return `${pathname}?${p.toString()}${hash}`;
  };
  return { back, href, page: (n: number) => href({ page: String(n) }) };
}

/**
 * The page: its title and lead, then (when `notice` is given, even null) the live region of the notice an action
 * sent back and of the action's `error`; an `alert` is said apart, at once.
 */
export function RegisterPage({
  block,
  className,
  title,
  lead,
  notice,
  error,
  alert,
  children,
}: {
  block: Block;
  className?: string;
  title: MessageKey;
  lead: MessageKey;
  notice?: MessageKey | null;
  error?: MessageKey | null;
  alert?: MessageKey | null;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div className={["page", block, className].filter(Boolean).join(" ")}>
      <h1>{t(title)}</h1>
      <p className={`${block}__lead`}>{t(lead)}</p>
      {notice !== undefined ? (
        <div role="status" aria-live="polite">
          {notice ? <p className="notice">{t(notice)}</p> : null}
          {error ? <p className="form-error">{t(error)}</p> : null}
        </div>
      ) : null}
      {alert ? (
        <p className="form-error" role="alert">
          {t(alert)}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/** The list's filters: a GET form (they are the address), its fields, Apply and, when `csv`, the CSV export link. */
export function Filters({
  block,
  label,
  apply,
  csv,
  children,
}: {
  block: Block;
  label: MessageKey;
  apply: MessageKey;
  csv?: string;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <Form method="get" className={`${block}__filters`} role="search" aria-label={t(label)}>
      {children}
      <button type="submit" className="button">
        {t(apply)}
      </button>
      {csv ? (
        <a className="button" href={csv} download>
          {t("register.csv")}
        </a>
      ) : null}
    </Form>
  );
}

/** A labelled field: its name above its control. */
export function Field({ block = "register", label, children }: { block?: Block; label: MessageKey; children: ReactNode }) {
  const { t } = useI18n();
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the caller's `children`, inside the label
    <label className={`${block}__field`}>
      <span>{t(label)}</span>
      {children}
    </label>
  );
}

/** A filter's text search. */
export function SearchField({ block, label, name, value }: { block?: Block; label: MessageKey; name: string; value: string }) {
  return (
    <Field block={block} label={label}>
      <input type="search" name={name} defaultValue={value} maxLength={200} />
    </Field>
  );
}

/** A filter's choice among `options`, each named by `optionLabel`. */
export function ChoiceField<T extends string>({
  block,
  label,
  name,
  value,
  options,
  optionLabel,
}: {
  block?: Block;
  label: MessageKey;
  name: string;
  value: T;
  options: readonly T[];
  optionLabel: (option: T) => string;
}) {
  return (
    <Field block={block} label={label}>
      <select name={name} defaultValue={value}>
        {options.map((o) => (
          <option key={o} value={o}>
            {optionLabel(o)}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The count of what the filters find, said when it changes. */
export function ListCount({ children }: { children: ReactNode }) {
  return (
    <p className="register__count" aria-live="polite">
      {children}
    </p>
  );
}

/** The list as a table (its caption for screen readers, a column a heading), or its `empty` state. */
export function ListTable<T>({
  rows,
  className,
  caption,
  columns,
  empty,
  children,
}: {
  rows: readonly T[];
  /** The table's own classes, after `results-table stack-table`. */
  className: string;
  caption: MessageKey;
  columns: readonly MessageKey[];
  empty: MessageKey;
  /** The row of an entry. */
  children: (row: T) => ReactNode;
}) {
  const { t } = useI18n();
  if (rows.length === 0) return <p className="empty-state">{t(empty)}</p>;
  return (
    <table className={`results-table stack-table ${className}`}>
      <caption className="visually-hidden">{t(caption)}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {t(c)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{rows.map((row) => children(row))}</tbody>
    </table>
  );
}

/** The list's pages, as links that keep its filters. */
export function ListPages({ block, page, pages, href }: { block: Block; page: number; pages: number; href: (n: number) => string }) {
  const { t } = useI18n();
  return (
    <Pagination
      page={page}
      pages={pages}
      href={href}
      label={t(`${block}.pages`)}
      prev={t(`${block}.prev`)}
      next={t(`${block}.next`)}
      status={t(`${block}.pageOf`, { page, pages })}
    />
  );
}

/** An action's form post: the form token, the list's address to come back to (`back`) and its own `fields`. */
export function PostForm({
  csrf,
  back,
  className,
  fields = {},
  children,
}: {
  csrf: string;
  back: string;
  className: string;
  fields?: Record<string, string | number>;
  children: ReactNode;
}) {
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="back" value={back} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

/** A small submit button naming its `intent`; with `title`, a screen reader hears what it acts on. */
export function IntentButton({ intent, label, title }: { intent: string; label: MessageKey; title?: string }) {
  const { t } = useI18n();
  return (
    <button type="submit" name="intent" value={intent} className="button button--small">
      {t(label)}
      {title !== undefined ? <span className="visually-hidden"> {t("register.ofTitle", { title })}</span> : null}
    </button>
  );
}
