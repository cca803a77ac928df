import { copyFile, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Page } from "playwright-core";

const axeFile = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const axeSource = await readFile(axeFile, "utf8");
const axeName = "__axe-core.js";

/** The folders test servers serve, by the origin and address they are served at. */
const servedFolders = new Map<string, { folder: string; siteUrl: string; copied?: Promise<void> }>();

/**
 * Lets `violations` load axe in pages of this site as a script of the site's own (which its CSP
 * allows): Chromium then compiles it once and keeps the code, where handing its 500 kB to each page
 * through the DevTools protocol cost a second a page, half of an axe check. The file is put into the
 * folder only when a page of it is first checked.
 */
export function serveAxeFrom(siteUrl: string, folder: string): void {
  servedFolders.set(new URL(siteUrl).origin, { folder, siteUrl });
}

async function loadAxe(page: Page): Promise<void> {
  const served = servedFolders.get(new URL(page.url()).origin);
  if (served) {
    served.copied ??= copyFile(axeFile, path.join(served.folder, axeName));
    await served.copied;
    const loaded = await page.evaluate(
      (address) =>
        new Promise<boolean>((resolve) => {
          const script = document.createElement("script");
          script.src = address;
          script.onload = () => resolve(true);
          script.onerror = () => resolve(false);
          document.head.append(script);
        }),
      new URL(axeName, served.siteUrl).href,
    );
    if (loaded) return;
  }
  await page.evaluate(axeSource);
}

const defaultTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

interface AxeViolation {
  id: string;
  help: string;
  nodes: Array<{ target: string[] }>;
}

type AxeRun = (
  context: unknown,
  options: unknown,
) => Promise<{
  violations: AxeViolation[];
}>;

/**
 * Runs axe-core in the page (as a script of the site, or through the DevTools protocol, which the
 * page's CSP does not govern).
 * axe reports only violations, and they are summed up in the page: the passes and the rules that do
 * not apply, with a selector for every node they touched, were two thirds of a run's time and all of
 * what crossed the protocol back, and no test reads them.
 */
export async function violations(page: Page, tags = defaultTags): Promise<string[]> {
  await loadAxe(page);
  return page.evaluate(async (values) => {
    const axe = (window as unknown as { axe: { run: AxeRun } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values }, resultTypes: ["violations"] });
    return result.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(" "))
          .slice(0, 5)
          .join(", ")}`,
    );
  }, tags);
}
