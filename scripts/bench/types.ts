/** The shape of .bench/report.json: everything `npm run bench` measured. */
import type { VariantReport } from "./variants.js";

export interface Size {
  raw: number;
  gzip: number;
}

export const resourceKinds = ["html", "css", "js", "image", "font", "other"] as const;
export type ResourceKind = (typeof resourceKinds)[number];

export interface Budget {
  limitGzip: number;
  actualGzip: number;
  pass: boolean;
}

export interface PageWeight {
  route: string;
  url: string;
  requests: number;
  byKind: Record<ResourceKind, Size>;
  total: Size;
  /** Every URL requested from a host other than the bench server's. */
  foreignRequests: string[];
  jsBudget: Budget;
}

export type LighthouseMode = "mobile" | "desktop";
export const categoryIds = ["performance", "accessibility", "best-practices", "seo"] as const;
export type CategoryId = (typeof categoryIds)[number];

export interface FailingAudit {
  id: string;
  title: string;
  /** 0–1, as Lighthouse reports it. */
  score: number;
  /** How much the audit counts in its category; 0 for opportunities and diagnostics. */
  weight: number;
  displayValue?: string;
  /** A few of the offending elements or URLs, to find the cause in the site. */
  items: string[];
}

export interface CategoryResult {
  /** 0–100 */
  score: number;
  failingAudits: FailingAudit[];
}

export interface LighthouseMetrics {
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export interface LighthouseRun {
  route: string;
  mode: LighthouseMode;
  url: string;
  categories: Record<CategoryId, CategoryResult>;
  metrics: LighthouseMetrics;
  /** Bytes transferred: the page and every file it loads. */
  transferBytes: number;
  /** The layout-shifts audit, kept whenever CLS is above 0 so the report can say what moved. */
  layoutShifts?: FailingAudit;
  warnings: string[];
}

export interface BenchReport {
  createdAt: string;
  node: string;
  chromium: string;
  lighthouseVersion: string;
  variants: VariantReport[];
}

/** Something the bench could not measure: the report would be wrong, so it stops with exit code 1. */
export class MeasurementError extends Error {
  override name = "MeasurementError";
}
