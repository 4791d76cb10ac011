import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isUiLocale } from "~/lib/locale";
import { loadMessages } from "~/i18n/load";

// React Router's default browser entry, run once the page's UI messages are here (docs/decisions/025): the
// server wrote the page in its language, and hydration must render the same text. Should they not arrive,
// the server's page stays as it is, usable as it is without JavaScript.
const lang = document.documentElement.lang;
// A request given up on purpose (a navigation overtaken by the next one, a suggestion no longer wanted) is
// not an error: React Router can leave the rejection of an interrupted load unhandled, and the browser would
// report it as one.
window.addEventListener("unhandledrejection", (e) => {
  if ((e.reason as { name?: unknown } | null)?.name === "AbortError") e.preventDefault();
});
void loadMessages(isUiLocale(lang) ? lang : "it").then((loaded) => {
  if (!loaded) return;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
