import { distance } from "fastest-levenshtein";

/**
 * The candidate a mistyped word most likely meant: a few letters away at most, else none. A word
 * that would have to change as a whole (`x` → `cv`) is no typing slip.
 */
export function closestWord(word: string, candidates: readonly string[]): string | undefined {
  let best: { candidate: string; cost: number } | undefined;
  for (const candidate of candidates) {
    const cost = distance(word.toLowerCase(), candidate.toLowerCase());
    if (!best || cost < best.cost) best = { candidate, cost };
  }
  return best && best.cost <= Math.max(2, Math.floor(word.length / 3)) && best.cost < word.length
    ? best.candidate
    : undefined;
}
