import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The line between the app and its emulators, read from the source (issue 21 item 6, decision 064):
 * an emulator that runs the app's code cannot catch the app's bugs, so sandbox/ takes from app/ only
 * types, the logger and the brand's name; app/ never imports sandbox/ (decision 006); and the Stripe
 * emulator stays split by resource, no function over 150 lines.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.Latest, true);
}

type ModuleReference = { from: string; to: string; names: string[]; typeOnly: boolean };

/** Every import and re-export of a file, its target resolved to a path from the repository root. */
function references(file: string): ModuleReference[] {
  const found: ModuleReference[] = [];
  const resolve = (specifier: string) =>
    specifier.startsWith("~/")
      ? path.join("app", specifier.slice(2))
      : specifier.startsWith(".")
        ? path.join(path.dirname(file), specifier)
        : specifier;
  for (const statement of parse(file).statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const named =
        clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings : null;
      const valueNames = [
        ...(clause?.name ? ["default"] : []),
        ...(clause?.namedBindings && ts.isNamespaceImport(clause.namedBindings) ? ["*"] : []),
        ...(named?.elements.filter((element) => !element.isTypeOnly).map((element) => element.name.text) ??
          []),
      ];
      found.push({
        from: file,
        to: resolve(statement.moduleSpecifier.text),
        names: valueNames,
        typeOnly: Boolean(clause?.isTypeOnly) || (clause !== undefined && valueNames.length === 0),
      });
    }
    if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      const names =
        statement.exportClause && ts.isNamedExports(statement.exportClause)
          ? statement.exportClause.elements
              .filter((element) => !element.isTypeOnly)
              .map((element) => element.name.text)
          : ["*"];
      found.push({
        from: file,
        to: resolve(statement.moduleSpecifier.text),
        names,
        typeOnly: statement.isTypeOnly || names.length === 0,
      });
    }
  }
  return found;
}

const inside = (target: string, folder: string) =>
  target === folder || target.startsWith(`${folder}${path.sep}`);

/** The values sandbox/ may take from app/: the logger and the brand's name. */
const ALLOWED_VALUES: Record<string, string[]> = {
  [path.join("app", "server", "runtime", "logger.server")]: ["createLogger"],
  [path.join("app", "content", "site")]: ["brand"],
};

describe("sandbox/ and app/", () => {
  it("sandbox/ takes from app/ only types, the logger and the brand's name", () => {
    const borrowed = sourceFiles("sandbox")
      .flatMap(references)
      .filter((reference) => inside(reference.to, "app") && !reference.typeOnly)
      .flatMap((reference) =>
        reference.names
          .filter((name) => !ALLOWED_VALUES[reference.to.replace(/\.tsx?$/, "")]?.includes(name))
          .map((name) => `${reference.from} takes ${name} from ${reference.to}`),
      );
    expect(borrowed).toEqual([]);
  });

  it("app/ never imports sandbox/", () => {
    const imports = sourceFiles("app")
      .flatMap(references)
      .filter((reference) => inside(reference.to, "sandbox"))
      .map((reference) => `${reference.from} imports ${reference.to}`);
    expect(imports).toEqual([]);
  });

  it("no function of the Stripe emulator is longer than 150 lines", () => {
    const long: string[] = [];
    for (const file of sourceFiles(path.join("sandbox", "stripe"))) {
      const source = parse(file);
      const visit = (node: ts.Node) => {
        if (ts.isFunctionLike(node) && "body" in node && node.body) {
          const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
          const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
          if (last - first + 1 > 150) long.push(`${file}:${first + 1} (${last - first + 1} lines)`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(long).toEqual([]);
  });
});
