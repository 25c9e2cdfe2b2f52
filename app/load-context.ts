import type { DocumentRuntime } from "~/lib/document-runtime";
import type { RouteServices } from "~/server/runtime/route-services.server";

declare module "react-router" {
  /** What server.ts hands every loader and action (docs/decisions/001-services-in-load-context.md). */
  interface AppLoadContext {
    documentRuntime: DocumentRuntime;
    /** The route-facing services (never a raw outside-system client): read through `servicesFor`. */
    services: RouteServices;
    requestId: string;
    /** The client's address, trusting only TRUST_PROXY_HOPS proxies (Express's req.ip). */
    clientIp: string;
    /**
     * Runs `task` once this request's answer has been sent (or its client has gone): work whose time
     * must not show in the answer (issue 38 item 4). Shutdown waits for it; a failure is logged.
     */
    afterResponse(task: () => Promise<void>): void;
  }
}
