/**
 * A search form's submit button: its label on wide screens; on a phone a magnifier, the label kept for screen
 * readers (app.css, `.search-submit`), so the field beside it has room for its placeholder at 320 px.
 */
export function SearchSubmit({ label }: { label: string }) {
  return (
    <button type="submit" className="button button--primary search-submit">
      <svg className="search-submit__icon" aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
        <circle cx="8.5" cy="8.5" r="5.5" stroke="currentColor" strokeWidth="2" fill="none" />
        <path d="M12.6 12.6 17 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="search-submit__label">{label}</span>
    </button>
  );
}
