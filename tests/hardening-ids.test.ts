import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, type BuildResult } from "../src/pipeline/build-site.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

/**
 * A post whose footnotes, headings and diagrams would each want an id another already has: `[^1]`'s
 * reference is `fn-ref-1`, which is `[^ref-1]`'s own note; headings named as the footnotes' and the
 * diagrams' ids (the body's prefix is `ids-`), as the page's own ids, and repeated.
 */
const collidingPost = `---
title: Ids that would collide
date: 2025-01-01
category: AI
---

## Ids fn 1

A claim[^1], another[^ref-1], the first again[^1], a label[^label] and one more[^1-2].

## Ids fn ref 1

## Ids fn ref 1 2

## Ids fn label

## Ids diagram 1 figure

## Comments heading

## Main

## Island 0

## Again

## Again

## Again 2

\`\`\`mermaid
flowchart LR
  A --> B
\`\`\`

\`\`\`mermaid
flowchart LR
  C --> D
\`\`\`

[^1]: The first.
[^ref-1]: A note labelled as the first's reference.
[^label]: A note labelled as the footnotes' heading.
[^1-2]: A note labelled as the first's second reference.
`;

describe("the ids of a post's body", () => {
  let site: SiteCopy;
  let result: BuildResult;

  beforeAll(async () => {
    site = await copySampleSite({ warmCache: true });
    await site.write("content/blog/ids.md", collidingPost);
    result = await buildSite({ cwd: site.root, env: {} });
  }, 120_000);
  afterAll(async () => {
    await site.remove();
  });

  it("are each given once, however its footnotes, headings and diagrams are named, and every link finds its target", async () => {
    const html = await readFile(path.join(result.outDir, "blogs", "ids.html"), "utf8");
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    const targets = [...html.matchAll(/href="#([^"]*)"/g)].map((match) => match[1]!).filter(Boolean);
    for (const target of targets) expect(ids, target).toContain(target);
    // Each reference leads to its own note, and each note back to its reference.
    const noteOf = (text: string) => new RegExp(`<li id="([^"]+)">\\s*<p>(?:${text})`).exec(html)?.[1];
    const referenceTo = (note: string | undefined) =>
      [...html.matchAll(new RegExp(`<a href="#${note}" id="([^"]+)"`, "g"))].map((match) => match[1]);
    expect(referenceTo(noteOf("The first"))).toHaveLength(2);
    expect(
      referenceTo(noteOf("A note labelled as the first&#39;s reference|A note labelled as the first's reference")),
    ).toHaveLength(1);
    expect(
      referenceTo(
        noteOf("A note labelled as the first&#39;s second reference|A note labelled as the first's second reference"),
      ),
    ).toHaveLength(1);
    // The table of contents leads to the headings.
    expect(html).toContain('href="#ids-fn-1"');
    expect(html.match(/<div class="diagram" id="/g)).toHaveLength(2);
  });
});

describe("BodyIds", () => {
  it("gives an id asked for inside a namespace another, and ends however the ids are named", async () => {
    const { BodyIds } = await import("../src/content/body-ids.js");
    const ids = new BodyIds();
    const prefix = ids.claimPrefix("a-diagram-1-");
    const claimed = ["island-0", "island", "island", "main", "a-diagram-1-figure", "a-diagram-1", "a-diagram-1"].map(
      (base) => ids.claim(base),
    );
    expect(new Set(claimed).size).toBe(claimed.length);
    for (const id of claimed) expect(id.startsWith(prefix) || id.startsWith("island-") || id === "main").toBe(false);
    expect(ids.claimPrefix("a-diagram-1-")).not.toBe(prefix);
  });
});
