import { errorsData, type ErrorArguments, type PortfolioErrorName } from "./errors-data.js";

export type { PortfolioErrorName } from "./errors-data.js";

/**
 * An error from the catalogue in `errors-data.ts`. The CLI prints `message` and `hint` without a
 * stack: these are the owner's mistakes to fix. Errors whose catalogue entry says `bug` are
 * printed with their cause's stack instead.
 */
export class PortfolioError extends Error {
  override readonly name: PortfolioErrorName;
  readonly hint?: string;
  readonly bug: boolean;

  constructor(name: PortfolioErrorName, message: string, options: { hint?: string | undefined; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    const data = errorsData[name];
    this.name = name;
    this.hint = options.hint ?? ("hint" in data ? data.hint : undefined);
    this.bug = "bug" in data && data.bug;
  }
}

/** Makes the named error of the catalogue, its message filled in from `args`. */
export function portfolioError<N extends PortfolioErrorName>(
  name: N,
  args: ErrorArguments<N>,
  options: { cause?: unknown; hint?: string } = {},
): PortfolioError {
  const message = (errorsData[name].message as (...values: ErrorArguments<N>) => string)(...args);
  return new PortfolioError(name, message, options);
}

export function isPortfolioError(error: unknown): error is PortfolioError {
  return error instanceof PortfolioError;
}

/**
 * One problem found while validating a file: the field path (`skills[2].percent`, `body (line 4)`),
 * or "" when the problem is the whole file, and what was wrong.
 */
export interface FieldProblem {
  field: string;
  problem: string;
}

export function describeProblems(file: string, problems: FieldProblem[]): string {
  const lines = problems.map(({ field, problem }) => `  - ${field ? `${field}: ` : ""}${problem}`);
  return `${file} is not valid:\n${lines.join("\n")}`;
}

/** Problems gathered per file, so that the owner sees all of them in one pass. */
export class ProblemList {
  private readonly byFile = new Map<string, FieldProblem[]>();

  /** Adds problems to a file's, each once: a check run once per language of the site finds some twice. */
  add(file: string, problems: FieldProblem | FieldProblem[]): void {
    const known = this.byFile.get(file) ?? [];
    const list = (Array.isArray(problems) ? problems : [problems]).filter(
      (problem, index, all) =>
        ![...known, ...all.slice(0, index)].some(
          (other) => other.field === problem.field && other.problem === problem.problem,
        ),
    );
    if (list.length) this.byFile.set(file, [...known, ...list]);
  }

  get size(): number {
    return this.byFile.size;
  }

  files(): string[] {
    return [...this.byFile.keys()];
  }

  /** Every file's problems, one block per file. */
  report(): string {
    return [...this.byFile].map(([file, found]) => describeProblems(file, found)).join("\n");
  }

  /** Throws the named error with every problem gathered, if there is any (with `hint` in place of the catalogue's). */
  throwIfAny(
    name:
      | "ContentInvalid"
      | "PublicationsInvalid"
      | "ConfigInvalid"
      | "UnsafeFile"
      | "AssetMissing"
      | "ImageUnreadable"
      | "VideoUnreadable"
      | "BrokenLinks"
      | "ContentTargetUnsafe",
    { hint }: { hint?: string } = {},
  ): void {
    if (this.size > 0) throw portfolioError(name, [this.report()], { ...(hint ? { hint } : {}) });
  }
}

/** The message of anything thrown, which need not be an Error. */
export function describeThrown(value: unknown): string {
  if (value instanceof Error) return value.message || value.name;
  if (typeof value === "string") return value;
  if (value === undefined) return "undefined (a throw without a value)";
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
