import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

/**
 * Everything but the page and its main picture waits for the first paint (docs/decisions/024).
 *
 * React Router's <Scripts> asks for the page's JavaScript in <head> (~25 module preloads, ~150 KB) and React
 * hoists them there, with the UI messages' preload (root.tsx); the web fonts are asked for at the first
 * style pass. On a slow network these downloads share the bandwidth with the page and its main picture and
 * delay the first paint; Lighthouse's simulation charges them to the paint whenever they ended before it.
 * This rewrites the page's shell as it streams out:
 * - the module preloads and the `as="fetch"` preloads are taken out of the page and written back into
 *   <head> by a small script once the first frame has been painted;
 * - React Router's module script (`type="module"`) becomes inert (`type="text/x-after-paint"`) and the same
 *   script runs as a module after the paint, so hydration starts then, with every module preloaded at once
 *   (no import waterfall);
 * - the fonts' `<style data-site-fonts media="print">` (SiteStylesheet) is switched to `all`.
 * "The first paint" is the browser's first-contentful-paint entry (a PerformanceObserver), or the frame
 * after the first animation frame where paint timing is not supported; at most 2 s. The page is usable
 * before that as plain HTML (links and forms work); a tab opened in the background starts at once. Nothing else in the page changes, and a page without React
 * Router's module script (none is known) streams through untouched.
 */
export function afterPaint(nonce: string | undefined): Transform {
  const decoder = new StringDecoder("utf8");
  let head = "";
  let done = false;
  let start = -1; // where React Router's module script begins, once seen
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      // Only the new text is searched (and enough before it for a tag cut in two): the shell arrives in
      // many small chunks, and searching it all again on each would cost the square of its length.
      const from = Math.max(0, head.length - TAG_MAX);
      head += decoder.write(chunk);
      if (start < 0) {
        const at = head.slice(from).search(MODULE_SCRIPT);
        if (at < 0) return callback();
        start = from + at;
      }
      const close = head.indexOf("</script>", start);
      if (close < 0) return callback();
      const end = close + "</script>".length;
      done = true;
      callback(null, rewrite(head.slice(0, end), nonce) + head.slice(end));
    },
    flush(callback) {
      if (!done) this.push(head + decoder.end());
      callback();
    },
  });
}

const MODULE_SCRIPT = /<script\b([^>]*?) type="module" async=""([^>]*)>/;
/** Longer than React Router's module script tag (its nonce included). */
const TAG_MAX = 200;
const DEFERRED_LINK = /<link rel="(?:modulepreload|preload" as="fetch)"[^>]*>/g;

function rewrite(html: string, nonce: string | undefined): string {
  const links: string[] = [];
  const out = html
    .replace(DEFERRED_LINK, (tag) => {
      // Without their nonce: the files are our own (script-src 'self'), and a page is then the same page
      // whatever its response's nonce (server/http-cache.ts, the tests that compare pages).
      links.push(tag.replace(/ nonce="[^"]*"/, ""));
      return "";
    })
    .replace(MODULE_SCRIPT, '<script$1 type="text/x-after-paint" data-after-paint=""$2>');
  return `${out}<script${nonce ? ` nonce="${nonce}"` : ""}>${bootScript(links.join(""))}</script>`;
}

/** The script that waits for the first painted frame, then asks for the rest. */
function bootScript(links: string): string {
  // `<` escaped: the links' HTML must not close this <script>.
  const html = JSON.stringify(links).replace(/</g, "\\u003c");
  return (
    `(function(){var d=document,started=false;function go(){if(started)return;started=true;` +
    `d.head.insertAdjacentHTML("beforeend",${html});` +
    // The fonts one frame later: switching their stylesheet restyles the whole page (50–80 ms), and a main
    // picture that arrived just after the first paint is painted first.
    `requestAnimationFrame(function(){setTimeout(function(){d.querySelectorAll("style[data-site-fonts]").forEach(function(s){s.media="all"})},0)});` +
    `var o=d.querySelector("script[data-after-paint]");if(!o)return;` +
    `var s=d.createElement("script");s.type="module";s.nonce=o.nonce;s.textContent=o.textContent;d.body.appendChild(s)}` +
    `var P=window.PerformanceObserver;if(d.visibilityState==="hidden"){go();return}` +
    // The first contentful paint, as the browser reports it once the frame is on screen.
    `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){new P(function(l,o){` +
    `if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go,0)}}).observe({type:"paint",buffered:true})}` +
    `else{requestAnimationFrame(function(){setTimeout(go,0)})}` +
    // A tab sent to the background before painting, or a page with nothing to paint, does not wait longer.
    `d.addEventListener("visibilitychange",go);setTimeout(go,2000)})();`
  );
}
