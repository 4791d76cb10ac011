import { Link } from "react-router";

/**
 * Previous / "page N of M" / next, as links (a list's pages live in the address, so each page works without
 * JavaScript, is bookmarkable and is announced as a navigation). Nothing when there is one page. The words
 * come from the caller (app/ui holds no messages): `status` is already "Pagina 2 di 5" in the page's language.
 */
export function Pagination({
  page,
  pages,
  href,
  label,
  prev,
  next,
  status,
}: {
  page: number;
  pages: number;
  /** The address of page `n` (the list's other filters kept). */
  href: (n: number) => string;
  /** The navigation landmark's name. */
  label: string;
  prev: string;
  next: string;
  status: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      {page > 1 ? (
        <Link className="button" to={href(page - 1)} rel="prev">
          {prev}
        </Link>
      ) : (
        <span />
      )}
      <span>{status}</span>
      {page < pages ? (
        <Link className="button" to={href(page + 1)} rel="next">
          {next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
