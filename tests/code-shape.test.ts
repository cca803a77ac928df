// The code's shape (CONTRIBUTING.md, "Code shape"): lines of src/ over 120 characters only for their strings,
// template text and URLs; files of src/ over 400 lines only with a comment at their top saying why.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lacksLengthReason, lineCount, maxLineLength, overlongLines } from "./helpers/code-shape.js";

const repoRoot = path.resolve(import.meta.dirname, "..");
const fixtures = path.join(repoRoot, "tests/fixtures/code-shape");

/** Files (or folders, ending in "/") other branches are changing now, and the branch that will bring them in shape. */
const notYetInShape: { path: string; reason: string }[] = [];

const excused = (file: string) =>
  notYetInShape.some((exception) =>
    exception.path.endsWith("/") ? file.startsWith(exception.path) : file === exception.path,
  );

const sourceFiles = readdirSync(path.join(repoRoot, "src"), { recursive: true, encoding: "utf8" })
  .filter((file) => /\.([cm]?[jt]s|tsx|jsx|css)$/.test(file))
  .map((file) => `src/${file.split(path.sep).join("/")}`)
  .sort();
const read = (file: string) => readFileSync(path.join(repoRoot, file), "utf8");

describe("the shape of src/", () => {
  it("reads every source file: TypeScript, TSX, scripts, declarations and stylesheets", () => {
    expect(sourceFiles.length).toBeGreaterThan(200);
    for (const kind of [".ts", ".tsx", ".mjs", ".d.mts", ".css"])
      expect(sourceFiles.some((file) => file.endsWith(kind))).toBe(true);
  });

  it(`has no line over ${maxLineLength} characters but for its strings, template text and URLs`, () => {
    const found = sourceFiles
      .filter((file) => !excused(file))
      .flatMap((file) => overlongLines(file, read(file)).map((line) => `${file}:${line}`));
    expect(found, "wrap these lines (comments keep their words; code as biome would break it)").toEqual([]);
  });

  it("has no file over 400 lines without a comment at its top saying why it is long", () => {
    const found = sourceFiles.filter((file) => !excused(file) && lacksLengthReason(read(file)));
    expect(found, 'split these files, or start each with a comment "Long because …"').toEqual([]);
  });

  it("excuses only files that exist, each for a reason", () => {
    for (const exception of notYetInShape) {
      expect(
        sourceFiles.some((file) => file.startsWith(exception.path)),
        exception.path,
      ).toBe(true);
      expect(exception.reason).not.toBe("");
    }
  });
});

/** The lines a fixture marks with a comment just above them: "found: …" or "allowed: …". */
function markedLines(text: string, mark: "found" | "allowed"): number[] {
  const lines = text.split("\n");
  return lines.flatMap((line, index) =>
    new RegExp(`^\\s*(//|/\\*|\\*|\\{/\\*) ${mark}:`).test(line) ? [index + 2] : [],
  );
}

describe("the line check (tests/fixtures/code-shape/)", () => {
  it.each(["long-lines.ts", "long-lines.tsx", "long-lines.mjs", "long-lines.css"])(
    "%s: finds the lines marked found and none of those marked allowed",
    (name) => {
      const text = readFileSync(path.join(fixtures, name), "utf8");
      const lines = text.split("\n");
      const found = markedLines(text, "found");
      const allowed = markedLines(text, "allowed");
      expect(found.length).toBeGreaterThan(0);
      // Every marked line is over the limit, or the fixture would prove nothing.
      for (const line of [...found, ...allowed])
        expect(Array.from(lines[line - 1] ?? "").length, `${name}:${line}`).toBeGreaterThan(maxLineLength);
      expect(overlongLines(name, text)).toEqual(found);
    },
  );

  it("counts characters, not bytes or UTF-16 units, and lets a line of exactly the limit be", () => {
    const comment = (length: number) => `// ${"\u00e9".repeat(length - 3)}`;
    expect(overlongLines("a.ts", `${comment(120)}\n${comment(121)}\n`)).toEqual([2]);
    expect(overlongLines("a.ts", `const a = 1;\n// ${"🙂".repeat(117)}\n`)).toEqual([]);
  });
});

describe("the long file check (tests/fixtures/code-shape/)", () => {
  const fixture = (name: string) => readFileSync(path.join(fixtures, name), "utf8");

  it("counts lines as wc -l does", () => {
    expect(lineCount("")).toBe(0);
    expect(lineCount("a\nb\n")).toBe(2);
    expect(lineCount("a\nb")).toBe(2);
  });

  it("finds a long file with no reason, or with its reason below the code's first line", () => {
    expect(lineCount(fixture("long-without-reason.ts"))).toBe(12);
    expect(lacksLengthReason(fixture("long-without-reason.ts"), 10)).toBe(true);
    expect(lacksLengthReason(fixture("reason-not-at-top.ts"), 10)).toBe(true);
    expect(lacksLengthReason(fixture("long-without-reason.css"), 10)).toBe(true);
  });

  it("lets be a long file whose top comment says why, and a file of the limit's length", () => {
    expect(lacksLengthReason(fixture("long-with-reason.ts"), 10)).toBe(false);
    expect(lacksLengthReason(fixture("long-with-reason.css"), 10)).toBe(false);
    expect(lacksLengthReason(fixture("long-without-reason.ts"), 12)).toBe(false);
  });
});
