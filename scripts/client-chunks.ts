/**
 * How the browser build is split into files (vite.config.ts's `manualChunks`; decisions 011 and 082):
 *   - `vendor` (emitted as entry.client): every package, one cacheable file that changes with a dependency
 *     (but those only a press on one page loads: `ON_DEMAND_PACKAGES`);
 *   - `shell`: what `root.tsx` reaches through static imports (header, footer): on every page;
 *   - `share-*`: app modules several routes share, grouped by which routes use them, then merged
 *     (with each other, or into `shell`) while a merge costs the pages less than the requests it saves
 *     (see `mergeGroups`): what most routes use (the page table and SEO helpers every `meta` reads)
 *     ends up in `shell`, content two or three pages show in a file of its own;
 *   - everything else (what one route uses, what is imported on demand) stays with its route or its
 *     dynamic import.
 * Rollup hoists a shared chunk's own imports into each route chunk, so every file a page needs is one
 * import away from the document's module script: splitting adds no step to the load (decision 013).
 */

type ModuleInfo = {
  importedIds: readonly string[];
  importers: readonly string[];
  code: string | null;
} | null;
type ChunkMeta = { getModuleInfo: (id: string) => ModuleInfo; getModuleIds: () => IterableIterator<string> };

/**
 * What one more script file costs a page, in gzipped bytes of the same weight: its response headers
 * (0.47 KB since the assets carry only their own headers) plus a share of a round trip. Measured as the
 * mean over pages of (gzip KB + 0.47 KB per file), bench/BUNDLES.md: 600 gives 131.4, 1000 130.7,
 * 2000 and 3000 130.4, 4500 130.8; a fixed rule ("half the routes or more: shell") 131.2.
 */
const REQUEST_COST = 2_000;
/** Minified and gzipped JavaScript is about a quarter of Vite's transformed source. */
const GZIP_RATIO = 0.25;

/** The app modules the document shell (root.tsx) reaches through static imports. */
function reachableFromRoot(appDir: string, getModuleInfo: ChunkMeta["getModuleInfo"]): Set<string> {
  const seen = new Set<string>();
  const queue = [`${appDir}root.tsx`];
  while (queue.length) {
    const id = queue.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of getModuleInfo(id)?.importedIds ?? []) if (next.startsWith(appDir)) queue.push(next);
  }
  return seen;
}

/** The route modules that import `id` statically, directly or through other app modules. */
function routesReaching(appDir: string, id: string, getModuleInfo: ChunkMeta["getModuleInfo"]): Set<string> {
  const routes = new Set<string>();
  const seen = new Set<string>();
  const queue = [id];
  while (queue.length) {
    const current = queue.pop() as string;
    if (seen.has(current)) continue;
    seen.add(current);
    for (const importer of getModuleInfo(current)?.importers ?? []) {
      if (importer.startsWith(`${appDir}routes/`)) routes.add(importer.split("?")[0] as string);
      else if (importer.startsWith(appDir)) queue.push(importer);
    }
  }
  return routes;
}

type Group = { routes: Set<string>; modules: string[]; bytes: number; shell?: boolean };

/** What merging two groups changes in the sum over pages of (bytes loaded + request cost): negative pays. */
function mergeDelta(a: Group, b: Group): number {
  let delta = 0;
  for (const route of a.routes) delta += b.routes.has(route) ? -REQUEST_COST : b.bytes;
  for (const route of b.routes) if (!a.routes.has(route)) delta += a.bytes;
  return delta;
}

/**
 * Greedy: first every group whose joining the shell saves something joins it (the shell is on every
 * page, so what most pages use belongs there whatever else it could pair with); then the pair that
 * saves most merges, until no merge saves anything.
 */
