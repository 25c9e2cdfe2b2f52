/**
 * What every kilobyte of the browser's JavaScript is (issue 19, decision 082): per page, the gzipped
 * JavaScript it loads (the entry, the root and its imports, the route module and its imports, and React
 * Router's manifest, the same files Lighthouse counts), and per shared chunk, what it holds by package or
 * app folder. Reads a build (`npm run build` first; BUILD_DIR as the server reads it).
 *
 *   node --import tsx scripts/bundle-report.ts            prints the report
 *   node --import tsx scripts/bundle-report.ts --write    also writes bench/BUNDLES.md
 *   node --import tsx scripts/bundle-report.ts --check    fails if a page is over the budget (npm test)
 *
 * The budget (issue 19, decision 087) is read as Lighthouse reads it, as what a browser downloads: the
 * Brotli bytes the server sends each file in, plus its response headers. JS_BUDGET_KB overrides the 125.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { allPages } from "../app/content/routes";

type RouteEntry = {
  id: string;
  path?: string;
  index?: boolean;
  parentId?: string;
  module: string;
  imports?: string[];
};
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, RouteEntry> };

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const clientDir = path.join(buildDir, "client");
const assets = path.join(clientDir, "assets");

const manifestFile = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
if (!manifestFile) throw new Error(`no React Router manifest in ${assets}: run npm run build`);
const manifestText = readFileSync(path.join(assets, manifestFile), "utf8");
const manifest = JSON.parse(
  manifestText.slice(manifestText.indexOf("{"), manifestText.lastIndexOf("}") + 1),
) as Manifest;
const chunkModules = JSON.parse(readFileSync(path.join(buildDir, "bundle-modules.json"), "utf8")) as Record<
  string,
  Record<string, number>
>;

const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
function sizeOf(url: string) {
  let size = sizes.get(url);
  if (!size) {
    const bytes = readFileSync(path.join(clientDir, url));
    size = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      // As the server sends it to browsers that take Brotli (server/asset-encodings.ts).
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    sizes.set(url, size);
  }
  return size;
}
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The route id a page's path resolves to in the manifest (index routes and nested paths). */
function routeFor(pagePath: string): RouteEntry | undefined {
  const fullPath = (route: RouteEntry): string => {
    const parent = route.parentId ? manifest.routes[route.parentId] : undefined;
    const own = route.path ?? "";
    const base = parent ? fullPath(parent) : "";
    return `${base.replace(/\/$/, "")}/${own}`.replace(/\/+/g, "/");
  };
  return Object.values(manifest.routes).find(
    (route) => route.id !== "root" && fullPath(route).replace(/\/$/, "") === pagePath.replace(/\/$/, ""),
  );
}

/**
 * The files a first visit to the page loads: the entry, the root's and the route's modules and their
 * imports. React Router's manifest file is not one of them: the document carries the manifest inline,
 * and the file is fetched only by a later navigation (Lighthouse's network log of /quiz, issue 19).
 */
function filesOf(route: RouteEntry): string[] {
  const rootRoute = manifest.routes.root as RouteEntry;
  return [
    ...new Set([
      manifest.entry.module,
      ...manifest.entry.imports,
      rootRoute.module,
      ...(rootRoute.imports ?? []),
      route.module,
      ...(route.imports ?? []),
    ]),
  ];
}

/** Pages that are not in the page table: rendered per request for one person. */
const otherPages = [{ path: "/orders/:token" }];

const pageRows = [...allPages, ...otherPages].map((page) => {
  const route = routeFor(page.path);
  if (!route) return { path: page.path, files: [] as string[], gzip: Number.NaN, brotli: Number.NaN };
  const files = filesOf(route);
  return {
    path: page.path,
    files,
    gzip: files.reduce((sum, file) => sum + sizeOf(file).gzip, 0),
    brotli: files.reduce((sum, file) => sum + sizeOf(file).brotli, 0),
  };
});

