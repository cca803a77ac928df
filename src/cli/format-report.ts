import path from "node:path";
import pc from "picocolors";
import type { BuildResult } from "../pipeline/build-site.js";
import type { Size } from "../pipeline/measure-sizes.js";
import { printable } from "../terminal/printable.js";

/** The build's one summary line and its per-route table of sizes. */
export function formatReport(result: BuildResult, cwd: string): string {
  const where = printable(path.relative(cwd, result.outDir) || ".");
  const summary = result.unchanged
    ? `${pc.green("✓")} Nothing changed since the last build: ${where}${path.sep} is up to date (${result.pageCount} pages, ${result.fileCount} files; checked in ${formatDuration(result.durationMs)})`
    : `${pc.green("✓")} Built ${result.pageCount} pages (${result.fileCount} files) into ${where}${path.sep} in ${formatDuration(result.durationMs)}`;
  const header = ["Route", "HTML", "CSS", "JS"];
  const rows = result.routes.map((route) => [
    printable(route.pages > 1 ? `${route.url} (${route.pages}, largest)` : route.url),
    formatSize(route.html),
    formatSize(route.css),
    formatSize(route.js),
  ]);
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("   ");
  const table = [pc.dim(line(header)), ...rows.map(line)].map((row) => `  ${row}`).join("\n");
  return `${summary}\n\n${table}\n\n  ${pc.dim("sizes: raw / gzip")}`;
}

export function formatSize({ raw, gzip }: Size): string {
  return `${formatBytes(raw)} / ${formatBytes(gzip)}`;
}

export function formatBytes(bytes: number): string {
  return bytes < 1000 ? `${bytes} B` : `${(bytes / 1000).toFixed(1)} kB`;
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
