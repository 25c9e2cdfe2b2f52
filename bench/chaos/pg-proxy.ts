/**
 * The chaos run's PostgreSQL "freeze", as a process of its own (so the load generator's event loop
 * never delays the database's bytes): the silenceable TCP proxy (scripts/lib/silenceable-proxy.ts) in
 * front of PROXY_TARGET (host:port), on 127.0.0.1:PROXY_PORT (default: a port the system picks).
 * Prints `{"port": N}` once listening; SIGUSR1 holds every byte either way (a frozen server: nothing
 * answers, nothing is closed), SIGUSR2 delivers what was held and speaks again, SIGTERM closes it.
 */
import { startSilenceableProxy } from "../../scripts/lib/silenceable-proxy";

const [host = "127.0.0.1", port = "5432"] = (process.env.PROXY_TARGET ?? "").split(":");
const proxy = await startSilenceableProxy({ host, port: Number(port) }, Number(process.env.PROXY_PORT ?? 0));
process.on("SIGUSR1", () => proxy.silence("hold"));
process.on("SIGUSR2", () => proxy.speak());
process.on("SIGTERM", () => void proxy.close().then(() => process.exit(0)));
process.stdout.write(`${JSON.stringify({ port: proxy.port })}\n`);