/** Who owns a module: its npm package, or its folder under app/. */
function ownerOf(id: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (inPackage) return inPackage[1] as string;
  const inApp = /\/app\/(.+)$/.exec(id.split("?")[0] as string);
  if (!inApp) return id.startsWith("\0") ? "(bundler helpers)" : path.relative(root, id);
  const parts = (inApp[1] as string).split("/");
  return `app/${parts.length > 2 ? parts.slice(0, 2).join("/") : parts.join("/")}`;
}

const everyPage = new Set(pageRows.flatMap((row) => row.files));
const shared = [...everyPage].filter((file) => pageRows.every((row) => row.files.includes(file)));
const chunkRows = shared.map((file) => {
  const modules = chunkModules[file.replace(/^\//, "")] ?? {};
  const owners = new Map<string, number>();
  for (const [id, length] of Object.entries(modules))
    owners.set(ownerOf(id), (owners.get(ownerOf(id)) ?? 0) + length);
  const top = [...owners].sort((a, b) => b[1] - a[1]).slice(0, 8);
  return { file, ...sizeOf(file), top };
});

const lines: string[] = [];
lines.push("# Browser JavaScript by page and by shared chunk");
lines.push("");
lines.push(
  `Written by \`node --import tsx scripts/bundle-report.ts --write\` from ${path.relative(root, buildDir)}/: gzip level 9 and Brotli 11,`,
);
lines.push(
  "as the server sends the build's scripts (server/asset-encodings.ts); React Router's manifest file is not counted",
);
lines.push(
  "(the document carries it inline). Lighthouse's transfer sizes add about 0.47 KB of headers per file. Decision 082 says",
);
lines.push("what each shared chunk is for.");
lines.push("");
lines.push("| Page | JS files | JS KB gzip | of which shared by every page | JS KB Brotli |");
lines.push("|---|---|---|---|---|");
const sharedGzip = shared.reduce((sum, file) => sum + sizeOf(file).gzip, 0);
for (const row of pageRows)
  lines.push(
    `| ${row.path} | ${row.files.length} | ${kb(row.gzip)} | ${kb(sharedGzip)} | ${kb(row.brotli)} |`,
  );
lines.push("");
lines.push(
  "| Shared chunk (on every page) | KB raw | KB gzip | What it holds (KB before minifying, largest first) |",
);
lines.push("|---|---|---|---|");
for (const row of chunkRows.sort((a, b) => b.gzip - a.gzip)) {
  const holds = row.top.length
    ? row.top.map(([owner, length]) => `${owner} ${kb(length)}`).join(", ")
    : "route table";
  lines.push(
    `| ${path.basename(row.file).replace(/-[\w-]{8}\.js$/, ".js")} | ${kb(row.raw)} | ${kb(row.gzip)} | ${holds} |`,
  );
}
const report = `${lines.join("\n")}\n`;

if (process.argv.includes("--check")) {
  const budgetKb = Number(process.env.JS_BUDGET_KB ?? 125);
  // Measured with Lighthouse: each script response's headers (decision 082's subresource headers).
  const headersPerFileKb = 0.47;
  const downloadKb = (row: (typeof pageRows)[number]) =>
    row.brotli / 1024 + row.files.length * headersPerFileKb;
  const over = pageRows.filter((row) => !(downloadKb(row) <= budgetKb));
  for (const row of pageRows)
    console.log(
      `${downloadKb(row) <= budgetKb ? "ok  " : "OVER"} ${row.path.padEnd(24)} ${downloadKb(row).toFixed(1).padStart(6)} KB of ${budgetKb} (Brotli ${kb(row.brotli)} + headers of ${row.files.length} files; gzip ${kb(row.gzip)})`,
    );
  if (over.length > 0) {
    console.error(`JavaScript over the ${budgetKb} KB budget on ${over.map((row) => row.path).join(", ")}`);
    process.exit(1);
  }
  process.exit(0);
}

process.stdout.write(report);
if (process.argv.includes("--write")) {
  const file = path.join(root, "bench/BUNDLES.md");
  writeFileSync(file, report);
  // Written as the repository's formatter would write it, so `npm run lint` stays green.
  spawnSync(path.join(root, "node_modules/.bin/biome"), ["format", "--write", file], { stdio: "ignore" });
}
