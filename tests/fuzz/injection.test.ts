import { existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { Browser, Dialog } from "playwright-core";
import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../../src/serve/start-server.js";
import { launchChromium, openWatchedPage, settled, type WatchedPage } from "../helpers/browser.js";
import type { SiteCopy } from "../helpers/sample-site.js";
import { applyChanges } from "./apply-changes.js";
import { badInputCases } from "./corpus.js";
import type { BadInputCase, Builds } from "./corpus-types.js";
import { build, builtSample, scratchCopy } from "./scratch-site.js";

/**
 * The bad-input corpus, part two: payloads in every text field that are valid content. Each must
 * build, and opening the pages that show it in Chromium (with every dialog opened and the pointer
 * moved over it) must run nothing: no dialog, no `window.__pwned`, no request to another host, no
 * CSP violation. (Part one, input that is refused, is in bad-input.test.ts.)
 */

const injections = badInputCases.filter((entry): entry is BadInputCase & { expect: Builds } => !entry.expect.rejected);
let template: SiteCopy;
let browser: Browser;

beforeAll(async () => {
  [template, browser] = await Promise.all([builtSample(), launchChromium()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await template?.remove();
});

/** What a case does to each path: an edit of some text in it, or the whole file (written, removed, linked). */
function touched(entry: BadInputCase): Array<{ path: string; find?: string | RegExp }> {
  return entry.changes.map((change) =>
    "write" in change
      ? { path: change.write }
      : "edit" in change
        ? { path: change.edit, find: change.find }
        : "remove" in change
          ? { path: change.remove }
          : "mkdir" in change
            ? { path: change.mkdir }
            : "symlink" in change
              ? { path: change.symlink }
              : { path: change.to },
  );
}

/**
 * Two cases can be built together when no path is touched by both, or only by edits of different
 * text in it (most config cases edit one field each of portfolio.config.ts). An edit that finds
 * nothing fails the build of its group, so a clash is seen, never hidden.
 */
function compatible(one: BadInputCase, other: BadInputCase): boolean {
  return touched(one).every((mine) =>
    touched(other).every(
      (theirs) =>
        mine.path !== theirs.path ||
        (mine.find !== undefined && theirs.find !== undefined && String(mine.find) !== String(theirs.find)),
    ),
  );
}

/**
 * Cases grouped so that no two in a group clash: each group is one build and one visit of each
 * page, which keeps this file fast. A group that fails is run again case by case, so the failure
 * names its case.
 */
function groupCases(
  entries: Array<BadInputCase & { expect: Builds }>,
  size = 12,
): Array<Array<BadInputCase & { expect: Builds }>> {
  const groups: Array<Array<BadInputCase & { expect: Builds }>> = [];
  for (const entry of entries) {
    const group = groups.find(
      (candidate) => candidate.length < size && candidate.every((other) => compatible(entry, other)),
    );
    if (group) group.push(entry);
    else groups.push([entry]);
  }
  return groups;
}

async function buildAndVisit(entries: Array<BadInputCase & { expect: Builds }>): Promise<void> {
  const root = await scratchCopy(template);
  try {
    for (const entry of entries) await applyChanges(root, entry.changes);
    const run = await build(root);
    expect(run.code, run.stderr).toBe(0);
    await expectFeedsLinkOnlyToPosts(path.join(root, "dist"));
    const server = await startServer({ root: path.join(root, "dist"), base: "/", port: 0, host: "127.0.0.1" });
    // One browser context and page visits the group's pages in turn; what each page did is told apart.
    const watched = await openWatchedPage(browser, new URL(server.url).origin);
    try {
      for (const page of new Set(entries.flatMap((entry) => entry.expect.pages)))
        await expectNothingRuns(watched, server.url, page);
    } finally {
      await watched.context.close();
      await server.close();
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

describe(`injection that is valid content (${injections.length} cases) builds and runs nothing`, () => {
  it("puts no arguments on the command line (every case is served at /)", () => {
    expect(injections.filter((entry) => entry.args?.length)).toEqual([]);
  });

  const groups = groupCases(injections);
  it.each(groups.map((group) => [group.map((entry) => entry.name).join(" + "), group] as const))(
    "%s",
    async (_names, group) => {
      try {
        await buildAndVisit(group);
      } catch (groupFailure) {
        if (group.length === 1) throw groupFailure;
        for (const entry of group) {
          await buildAndVisit([entry]).catch((failure: Error) => {
            throw new Error(`${entry.kind}: ${entry.name}: ${failure.message}`, { cause: failure });
          });
        }
        throw groupFailure;
      }
    },
    120_000,
  );
});

async function expectNothingRuns(watched: WatchedPage, siteUrl: string, sitePath: string): Promise<void> {
  const dialogs: string[] = [];
  const onDialog = (dialog: Dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  };
  watched.page.on("dialog", onDialog);
  // What happens from here on is this page's.
  const problems = watched.problems.length;
  const foreignRequests = watched.foreignRequests.length;
  try {
    await watched.page.goto(`${siteUrl}${sitePath}`, { waitUntil: "load" });
    // Every island brought to life, as by a visitor reaching for it: its code runs on the content too.
    await settled(watched.page);
    // Open every dialog the page has (project and blog cards), where content is rendered once more.
    const openers = watched.page.locator("button[aria-haspopup=dialog]");
    for (let index = 0; index < (await openers.count()); index++) {
      await openers.nth(index).click();
      // The dialog takes the item's text from its page: wait for it, since that is what is injected.
      await watched.page.locator("dialog .modal-text:not([aria-busy])").waitFor();
      await watched.page.keyboard.press("Escape");
    }
    // Hover everything once, for payloads that wait for a pointer (onmouseover).
    await watched.page.mouse.move(5, 5);
    await watched.page.mouse.move(600, 400, { steps: 8 });
    await watched.page.waitForTimeout(50);
    const pwned = await watched.page.evaluate(() => (window as { __pwned?: unknown }).__pwned);
    expect(pwned, `window.__pwned on /${sitePath}`).toBeUndefined();
    expect(dialogs, `dialogs on /${sitePath}`).toEqual([]);
    expect(watched.foreignRequests.slice(foreignRequests), `requests to other hosts from /${sitePath}`).toEqual([]);
    expect(watched.problems.slice(problems), `console errors (CSP violations) on /${sitePath}`).toEqual([]);
  } finally {
    watched.page.off("dialog", onDialog);
  }
}

/** Whatever a post holds, each item of the feeds (which the build has parsed strictly) leads to a post of the site. */
async function expectFeedsLinkOnlyToPosts(outDir: string): Promise<void> {
  for (const file of ["feed.xml", "atom.xml"].filter((name) => existsSync(path.join(outDir, name)))) {
    const feed = await new Parser().parseString(await readFile(path.join(outDir, file), "utf8"));
    for (const item of feed.items)
      expect(item.link, `${file}: ${item.title}`).toMatch(/^https:\/\/maya-okafor\.example\/blogs\/[\w.-]+$/);
  }
}
