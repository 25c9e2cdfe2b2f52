import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * Two rewrites of every rendered document, so the JavaScript never competes with what the first paint
 * needs (the document, the stylesheet, the font) on a slow connection:
 *
 * 1. No `<link rel="modulepreload">` hints (docs/decisions/013-no-modulepreload-hints.md). React Router
 *    emits one per chunk and React hoists them into <head>, where the browser fetches the JavaScript at
 *    high priority beside the stylesheet.
 * 2. The hydration module script runs after the first paint (docs/decisions/086-hydration-after-first-paint.md).
 *    React Router's inline `<script type="module">` is kept, inert, under a type the browser does not run;
 *    a small classic script after it re-creates it as a module script once the first contentful paint is
 *    on screen. Everything a visitor can do before hydration works without JavaScript (forms, links, the
 *    popover menu).
 */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const HYDRATION_SCRIPT = /<script([^>]*) type="module" async="">([\s\S]*?)<\/script>/;
/** The type that keeps the hydration script inert until the loader re-creates it. */
export const DEFERRED_MODULE_TYPE = "forge/after-first-paint";

/**
 * Re-creates the inert script before it as a module script (same text, same nonce) once the first
 * contentful paint is on screen (the Paint Timing entry comes after the frame is presented); where that
 * entry is not supported, two frames after the first. A page whose first paint takes longer than 3 s
 * loads it then anyway, and a tab that is not visible (no frames come there) at once.
 */
const LOADER =
  "(function(d,w){var s=d.currentScript,x=s.previousElementSibling,done=0,P=w.PerformanceObserver;" +
  'function go(){if(done)return;done=1;var m=d.createElement("script");m.type="module";m.nonce=s.nonce;m.text=x.text;x.replaceWith(m)}' +
  "function soon(){w.setTimeout(go,0)}" +
  'if(d.visibilityState!=="visible")go();' +
  'else if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){' +
  'new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();soon()}}).observe({type:"paint",buffered:true});' +
  "w.setTimeout(go,3000)}" +
  "else w.requestAnimationFrame(function(){w.requestAnimationFrame(soon)})})(document,window)";

export function stripModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, "");
}

/** Rewrites the first hydration module script of `html` (there is one per document) to run after the first paint. */
export function deferHydrationScript(html: string): string {
  return html.replace(
    HYDRATION_SCRIPT,
    (_match, attributes: string, text: string) =>
      `<script${attributes} type="${DEFERRED_MODULE_TYPE}">${text}</script><script${attributes}>${LOADER}</script>`,
  );
}

/**
 * Where `text` can be cut so that no tag, and no script element (which is rewritten whole), is split:
 * everything before the returned index can be written out.
 */
function safeEnd(text: string): number {
  const script = text.lastIndexOf("<script");
  if (script !== -1 && text.indexOf("</script>", script) === -1) return script;
  const open = text.lastIndexOf("<");
  if (open !== -1 && text.indexOf(">", open) === -1) return open;
  return text.length;
}

/**
 * Both rewrites on a streamed document: the hints are only in the head, the hydration script is the first
 * module script of the body (it is in the shell), and after it the stream passes through untouched.
 */
export function createDocumentScriptRewriter(): Transform {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  let phase: "head" | "body" | "done" = "head";
  const done = () => phase === "done";

  function rewrite(text: string): string {
    let out = "";
    if (phase === "head") {
      const headEnd = text.indexOf("</head>");
      if (headEnd === -1) return stripModulePreloads(text);
      out = stripModulePreloads(text.slice(0, headEnd));
      text = text.slice(headEnd);
      phase = "body";
    }
    if (phase === "body" && HYDRATION_SCRIPT.test(text)) {
      phase = "done";
      return out + deferHydrationScript(text);
    }
    return out + text;
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      // Decoded even when passing through: a character cut by the last chunk is held in the decoder.
      if (done()) return callback(null, decoder.write(chunk));
      const text = carry + decoder.write(chunk);
      const end = safeEnd(text);
      carry = text.slice(end);
      let out = rewrite(text.slice(0, end));
      // Once the hydration script is rewritten, what was held back goes out now, before what follows it.
      if (done()) {
        out += carry;
        carry = "";
      }
      callback(null, out);
    },
    flush(callback: TransformCallback) {
      const rest = carry + decoder.end();
      carry = "";
      callback(null, done() ? rest : rewrite(rest));
    },
  });
}
