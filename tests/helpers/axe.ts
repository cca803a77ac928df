import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

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
 * Runs axe-core in the page (through the DevTools protocol, which the page's CSP does not govern).
 * axe reports only violations, and they are summed up in the page: the passes and the rules that do
 * not apply, with a selector for every node they touched, were two thirds of a run's time and all of
 * what crossed the protocol back, and no test reads them.
 */
export async function violations(page: Page, tags = defaultTags): Promise<string[]> {
  await page.evaluate(axeSource);
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
