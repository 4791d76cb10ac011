import type { TecaLoadContext } from "~/.server/context";
import type { SettingsContext } from "./settings.server";

/** The settings' HTTP adapter: the service context its pages and JSON calls build from the request's. */
export const settingsContext = (context: TecaLoadContext): SettingsContext => ({
  database: context.database,
  viewer: context.viewer,
  address: context.auth?.address ?? "",
});
