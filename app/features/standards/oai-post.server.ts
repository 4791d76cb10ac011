import type express from "express";

/** The longest POST body an OAI-PMH request may have (its arguments; a token is under 1 KB). */
const MAX_BODY = 16 * 1024;

/**
 * OAI-PMH allows POST with the arguments in an application/x-www-form-urlencoded body, exactly
 * equivalent to GET. Harvesters send no Origin, which the cross-site guard rightly refuses for forms;
 * an OAI request only reads public data, so it is answered as the GET it is: the body becomes the query
 * and the method GET, before the guard (decision 050). Other content types get 415; a body too large, 413.
 */
export function oaiPostAsGet(path = "/oai"): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST" || req.path !== path) return next();
    const type = (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded")
      return void res
        .status(415)
        .set("Cache-Control", "no-store")
        .type("text/plain")
        .send("OAI-PMH POST requests use application/x-www-form-urlencoded");
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on("data", (c: Buffer) => {
      if (done) return;
      size += c.length;
      if (size > MAX_BODY) {
        done = true;
        res.status(413).set("Cache-Control", "no-store").type("text/plain").send("Payload Too Large");
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on("end", () => {
      if (done) return;
      done = true;
      const query = Buffer.concat(chunks).toString("utf8").trim();
      req.method = "GET";
      req.url = `${path}?${query}`;
      req.originalUrl = req.url;
      next();
    });
    req.on("error", (err) => {
      if (!done) next(err);
      done = true;
    });
  };
}
