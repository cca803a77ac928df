import pc from "picocolors";
import { installedGuide } from "../errors-data.js";
import { describeThrown, isPortfolioError } from "../errors.js";
import { guideFrom } from "../package-root.js";
import { printable } from "./printable.js";

const reportBugs = "a bug in portfolio; please report it";

/**
 * The owner's mistakes are printed as message and hint, without a stack. Failures of portfolio
 * itself keep what happened (route, stage) and the cause's stack, for the bug report. A message or
 * hint that names a page of the guide names it from `projectRoot`, where the owner is.
 */
export function formatError(error: unknown, projectRoot?: string): string {
  if (isPortfolioError(error) && !error.bug) {
    const hint = error.hint ? `\n${pc.dim(`Hint: ${printable(localiseGuide(error.hint, projectRoot))}`)}` : "";
    return `${pc.red(`✗ ${error.name}`)}: ${printable(localiseGuide(error.message, projectRoot))}${hint}`;
  }
  if (isPortfolioError(error)) {
    return `${pc.red(`✗ ${error.name}`)} (${reportBugs}): ${printable(error.message)}\n${printable(stackOf(error.cause ?? error))}`;
  }
  return `${pc.red("✗ Unexpected error")} (${reportBugs}):\n${printable(stackOf(error))}`;
}

function stackOf(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : describeThrown(error);
}

/** A warning of a build, as the terminal prints it. */
export function formatWarning(warning: string, projectRoot: string): string {
  return `${pc.yellow("!")} ${printable(localiseGuide(warning, projectRoot))}`;
}

/**
 * The catalogue's hints name the guide where a site made by
 * `init` has it; a clone or a global install has it elsewhere.
 */
export function localiseGuide(hint: string, projectRoot: string | undefined): string {
  return projectRoot === undefined ? hint : hint.replaceAll(installedGuide, guideFrom(projectRoot));
}
