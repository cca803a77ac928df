// The code as ARCHITECTURE.md's map says: no circle of imports between the files of src/, and no
// import against the pipeline's direction (the layers of tests/helpers/layers.ts). Reads the imports
// with TypeScript's parser; builds nothing.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importCycles, importGraph, layerViolations, unusedAllowances } from "./helpers/import-graph.js";
import { type LayerTable, srcLayers } from "./helpers/layers.js";

const repoRoot = path.resolve(import.meta.dirname, "..");
const src = path.join(repoRoot, "src");
const fixture = path.join(repoRoot, "tests", "fixtures", "architecture");

describe("the imports of src/", () => {
  const graph = importGraph(src);

  it("are read from every source file, static, re-exported and dynamic", () => {
    expect(graph.size).toBeGreaterThan(250);
    expect(graph.get("pipeline/build-site.ts")).toContain("pipeline/build-stages.ts");
    expect(graph.get("overrides/public-components.ts")).toContain("components/Layout.tsx");
  });

  it("close no circle between files", () => {
    const circles = importCycles(graph).map((circle) => circle.join(" → "));
    expect(circles, "a type two files share lives in a module below both").toEqual([]);
  });

  it("never run against the layers' order", () => {
    expect(layerViolations(graph, srcLayers), "move what is shared into the layer below both").toEqual([]);
  });

  it("use every import the table allows against the order", () => {
    expect(unusedAllowances(graph, srcLayers)).toEqual([]);
  });

  it("the table names each folder of src/ that holds code, and no other", () => {
    const parts = srcLayers.layers.flatMap((layer) => layer.parts);
    const folders = readdirSync(src, { withFileTypes: true })
      .filter(
        (entry) => entry.isDirectory() && readdirSync(path.join(src, entry.name), { recursive: true }).some(isCode),
      )
      .map((entry) => entry.name);
    expect(parts.filter((part) => part !== ".").sort()).toEqual(folders.sort());
    expect(new Set(parts).size).toBe(parts.length);
  });

  it("ARCHITECTURE.md's code map lists the table's parts in its order", () => {
    const text = readFileSync(path.join(repoRoot, "ARCHITECTURE.md"), "utf8");
    const map = text.slice(text.indexOf("\n## Code map\n"));
    const end = map.indexOf("\n## ", 1);
    const listed = [...(end === -1 ? map : map.slice(0, end)).matchAll(/^\s*- \*\*`([^`]+)`\*\*/gm)].map(([, name]) =>
      name === "src/*.ts" ? "." : name!.replace(/\/$/, ""),
    );
    expect(listed).toEqual(srcLayers.layers.flatMap((layer) => layer.parts));
  });
});

function isCode(file: string | Buffer): boolean {
  return /\.(ts|tsx|mts|mjs)$/.test(String(file));
}

describe("the check, on a small tree that breaks each rule", () => {
  const table: LayerTable = {
    layers: [{ parts: ["low"] }, { parts: ["high", "circle"] }],
    allowed: [
      { from: "low/allowed.ts", to: "high/top.ts", why: "named here, so not reported" },
      { from: "low/base.ts", to: "circle/two.ts", why: "an import that no longer exists" },
    ],
  };
  const graph = importGraph(fixture);

  it("reads a multi-line import, an import() and a type-only import", () => {
    expect(Object.fromEntries(graph)).toEqual({
      "circle/one.ts": ["circle/two.ts", "high/top.ts"],
      "circle/two.ts": ["circle/one.ts"],
      "high/top.ts": [],
      "low/allowed.ts": ["high/top.ts"],
      "low/base.ts": ["high/top.ts"],
      "stray/loose.ts": ["low/base.ts"],
    });
  });

  it("finds the circle and names its files in order", () => {
    expect(importCycles(graph)).toEqual([["circle/one.ts", "circle/two.ts", "circle/one.ts"]]);
  });

  it("names each forbidden import and the folder in no layer", () => {
    expect(layerViolations(graph, table)).toEqual([
      "circle/one.ts → high/top.ts (high and circle are peers)",
      "low/base.ts → high/top.ts (high is above low)",
      "stray/loose.ts: its folder stray/ is in no layer of the table",
    ]);
  });

  it("names an allowance no import uses", () => {
    expect(unusedAllowances(graph, table)).toEqual(["low/base.ts → circle/two.ts"]);
  });
});
