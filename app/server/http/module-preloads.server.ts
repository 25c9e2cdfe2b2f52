import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * Removes `<link rel="modulepreload">` hints from the document (docs/decisions/013-no-modulepreload-hints.md).
 * React Router emits one per chunk and React hoists them into <head>, where the browser fetches
 * ~140 KB of JavaScript at high priority alongside the stylesheet and delays the first paint on a
 * slow phone (Lighthouse mobile LCP 2.1-2.3 s with them, 1.2-1.7 s without). The module scripts
 * still load every chunk; they only lose the head start. Everything a visitor can do before
 * hydration works without JavaScript (forms, the popover menu).
 */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

export function stripModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, "");
}

/** The same for a streamed document: only the head carries the hints, so after </head> it passes through. */
export function createModulePreloadStripper(): Transform {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  let headDone = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (headDone) return callback(null, chunk);
      let text = carry + decoder.write(chunk);
      const headEnd = text.indexOf("</head>");
      if (headEnd !== -1) {
        headDone = true;
        carry = "";
        const rest = decoder.end();
        return callback(null, stripModulePreloads(text.slice(0, headEnd)) + text.slice(headEnd) + rest);
      }
      // Hold back a tag that may continue in the next chunk.
      const open = text.lastIndexOf("<");
      if (open !== -1 && text.indexOf(">", open) === -1) {
        carry = text.slice(open);
        text = text.slice(0, open);
      } else {
        carry = "";
      }
      callback(null, stripModulePreloads(text));
    },
    flush(callback: TransformCallback) {
      callback(null, stripModulePreloads(carry + decoder.end()));
    },
  });
}
