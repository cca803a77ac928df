import pc from "picocolors";

/**
 * A unified diff of one file, as `git diff` shows it (`--- a/file`, `+++ b/file`, three lines of
 * context), coloured when the output is a terminal (picocolors' own test: a TTY, no NO_COLOR);
 * "" when the texts are the same.
 */
export async function unifiedDiff(
  before: string,
  after: string,
  labels: { before: string; after: string },
): Promise<string> {
  if (before === after) return "";
  const { createTwoFilesPatch } = await import("diff");
  const patch = createTwoFilesPatch(labels.before, labels.after, before, after, "", "", { context: 3 });
  return patch
    .split("\n")
    .filter((line, index) => !(index === 0 && line.startsWith("====")))
    .map(colourLine)
    .join("\n")
    .trimEnd();
}

function colourLine(line: string): string {
  if (line.startsWith("---") || line.startsWith("+++")) return pc.bold(line);
  if (line.startsWith("@@")) return pc.cyan(line);
  if (line.startsWith("+")) return pc.green(line);
  if (line.startsWith("-")) return pc.red(line);
  return line;
}
