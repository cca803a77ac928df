import { createRequire } from "node:module";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Config, type Result } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import {
  MeasurementError,
  categoryIds,
  type CategoryId,
  type CategoryResult,
  type FailingAudit,
  type LighthouseMode,
  type LighthouseRun,
} from "./types.js";

export const lighthouseVersion: string = createRequire(import.meta.url)("lighthouse/package.json").version;

/** Undefined is Lighthouse's default config: a mobile device with simulated throttling. */
const configs: Record<LighthouseMode, Config | undefined> = { mobile: undefined, desktop: desktopConfig };

/** Audits that only inform: their score says nothing about the site. */
const scoredModes = new Set(["binary", "numeric", "metricSavings"]);

/** One Chromium per mode; Lighthouse opens a new tab and resets storage for every run, so each route is a first visit. */
export async function auditRoutes(
  chromiumPath: string,
  chromiumFlags: readonly string[],
  siteUrl: string,
  routes: readonly string[],
  modes: readonly LighthouseMode[] = ["mobile", "desktop"],
): Promise<LighthouseRun[]> {
  const runs: LighthouseRun[] = [];
  for (const mode of modes) {
    const chrome = await launch(chromiumPath, chromiumFlags);
    try {
      for (const route of routes) {
        process.stderr.write(`  lighthouse ${mode} ${route}\n`);
        runs.push(await auditRoute(chrome.port, mode, route, new URL(route.slice(1), siteUrl).href));
      }
    } finally {
      chrome.kill();
    }
  }
  return runs;
}

async function launch(chromePath: string, chromeFlags: readonly string[]): Promise<chromeLauncher.LaunchedChrome> {
  try {
    return await chromeLauncher.launch({ chromePath, chromeFlags: [...chromeFlags], logLevel: "silent" });
  } catch (error) {
    throw new MeasurementError(`Could not start Chromium for Lighthouse (${chromePath}): ${(error as Error).message}`);
  }
}

async function auditRoute(port: number, mode: LighthouseMode, route: string, url: string): Promise<LighthouseRun> {
  const result = await lighthouse(
    url,
    { port, output: "json", logLevel: "error", onlyCategories: [...categoryIds] },
    configs[mode],
  );
  const lhr = result?.lhr;
  if (!lhr) throw new MeasurementError(`Lighthouse returned no result for ${url} (${mode}).`);
  if (lhr.runtimeError)
    throw new MeasurementError(
      `Lighthouse failed on ${url} (${mode}): ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
    );
  const cls = numeric(lhr, "cumulative-layout-shift");
  return {
    route,
    mode,
    url,
    categories: Object.fromEntries(categoryIds.map((id) => [id, categoryResult(lhr, id)])) as Record<
      CategoryId,
      CategoryResult
    >,
    metrics: {
      fcpMs: Math.round(numeric(lhr, "first-contentful-paint")),
      lcpMs: Math.round(numeric(lhr, "largest-contentful-paint")),
      tbtMs: Math.round(numeric(lhr, "total-blocking-time")),
      cls,
    },
    transferBytes: numeric(lhr, "total-byte-weight"),
    ...(cls > 0 && lhr.audits["layout-shifts"] ? { layoutShifts: describeAudit(lhr.audits["layout-shifts"], 0) } : {}),
    warnings: lhr.runWarnings,
  };
}

function categoryResult(lhr: Result, id: CategoryId): CategoryResult {
  const category = lhr.categories[id];
  if (!category || category.score === null)
    throw new MeasurementError(`Lighthouse gave no ${id} score for ${lhr.finalDisplayedUrl}.`);
  const failingAudits = category.auditRefs
    .map((ref) => ({ audit: lhr.audits[ref.id]!, weight: ref.weight }))
    .filter(({ audit }) => scoredModes.has(audit.scoreDisplayMode) && audit.score !== null && audit.score < 1)
    // What costs points first, then opportunities and diagnostics that explain them.
    .sort(
      (a, b) => b.weight * (1 - a.audit.score!) - a.weight * (1 - b.audit.score!) || a.audit.score! - b.audit.score!,
    )
    .map(({ audit, weight }) => describeAudit(audit, weight));
  return { score: Math.round(category.score * 100), failingAudits };
}

function describeAudit(audit: Result["audits"][string], weight: number): FailingAudit {
  return {
    id: audit.id,
    title: audit.title,
    score: audit.score ?? 0,
    weight,
    ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
    items: detailItems(audit.details).slice(0, 8),
  };
}

interface Detail {
  type?: string;
  items?: unknown;
  value?: unknown;
  chains?: Record<string, ChainNode>;
}

interface ChainNode {
  url: string;
  transferSize: number;
  navStartToEndTime: number;
  children?: Record<string, ChainNode>;
}

interface NodeItem {
  selector?: string;
  snippet?: string;
  explanation?: string;
}

/** The elements, URLs or failed checks an audit blames, whatever shape its details have. */
function detailItems(details: unknown): string[] {
  if (!details || typeof details !== "object") return [];
  const detail = details as Detail;
  switch (detail.type) {
    case "list":
      return (detail.items as unknown[]).flatMap(detailItems);
    case "list-section":
      return detailItems(detail.value);
    case "checklist":
      return Object.values(detail.items as Record<string, { label: string; value: boolean }>)
        .filter((check) => !check.value)
        .map((check) => `✗ ${check.label}`);
    case "network-tree":
      return slowestRequests(Object.values(detail.chains ?? {}));
    case "node":
      return [describeNode(detail as NodeItem)];
    case "table":
    case "opportunity":
      return (detail.items as Record<string, unknown>[]).flatMap(describeRow);
    default:
      return [];
  }
}

function describeRow(row: Record<string, unknown>): string[] {
  if (row.node) return [describeNode(row.node as NodeItem)];
  const text = [row.url, row.reason, row.label, row.description].find(
    (value): value is string => typeof value === "string" && value !== "",
  );
  if (!text) return [];
  const extra =
    typeof row.wastedBytes === "number"
      ? ` (${Math.round(row.wastedBytes)} B wasted)`
      : typeof row.wastedMs === "number"
        ? ` (${Math.round(row.wastedMs)} ms)`
        : typeof row.duration === "number"
          ? ` ${Math.round(row.duration)} ms`
          : "";
  return [`${text}${extra}`];
}

function describeNode(node: NodeItem): string {
  const explanation = node.explanation ? ` — ${node.explanation.split("\n").slice(0, 2).join(" ")}` : "";
  return `${node.selector ?? "?"}  ${node.snippet ?? ""}${explanation}`.trim();
}

/** The critical chain is long only because of its heaviest requests: name the ones that finish last. */
function slowestRequests(chains: ChainNode[]): string[] {
  const flatten = (node: ChainNode): ChainNode[] => [node, ...Object.values(node.children ?? {}).flatMap(flatten)];
  return chains
    .flatMap(flatten)
    .sort((a, b) => b.navStartToEndTime - a.navStartToEndTime)
    .slice(0, 3)
    .map(
      (node) =>
        `${node.url} (${(node.transferSize / 1000).toFixed(1)} kB transferred, done at ${Math.round(node.navStartToEndTime)} ms)`,
    );
}

function numeric(lhr: Result, auditId: string): number {
  const value = lhr.audits[auditId]?.numericValue;
  if (value === undefined)
    throw new MeasurementError(`Lighthouse measured no ${auditId} for ${lhr.finalDisplayedUrl}.`);
  return value;
}
