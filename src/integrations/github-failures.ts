// Why GitHub's answer could not be used, in the words of the build's warning (never with the request's token).
import { AnswerTooLarge, formatBytes } from "./capped-answer.js";

/** Why GitHub's answer could not be used: unreachable (the cache stands in), or a name it does not know. */
export class Unreachable extends Error {}
export class NotFound extends Error {}
/** An answer that is not what the request asks for (not a list, not a repository): read as GitHub failing. */
export class Unusable extends Error {}

/** What GitHub's refusal means, for the warning: a rate limit and when it ends, or the status. */
export function describeRefusal(answer: Response): string {
  const remaining = answer.headers.get("x-ratelimit-remaining");
  if ((answer.status === 403 || answer.status === 429) && (remaining === "0" || answer.headers.has("retry-after"))) {
    const reset = Number(answer.headers.get("x-ratelimit-reset"));
    const until =
      Number.isFinite(reset) && reset > 0 ? ` until ${new Date(reset * 1000).toISOString().slice(11, 16)} UTC` : "";
    return `limits the rate of requests${until} (HTTP ${answer.status}; a GITHUB_TOKEN raises the limit to 5,000 an hour)`;
  }
  return `answered HTTP ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ""}`;
}

/** Why a request failed, without anything of the request itself (its headers hold the token). */
export function describeFailure(error: unknown, api: string, timeoutMs: number): string {
  const name = (error as Error | undefined)?.name;
  if (name === "TimeoutError" || name === "AbortError") return `did not answer within ${timeoutMs / 1000} s (${api})`;
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause?.code;
  if (error instanceof SyntaxError) return `answered with something that is not JSON (${api})`;
  if (error instanceof AnswerTooLarge)
    return `sent an answer larger than ${formatBytes(error.limit)}, which the build does not read (${api})`;
  if (error instanceof Unusable) return `${error.message} (${api})`;
  return `could not be reached${cause ? ` (${cause}, ${api})` : ` (${api})`}`;
}
