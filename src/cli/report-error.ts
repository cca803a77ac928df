import pc from "picocolors";
import { isPortfolioError } from "../errors.js";

/** The owner's mistakes are printed as message and hint; anything else is a bug and keeps its stack. */
export function formatError(error: unknown): string {
  if (isPortfolioError(error)) {
    const hint = error.hint ? `\n${pc.dim(`Hint: ${error.hint}`)}` : "";
    return `${pc.red(`✗ ${error.name}`)}: ${error.message}${hint}`;
  }
  const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return `${pc.red("✗ Unexpected error")} (a bug in portfolio; please report it):\n${stack}`;
}
