/**
 * The one catalogue of errors a site owner can meet. Each error says what happened, where
 * (file and field), and what was expected; its `name` never changes, so it can be searched for.
 * The CLI prints `message` (and `hint`) without a stack: these are the owner's mistakes to fix,
 * not bugs in the generator.
 */
export type PortfolioErrorName =
  | "ConfigNotFound"
  | "ConfigLoadFailed"
  | "ConfigInvalid"
  | "ContentFolderMissing"
  | "FrontMatterMalformed"
  | "ContentInvalid"
  | "AssetMissing"
  | "OutputNotWritable"
  | "PortInUse"
  | "BrokenLinks";

export class PortfolioError extends Error {
  override readonly name: PortfolioErrorName;
  readonly hint?: string;

  constructor(name: PortfolioErrorName, message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = name;
    this.hint = options.hint;
  }
}

export function isPortfolioError(error: unknown): error is PortfolioError {
  return error instanceof PortfolioError;
}

/** One problem found while validating a file: the field path (`skills[2].percent`) and what was wrong. */
export interface FieldProblem {
  field: string;
  problem: string;
}

export function describeProblems(file: string, problems: FieldProblem[]): string {
  const lines = problems.map(({ field, problem }) => `  - ${field ? `${field}: ` : ""}${problem}`);
  return `${file} is not valid:\n${lines.join("\n")}`;
}
