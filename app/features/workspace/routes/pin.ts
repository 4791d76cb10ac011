import { redirect } from "react-router";
import type { Route } from "./+types/pin";
import { safeLocalPath } from "~/lib/safe-path";
import { localizePath, splitLocale } from "~/lib/locale";
import { serviceContext } from "~/.server/context";
import { togglePin } from "../workspace.server";
import { ItemRefSchema } from "../workspace";
import { methodNotAllowed } from "../http.server";

export const handle = { capability: "PRIVATE" };

/**
 * POST /workspace/pin (a form: table, id, back): the pin toggle without JavaScript (spec §4). The record goes
 * into the current collection or comes out of it, and the browser returns to `back`; with no collection yet,
 * to the new-collection form prefilled with the record. (With JavaScript the toggle calls saveUser.)
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = safeLocalPath(String(form.get("back") ?? "/"));
  const { locale, ui } = splitLocale(new URL(back, "http://x").pathname);
  const ref = ItemRefSchema.safeParse({ table: form.get("table"), id: form.get("id") });
  if (!ref.success) return new Response("Bad Request", { status: 400, headers: { "Content-Type": "text/plain" } });
  const result = await togglePin({ ...serviceContext(context, new URL(back, "http://x")), locale }, ref.data);
  if (result.status === "noCollection") {
    const q = new URLSearchParams({ new: "1", table: ref.data.table, id: ref.data.id, back });
    throw redirect(`${localizePath("/collections", ui)}?${q}`, 303);
  }
  throw redirect(back, 303);
}

export const loader = methodNotAllowed;
