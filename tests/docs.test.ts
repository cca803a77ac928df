// The documents made from the code (the command line, the configuration reference, troubleshooting)
// are as the code is now, and no link between the project's documents leads nowhere.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeProgram } from "../src/cli/main.js";
import { errorsData } from "../src/errors-data.js";
import { brokenLinks, headingAnchors } from "../scripts/docs/check-links.js";
import { configFields, configReference } from "../scripts/docs/config-reference.js";
import { contentFields, describeType } from "../scripts/docs/content-reference.js";
import { errorReference } from "../scripts/docs/error-reference.js";
import { formattedPage, generatedPages } from "../scripts/docs/write-docs.js";
import { execFileSync } from "node:child_process";

const repoRoot = path.resolve(import.meta.dirname, "..");
const committed = (file: string) => readFileSync(path.join(repoRoot, "docs", file), "utf8");

describe("the generated pages of docs/", () => {
  it.each(generatedPages.map((page) => [page.file, page] as const))(
    "docs/%s is what `npm run docs` writes from the code now",
    (file, page) => {
      expect(committed(file), `run npm run docs: docs/${file} is out of date`).toBe(formattedPage(file, page.make()));
    },
  );

  it("docs/cli.md has a section for every command", () => {
    const anchors = headingAnchors(committed("cli.md"));
    const ignore = () => {};
    const program = makeProgram({ cwd: repoRoot, env: {}, log: ignore, warn: ignore });
    const names = program.commands.map((command) => `portfolio-${command.name()}`);
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((name) => !anchors.has(name))).toEqual([]);
  });

  it("docs/configuration.md has a documented row for every field of the config's types", () => {
    const fields = configFields();
    const page = committed("configuration.md");
    expect(fields.map((field) => field.path)).toEqual(
      expect.arrayContaining(["site.title", "owner.name", "theme.accent", "social[].url", "menu", "about.sections"]),
    );
    expect(fields.filter((field) => !page.includes(`| \`${field.path}\``)).map((field) => field.path)).toEqual([]);
    // A field without a doc comment would be a row that says nothing.
    expect(fields.filter((field) => !field.description).map((field) => field.path)).toEqual([]);
  });

  it("reads a field's doc comment, default and nesting from the types", () => {
    const page = configReference([
      { path: "site.lang", type: "string", required: false, description: "Language of the pages.", default: '"en"' },
    ]);
    expect(page).toContain('| `site.lang` | `string` | "en" | Language of the pages. |');
    const lang = configFields().find((field) => field.path === "site.lang");
    expect(lang).toMatchObject({ type: "string", required: false, default: '"en"' });
    expect(lang?.description).toMatch(/^Language of the pages/);
    expect(configFields().find((field) => field.path === "theme.fonts.text")?.required).toBe(false);
  });

  it("docs/content-fields.md has a table for every collection, read from the schemas the build validates with", () => {
    const rows = contentFields();
    const projects = rows.find((row) => row.where === "projects/*.md");
    expect(projects?.fields).toEqual(
      expect.arrayContaining([
        { name: "title", type: "text", required: true },
        { name: "tags", type: "list of text", required: false },
      ]),
    );
    expect(rows.find((row) => row.where === "blog/*.md")?.fields.map((field) => field.name)).toEqual(
      expect.arrayContaining(["title", "date", "category", "draft", "series"]),
    );
    const page = committed("content-fields.md");
    for (const { where } of rows) expect(page).toContain(`## \`${where}\``);
    expect(describeType({ enum: ["cards", "timeline"] })).toBe('one of `"cards"`, `"timeline"`');
    expect(describeType({ anyOf: [{ type: "string" }, { type: "null" }] })).toBe("text");
    expect(describeType({ type: "array", items: { type: "number" } })).toBe("list of number");
  });

  it("docs/troubleshooting.md has every error of the catalogue, with its hint", () => {
    const page = committed("troubleshooting.md");
    const anchors = headingAnchors(page);
    const missing = Object.keys(errorsData).filter((name) => !anchors.has(name.toLowerCase()));
    expect(missing).toEqual([]);
    expect(errorReference({ SomethingWrong: { title: "A title", hint: "Do this." } })).toMatch(
      /## SomethingWrong\n\n\*\*A title\.\*\*\n\nDo this\./,
    );
  });
});

describe("links between the project's documents", () => {
  it("lead to files that exist and headings that are there", () => {
    const documents = execFileSync("git", ["ls-files", "*.md", "docs/**/*.md"], { cwd: repoRoot, encoding: "utf8" })
      .split("\n")
      .filter((file) => file && !/^(content|tests|starter)\//.test(file));
    expect(documents).toEqual(expect.arrayContaining(["README.md", "docs/cli.md"]));
    expect(brokenLinks(repoRoot, documents)).toEqual([]);
  });

  it("finds a dead file and a dead anchor", () => {
    const broken = brokenLinks(path.join(repoRoot, "tests", "fixtures", "docs-links"), ["page.md"]);
    expect(broken.map((link) => link.href)).toEqual(["missing.md", "other.md#nowhere", "#not-here"]);
  });
});
