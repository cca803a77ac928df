/**
 * docs/configuration.md: every field of portfolio.config.ts, read from the doc comments of the
 * typed config (src/config/define-config.ts) with TypeScript's own parser, so the page says what an
 * owner's editor shows on hover (tests/docs.test.ts fails when the file is older than the types).
 */
import path from "node:path";
import ts from "typescript";

export interface ConfigField {
  /** `site.title`, `social[].url`, `theme.fonts.text`. */
  path: string;
  /** The type as written in the source: `InLanguages<string>`, `"show" | "hide"`, `object`. */
  type: string;
  required: boolean;
  description: string;
  default?: string;
  example?: string;
}

const typesFile = path.resolve(import.meta.dirname, "../../src/config/define-config.ts");

// Object types of the config worth a row per field; the rest (the interface strings, one per key,
// listed under Languages; the contact union, described on its own row) stay one row each.
const notExpanded = new Set(["InterfaceStrings", "ContactConfig", "PluralMessage"]);

// TypeScript takes seconds to read the types: the test and `npm run docs` ask more than once.
const fieldsByFile = new Map<string, ConfigField[]>();

export function configFields(file = typesFile): ConfigField[] {
  const known = fieldsByFile.get(file);
  if (known) return known;
  const fields = readConfigFields(file);
  fieldsByFile.set(file, fields);
  return fields;
}

function readConfigFields(file: string): ConfigField[] {
  // This file alone: its doc comments are all that is read, so nothing it imports needs loading.
  const program = ts.createProgram([file], { noEmit: true, noResolve: true, noLib: true, types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`TypeScript cannot read ${file}`);
  const declarations = new Map<string, ts.InterfaceDeclaration | ts.TypeAliasDeclaration>();
  for (const statement of source.statements) {
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement))
      declarations.set(statement.name.text, statement);
  }
  const root = declarations.get("PortfolioConfig");
  if (!root || !ts.isInterfaceDeclaration(root)) throw new Error("define-config.ts has no PortfolioConfig interface");

  /** The members a type node stands for, when it is an object worth expanding. */
  function membersOf(node: ts.TypeNode): ts.NodeArray<ts.TypeElement> | undefined {
    if (ts.isTypeLiteralNode(node)) return node.members;
    if (ts.isArrayTypeNode(node)) return membersOf(node.elementType);
    if (ts.isParenthesizedTypeNode(node)) return membersOf(node.type);
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
      const name = node.typeName.text;
      // InLanguages<T>: the fields of T, which may also be given per language.
      if (name === "InLanguages" && node.typeArguments?.[0]) return membersOf(node.typeArguments[0]);
      if (notExpanded.has(name)) return undefined;
      const declaration = declarations.get(name);
      if (declaration && ts.isInterfaceDeclaration(declaration)) return declaration.members;
      if (declaration && ts.isTypeAliasDeclaration(declaration)) return membersOf(declaration.type);
    }
    return undefined;
  }

  function isList(node: ts.TypeNode): boolean {
    if (ts.isArrayTypeNode(node)) return true;
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && node.typeName.text === "InLanguages")
      return node.typeArguments?.[0] ? isList(node.typeArguments[0]) : false;
    return false;
  }

  function walk(members: ts.NodeArray<ts.TypeElement>, prefix: string): ConfigField[] {
    return members.flatMap((member) => {
      if (!ts.isPropertySignature(member) || !member.type) return [];
      const name = ts.isStringLiteral(member.name) ? member.name.text : member.name.getText(source);
      const fieldPath = prefix ? `${prefix}.${name}` : name;
      const children = membersOf(member.type);
      const symbol = checker.getSymbolAtLocation(member.name);
      const tags = symbol?.getJsDocTags(checker) ?? [];
      const tagText = (tagName: string) => {
        const tag = tags.find((candidate) => candidate.name === tagName);
        return tag ? oneLine(ts.displayPartsToString(tag.text)) : undefined;
      };
      const description = oneLine(ts.displayPartsToString(symbol?.getDocumentationComment(checker)));
      const row: ConfigField = {
        path: fieldPath,
        type: children ? (isList(member.type) ? "list of objects" : "object") : oneLine(member.type.getText(source)),
        required: !member.questionToken,
        description,
        ...(tagText("default") !== undefined ? { default: tagText("default") } : {}),
        ...(tagText("example") !== undefined ? { example: tagText("example") } : {}),
      };
      const childPrefix = isList(member.type) ? `${fieldPath}[]` : fieldPath;
      return [row, ...(children ? walk(children, childPrefix) : [])];
    });
  }
  return walk(root.members, "");
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function cell(text: string): string {
  return text.replaceAll("|", "\\|");
}

export function configReference(fields = configFields()): string {
  const lines = [
    "# Configuration reference",
    "",
    "<!-- Written by `npm run docs` from the doc comments of src/config/define-config.ts (scripts/docs/config-reference.ts): edit the types, not this page. -->",
    "",
    'Every field of `portfolio.config.ts`, as `defineConfig`\'s types describe it (your editor shows the same text on hover). A field marked *required* must be given when its section is; a text of type `InLanguages<…>` may also be given per language, `{ en: "…", pt: "…" }` (see [Languages](languages.md)). A mistake in the config stops the build with the file, the field and what was expected.',
    "",
  ];
  const sections = new Map<string, ConfigField[]>();
  for (const field of fields) {
    const top = field.path.split(/[.[]/)[0]!;
    sections.set(top, [...(sections.get(top) ?? []), field]);
  }
  for (const [top, rows] of sections) {
    lines.push(`## \`${top}\``, "", "| Field | Type | Default | What it does |", "| --- | --- | --- | --- |");
    for (const row of rows) {
      const fallback = row.required ? "*required*" : row.default ? row.default : "";
      const what = row.example ? `${row.description} Example: \`${row.example}\`` : row.description;
      lines.push(`| \`${row.path}\` | ${cell(`\`${row.type}\``)} | ${cell(fallback)} | ${cell(what)} |`);
    }
    lines.push("");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}
