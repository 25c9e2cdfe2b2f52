import type { DocumentRuntime } from "~/lib/document-runtime";
import type { AppServices } from "~/server/runtime/services.server";

declare module "react-router" {
  /** What server.ts hands every loader and action (docs/decisions/001-services-in-load-context.md). */
  interface AppLoadContext {
    documentRuntime: DocumentRuntime;
    services: AppServices;
    requestId: string;
    /** The client's address, trusting only TRUST_PROXY_HOPS proxies (Express's req.ip). */
    clientIp: string;
  }
}
