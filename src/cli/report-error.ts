import pc from "picocolors";
import { describeThrown, isPortfolioError } from "../errors.js";
import { printable } from "./printable.js";

const reportBugs = "a bug in portfolio; please report it";

/**
 * The owner's mistakes are printed as message and hint, without a stack. Failures of portfolio
 * itself keep what happened (route, stage) and the cause's stack, for the bug report.
 */
export function formatError(error: unknown): string {
  if (isPortfolioError(error) && !error.bug) {
    const hint = error.hint ? `\n${pc.dim(`Hint: ${printable(error.hint)}`)}` : "";
    return `${pc.red(`✗ ${error.name}`)}: ${printable(error.message)}${hint}`;
  }
  if (isPortfolioError(error)) {
    return `${pc.red(`✗ ${error.name}`)} (${reportBugs}): ${printable(error.message)}\n${printable(stackOf(error.cause ?? error))}`;
  }
  return `${pc.red("✗ Unexpected error")} (${reportBugs}):\n${printable(stackOf(error))}`;
}

function stackOf(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : describeThrown(error);
}
