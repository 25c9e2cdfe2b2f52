import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** The project's root, whose files the graph names relative to it (`app/server/runtime/env.server.ts`). */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export type ImportEdge = {
  /** The importing file, relative to the project root. */
  from: string;
  /** The imported file, relative to the project root; a package name when it is not a project file. */
  to: string;
  /** `import type` / `export type`, or every named binding marked `type`: erased at run time. */
  typeOnly: boolean;
};

const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

function resolveSpecifier(fromFile: string, specifier: string): string {
  let base: string | undefined;
  if (specifier.startsWith("~/")) base = path.join(projectRoot, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(fromFile), specifier);
  if (!base) return specifier;
  if (existsSync(base) && statSync(base).isFile()) return path.relative(projectRoot, base);
  for (const extension of EXTENSIONS) {
    const candidate = base.replace(/\.js$/, "") + extension;
    if (existsSync(candidate)) return path.relative(projectRoot, candidate);
  }
  return path.relative(projectRoot, base);
}

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return Boolean(clause && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly));
  }
  const clause = node.importClause;
  if (!clause) return false; // a bare `import "x"` runs x
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return Boolean(bindings && ts.isNamedImports(bindings) && bindings.elements.every((e) => e.isTypeOnly));
}

const parsed = new Map<string, ImportEdge[]>();

/** Every static import and re-export of one file (dynamic `import()` of a literal counts too). */
export function importsOf(file: string): ImportEdge[] {
  let edges = parsed.get(file);
  if (!edges) {
    edges = readImports(file);
    parsed.set(file, edges);
  }
  return edges;
}

function readImports(file: string): ImportEdge[] {
  const absolute = path.join(projectRoot, file);
  const source = ts.createSourceFile(absolute, readFileSync(absolute, "utf8"), ts.ScriptTarget.Latest, true);
  const edges: ImportEdge[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      edges.push({
        from: file,
        to: resolveSpecifier(absolute, node.moduleSpecifier.text),
        typeOnly: isTypeOnly(node),
      });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      edges.push({ from: file, to: resolveSpecifier(absolute, node.arguments[0].text), typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** The TypeScript files under `folder` (relative to the project root), recursively. */
export function sourceFiles(folder: string): string[] {
  const absolute = path.join(projectRoot, folder);
  if (statSync(absolute).isFile()) return [folder];
  return readdirSync(absolute, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith(".d.ts") && !name.includes("+types"))
    .map((name) => path.join(folder, name))
    .sort();
}

/**
 * The import cycles among `files`, each as the list of files around it: run-time imports only, or
 * type-only ones too with `includeTypeOnly` (a circle of types still ties two modules together).
 */
export function importCycles(
  files: readonly string[],
  options: { includeTypeOnly?: boolean } = {},
): string[][] {
  const inScope = new Set(files);
  const next = new Map(
    files.map((file) => [
      file,
      importsOf(file)
        .filter((edge) => (options.includeTypeOnly || !edge.typeOnly) && inScope.has(edge.to))
        .map((edge) => edge.to),
    ]),
  );
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const walk = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const target of next.get(file) ?? []) {
      if (state.get(target) === "open") cycles.push(stack.slice(stack.indexOf(target)));
      else if (!state.has(target)) walk(target);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of files) if (!state.has(file)) walk(file);
  return cycles;
}

/**
 * Every project file `files` reach by run-time imports, following them through the project (packages
 * are not followed): what a bundle that starts from `files` contains of the project.
 */
export function runTimeReach(files: readonly string[]): Map<string, ImportEdge> {
  const reached = new Map<string, ImportEdge>();
  const queue = [...files];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const edge of importsOf(file)) {
      if (edge.typeOnly || reached.has(edge.to) || !/\.tsx?$/.test(edge.to)) continue;
      reached.set(edge.to, edge);
      queue.push(edge.to);
    }
  }
  return reached;
}
