import { z } from "~/lib/zod";
import type { MessageKey } from "~/i18n";
import { ALERT_FREQUENCIES, canonicalQuery, TITLE_MAX, type FieldErrors } from "./saved-searches";

/**
 * The saved-search input schema and its messages (the service and the form posts): kept apart from
 * saved-searches.ts, which the browser loads, so zod stays out of the home and search pages' JavaScript.
 */

/** A checkbox or switch value from a form ("on", "1", "true") or JSON (a boolean). */
const flag = z.union([z.boolean(), z.string()]).transform((v) => v === true || v === "on" || v === "1" || v === "true");

/**
 * What the save form and saveDoc send. The title's message is the spec's (§5, 'Ricordati di inserire il
 * titolo'); `hero` is optional: left out, an update keeps the search's hero flag (the switch is shown to
 * MANAGE_USERS only).
 */
export const SavedSearchInputSchema = z.object({
  title: z
    .string({ error: "savedSearches.titleRequired" })
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters in a title become spaces on purpose
    .transform((s) => s.replace(/[\u0000-\u001f\u007f]/g, " ").trim())
    .pipe(z.string().min(1, "savedSearches.titleRequired").max(TITLE_MAX, "savedSearches.titleTooLong")),
  query: z
    .string()
    .max(4000, "savedSearches.queryInvalid")
    .default("")
    .transform((q, ctx) => {
      const c = canonicalQuery(q);
      if (c === null) {
        ctx.addIssue({ code: "custom", message: "savedSearches.queryInvalid" });
        return z.NEVER;
      }
      return c;
    }),
  public: flag.default(false),
  hero: flag.optional(),
  alert: z.enum(ALERT_FREQUENCIES, { error: "savedSearches.alertInvalid" }).default("none"),
});
export type SavedSearchInput = z.output<typeof SavedSearchInputSchema>;

/** The fields of a form post or JSON body that the schema reads (unchecked checkboxes are absent: false). */
export function inputFromFields(fields: Record<string, unknown>, opts: { heroShown: boolean }) {
  // A form with the switch sends nothing when it is off; one without the switch leaves the flag alone.
  const hero = fields.hero ?? (opts.heroShown ? false : undefined);
  return {
    title: fields.title ?? "",
    // (absent on an update: the search keeps its query)
    ...(fields.query === undefined ? {} : { query: fields.query }),
    public: fields.public ?? false,
    ...(hero === undefined ? {} : { hero }),
    alert: fields.alert === undefined || fields.alert === "" ? "none" : fields.alert,
  };
}

/** zod issues as one message key per field. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form") as keyof FieldErrors;
    const key = (issue.message.startsWith("savedSearches.") ? issue.message : "savedSearches.invalid") as MessageKey;
    if (!out[field]) out[field] = key;
  }
  return out;
}