export function mergeGroups(groups: Group[]): Group[] {
  const shellIndex = groups.findIndex((group) => group.shell);
  let result = [...groups];
  if (shellIndex >= 0) {
    let shell = groups[shellIndex] as Group;
    const rest: Group[] = [];
    for (const group of groups) {
      if (group === shell) continue;
      if (mergeDelta(shell, group) < 0)
        shell = {
          routes: new Set([...shell.routes, ...group.routes]),
          modules: [...shell.modules, ...group.modules],
          bytes: shell.bytes + group.bytes,
          shell: true,
        };
      else rest.push(group);
    }
    result = [shell, ...rest];
  }
  for (;;) {
    let best: [number, number, number] | undefined;
    for (let i = 0; i < result.length; i++)
      for (let j = i + 1; j < result.length; j++) {
        const delta = mergeDelta(result[i] as Group, result[j] as Group);
        if (delta < 0 && (!best || delta < best[2])) best = [i, j, delta];
      }
    if (!best) return result;
    const [a, b] = [result[best[0]] as Group, result[best[1]] as Group];
    result.splice(best[1], 1);
    result[best[0]] = {
      routes: new Set([...a.routes, ...b.routes]),
      modules: [...a.modules, ...b.modules],
      bytes: a.bytes + b.bytes,
      shell: a.shell || b.shell,
    };
  }
}

/** The chunk of each app module that is not a route, the root or the entry (computed once per build). */
function planChunks(appDir: string, meta: ChunkMeta): Map<string, string> {
  const plan = new Map<string, string>();
  const moduleIds = [...meta.getModuleIds()];
  const codeBytes = (id: string) => (meta.getModuleInfo(id)?.code?.length ?? 0) * GZIP_RATIO;
  const reachedFromRoot = reachableFromRoot(appDir, meta.getModuleInfo);
  // The shell is on every page: a group that every route module loads, which others may join.
  const shell: Group = {
    routes: new Set(moduleIds.filter((id) => id.startsWith(`${appDir}routes/`) && id.endsWith(".tsx"))),
    modules: [],
    bytes: 0,
    shell: true,
  };
  const byRoutes = new Map<string, Group>();
  for (const id of moduleIds) {
    if (!id.startsWith(appDir) || id.includes("?")) continue;
    const file = id.slice(appDir.length);
    if (file.startsWith("routes/") || file.startsWith("root.") || file.startsWith("entry.")) continue;
    if (reachedFromRoot.has(id)) {
      shell.modules.push(id);
      shell.bytes += codeBytes(id);
      continue;
    }
    const routes = routesReaching(appDir, id, meta.getModuleInfo);
    if (routes.size < 2) continue;
    const key = [...routes].sort().join(" ");
    const group = byRoutes.get(key) ?? { routes, modules: [], bytes: 0 };
    group.modules.push(id);
    group.bytes += codeBytes(id);
    byRoutes.set(key, group);
  }
  for (const group of mergeGroups([shell, ...byRoutes.values()])) {
    // Named after its largest module, so the report and the network panel say what it is.
    const largest = group.modules
      .map((id) => ({ id, size: meta.getModuleInfo(id)?.code?.length ?? 0 }))
      .sort((a, b) => b.size - a.size)[0]?.id as string;
    const name = group.shell
      ? "shell"
      : `share-${largest.slice(largest.lastIndexOf("/") + 1).replace(/\.[^.]+$/, "")}`;
    for (const id of group.modules) plan.set(id, name);
  }
  return plan;
}

/** Rollup's `manualChunks` for the browser build. */
/**
 * Packages only a dynamic import loads, on one page, after a press (the passkey ceremonies, decision
 * 116): left with that import's own chunk, so no page, and no account page before the press, loads them.
 */
const ON_DEMAND_PACKAGES = ["/node_modules/@simplewebauthn/"];

export function clientChunks(appDir: string) {
  let plan: Map<string, string> | undefined;
  return (id: string, meta: ChunkMeta): string | undefined => {
    if (ON_DEMAND_PACKAGES.some((folder) => id.includes(folder))) return undefined;
    // Vite's helper for dynamic imports, in a file of its own: only the pages with an import() load it,
    // and none of them loads whichever chunk Rollup would otherwise put it in (decision 146).
    if (id.includes("vite/preload-helper")) return "preload-helper";
    if (id.includes("/node_modules/")) return "vendor";
    plan ??= planChunks(appDir, meta);
    return plan.get(id);
  };
}
