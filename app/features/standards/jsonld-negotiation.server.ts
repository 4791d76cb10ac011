import type express from "express";
import { OPTIONAL_LOCALES } from "~/lib/locale";
import { TABLE_SLUGS } from "~/lib/tables";
import { prefersJsonLd } from "./jsonld";

const SLUGS = Object.values(TABLE_SLUGS).join("|");
const RECORD_PATH = new RegExp(`^(?:/(${OPTIONAL_LOCALES.join("|")}))?/(${SLUGS})/([A-Za-z0-9][A-Za-z0-9._~-]{0,127})(?:/[^/]*)?$`);

/**
 * Content negotiation on record pages (decision 050): a request whose Accept prefers
 * application/ld+json gets the record's JSON-LD (the /ld/{slug}/{id} resource) at the page's own URL;
 * both answers say `Vary: Accept`, so caches keep them apart.
 */
export function jsonLdNegotiation(): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const m = RECORD_PATH.exec(req.path);
    if (!m) return next();
    res.vary("Accept");
    if (!prefersJsonLd(req.get("accept"))) return next();
    const target = `/ld/${m[2]}/${m[3]}?locale=${m[1] ?? "it"}`;
    req.url = target;
    req.originalUrl = target;
    next();
  };
}
