import { botCheckClient } from "./bot-check.server";
import { oidcLabel } from "./oidc.server";
import type { LoginOptions } from "./bot-check";

/** The sign-in popup's options (root loader): the single sign-on label when OIDC is configured, the bot check. */
export function loginOptions(): LoginOptions {
  return { sso: oidcLabel(), botCheck: botCheckClient() };
}
