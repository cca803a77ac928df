/**
 * The body of a remote service's answer, read with a limit: a service (or whatever answers at the
 * address the environment names) may send anything, as much as it likes. The body is counted as
 * it streams in (after the transfer's own decompression, so a gzip bomb is counted as what it
 * unpacks to) and the transfer is aborted as soon as it passes the limit.
 */

/** An answer larger than the limit: its transfer was aborted. */
export class AnswerTooLarge extends Error {
  override name = "AnswerTooLarge";
  constructor(readonly limit: number) {
    super(`the answer is larger than ${formatBytes(limit)}`);
  }
}

/** The body as text, when it is at most `limit` bytes; AnswerTooLarge otherwise. */
export async function readCappedText(answer: Response, limit: number): Promise<string> {
  const declared = Number(answer.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) {
    await answer.body?.cancel();
    throw new AnswerTooLarge(limit);
  }
  if (!answer.body) return "";
  const reader = answer.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      await reader.cancel();
      throw new AnswerTooLarge(limit);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** The body parsed as JSON, within the limit (a SyntaxError when it is not JSON). */
export async function readCappedJson(answer: Response, limit: number): Promise<unknown> {
  return JSON.parse(await readCappedText(answer, limit));
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} kB`;
}
