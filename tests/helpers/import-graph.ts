import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import type { LayerTable } from "./layers.js";

/** Each source file of a folder, as a path inside it, with the files of the folder it imports. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

const sourceFile = /\.(ts|tsx|mts|mjs)$/;
const declarations = /\.d\.(ts|mts)$/;

/**
 * Every relative import of every source file under `root`, read by TypeScript's own parser: static
 * imports and re-exports (types included: a type shared by two layers lives below both), `import()`
 * calls and `import("…")` types. Specifiers name the compiled file (`./x.js`), as TypeScript's own do.
 */
export function importGraph(root: string): ImportGraph {
  const files = readdirSync(root, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => sourceFile.test(file) && !declarations.test(file))
    .sort();
  return new Map(
    files.map((file) => {
      const text = readFileSync(path.join(root, file), "utf8");
      const targets = specifiersOf(file, text)
        .filter((specifier) => specifier.startsWith("./") || specifier.startsWith("../"))
        .map((specifier) => resolveImport(root, file, specifier));
      return [file, [...new Set(targets)].sort()];
    }),
  );
}

function specifiersOf(file: string, text: string): string[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".mjs") ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal)) found.push(argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The source file a relative specifier names, as a path inside `root`; an error when there is none. */
function resolveImport(root: string, file: string, specifier: string): string {
  const named = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  const stem = named.replace(/\.(js|jsx|mjs)$/, "");
  const candidates = [named, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.mjs`];
  const found = candidates.find((candidate) => sourceFile.test(candidate) && existsSync(path.join(root, candidate)));
  if (!found) throw new Error(`${file} imports ${specifier}, which is no source file of ${root}`);
  return found;
}

/**
 * Every circle of imports between files: one per group of files that reach each other (Tarjan's
 * strongly connected components), shown as a path around it, `a.ts → b.ts → a.ts`.
 */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (file: string): void => {
    index.set(file, index.size);
    lowest.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target);
        lowest.set(file, Math.min(lowest.get(file)!, lowest.get(target)!));
      } else if (onStack.has(target)) {
        lowest.set(file, Math.min(lowest.get(file)!, index.get(target)!));
      }
    }
    if (lowest.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) groups.push(group);
  };
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return groups.map((group) => circleThrough(graph, new Set(group)));
}

/** A shortest path from the group's first file (in name order) back to itself, inside the group. */
function circleThrough(graph: ImportGraph, group: ReadonlySet<string>): string[] {
  const start = [...group].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    const file = queue[at]!;
    for (const target of graph.get(file) ?? []) {
      if (!group.has(target)) continue;
      if (target === start) {
        const circle = [start];
        for (let step: string | undefined = file; step !== start && step; step = cameFrom.get(step)) {
          circle.splice(1, 0, step);
        }
        return [...circle, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

/** The part of the table a file belongs to: its folder under the root, or `.` for a file at the root. */
export function partOf(file: string): string {
  const slash = file.indexOf("/");
  return slash === -1 ? "." : file.slice(0, slash);
}

/**
 * Every import the table forbids, as `from → to (why)`: one into a higher layer or a peer of the same
 * layer, unless the table allows it by name; and every file whose folder is in no layer.
 */
export function layerViolations(graph: ImportGraph, table: LayerTable): string[] {
  const layerOf = new Map<string, number>();
  table.layers.forEach((layer, at) => {
    for (const part of layer.parts) layerOf.set(part, at);
  });
  const allowed = new Set(table.allowed.map(({ from, to }) => `${from}\0${to}`));
  const problems: string[] = [];
  for (const [file, targets] of graph) {
    const part = partOf(file);
    const layer = layerOf.get(part);
    if (layer === undefined) {
      problems.push(`${file}: its folder ${part}/ is in no layer of the table`);
      continue;
    }
    for (const target of targets) {
      const targetPart = partOf(target);
      const targetLayer = layerOf.get(targetPart);
      if (targetPart === part || targetLayer === undefined || allowed.has(`${file}\0${target}`)) continue;
      if (targetLayer > layer) problems.push(`${file} → ${target} (${targetPart} is above ${part})`);
      else if (targetLayer === layer) problems.push(`${file} → ${target} (${targetPart} and ${part} are peers)`);
    }
  }
  return problems;
}

/** Allowances of the table that no import uses any more, to be taken out. */
export function unusedAllowances(graph: ImportGraph, table: LayerTable): string[] {
  return table.allowed
    .filter(({ from, to }) => !graph.get(from)?.includes(to))
    .map(({ from, to }) => `${from} → ${to}`);
}
