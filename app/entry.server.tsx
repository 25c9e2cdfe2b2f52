import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { DocumentRuntimeContext, PRERENDER_NONCE, prerenderRuntime } from "~/lib/document-runtime";
import { createDocumentScriptRewriter } from "~/server/http/document-scripts.server";

/** The services and their configuration, for server.ts to start from this build (decision 070). */
export * as runtime from "~/server/runtime/runtime.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext | undefined,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Without a load context we are prerendering at build time: the server puts the real nonce in later.
  const runtime = loadContext?.documentRuntime ?? prerenderRuntime;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers, prerendering and the page cache wait for all content; people get the shell at once
    // and the rest streamed.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || runtime.nonce === PRERENDER_NONCE
        ? "onAllReady"
        : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <DocumentRuntimeContext value={runtime}>
        <ServerRouter context={routerContext} url={request.url} nonce={runtime.nonce} />
      </DocumentRuntimeContext>,
      {
        nonce: runtime.nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // No modulepreload hints, and hydration after the first paint (decisions 013 and 086).
          const rewriter = createDocumentScriptRewriter();
          rewriter.pipe(body);
          pipe(rewriter);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
