import { existsSync } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteCopy } from "../helpers/sample-site.js";
import { applyChanges } from "./apply-changes.js";
import { badInputCases } from "./corpus.js";
import type { BadInputCase, Rejected } from "./corpus-types.js";
import {
  build,
  builtSample,
  differences,
  reusableScratch,
  snapshot,
  type ReusableScratch,
  type Snapshot,
} from "./scratch-site.js";

/**
 * The bad-input corpus, part one: each case breaks one thing in a scratch copy of the sample site
 * that was built once, then runs `portfolio build` over it. The cases share one scratch copy, put
 * back after each case and proved identical to the built sample before the next. It must end with exit 1, one message
 * naming the file and the field, no stack trace, and the previous output byte for byte as it was.
 * (Part two, injection that is valid content, is in injection.test.ts.)
 */

// The corpus's payloads write here if front matter is ever run.
const pwnedFile = "/tmp/portfolio-pwned";
const rejected = badInputCases.filter((entry): entry is BadInputCase & { expect: Rejected } => entry.expect.rejected);
let template: SiteCopy;
let scratch: ReusableScratch;

beforeAll(async () => {
  await rm(pwnedFile, { force: true });
  template = await builtSample();
  scratch = await reusableScratch(template);
}, 120_000);

afterAll(async () => {
  await scratch?.remove();
  await template?.remove();
});

describe(`bad input (${rejected.length} cases) is refused with one clear message`, () => {
  it("covers every kind of input the corpus names, with at least 60 cases", () => {
    expect(rejected.length).toBeGreaterThanOrEqual(60);
    expect(new Set(badInputCases.map((entry) => entry.name)).size).toBe(badInputCases.length);
  });

  it.each(rejected.map((entry) => [`${entry.kind}: ${entry.name}`, entry] as const))("%s", async (_name, entry) => {
    const before = await scratch.fresh();
    const { root } = scratch;
    let after: Snapshot | undefined;
    try {
      await applyChanges(root, entry.changes);
      const run = await build(root, entry.args);
      const message = run.stderr;
      expect(run.code, message).toBe(1);
      expect(message).not.toContain("Unexpected error");
      expect(message).not.toContain("a bug in portfolio");
      expect(message, "no stack trace").not.toMatch(/\n\s+at .+[:(]/);
      expect(message.match(/^✗ /gm), "one message").toHaveLength(1);
      // eslint-disable-next-line no-control-regex
      expect(message, "no raw control character or bidi override reaches the terminal").not.toMatch(
        /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/,
      );
      if (entry.expect.file) expect(message).toContain(entry.expect.file);
      if (entry.expect.field) expect(message).toContain(entry.expect.field);
      after = await snapshot(root);
      expect(differences(before, after, "dist"), "the previous output is unchanged").toEqual([]);
      expect(
        (await readdir(root)).filter((name) => name.startsWith("dist.")),
        "no staging folder is left",
      ).toEqual([]);
      expect(existsSync(pwnedFile), "front matter ran no code").toBe(false);
    } finally {
      await scratch.reset(after ?? (await snapshot(root)));
    }
  });
});
