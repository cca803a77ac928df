import type { KatexOptions } from "katex";

/**
 * What one formula may cost KaTeX, in proportion to what it writes. KaTeX's own `maxExpand` counts
 * expansions, not what they make: `\def\a{xxxx…}\def\b{\a\a…}\def\c{\b\b…}` expands fewer than
 * 1,000 times into hundreds of thousands of glyphs (500 characters took 69 s on the build's main
 * thread). So the tokens KaTeX reads are counted, and a formula that makes far more than it writes
 * is refused before it is laid out. docs/security.md ("Formulas") says why these numbers.
 */

/** A longer formula is not one a reader can follow; past it, refused before KaTeX sees it. */
export const maxFormulaLength = 10_000;

/** What a formula's macros may add, for each character it writes ... */
export const expandedTokensPerCharacter = 10;
/** ... at least this many (`\LaTeX` alone makes 77 tokens of its 6 characters) ... */
export const minExpandedTokens = 1_000;
/** ... and at most this many, however long the formula. */
export const maxExpandedTokens = 10_000;

/**
 * KaTeX's own limits: a size written in a formula (`\rule{…}`, `\kern`, `\hspace`) is capped at 50 em,
 * wider than any page; and at most 1,000 expansions (its default, so a macro that calls itself fails).
 */
export const katexLimits = { maxSize: 50, maxExpand: 1000 } as const;

/** How many tokens a formula's macros may add to the ones it writes. */
export function expansionAllowance(tex: string): number {
  return Math.min(maxExpandedTokens, Math.max(minExpandedTokens, expandedTokensPerCharacter * tex.length));
}

/** Thrown (from inside KaTeX, which passes it on) when a formula reads past its budget. */
export class FormulaOverBudget extends Error {
  constructor(readonly allowance: number) {
    super(`expands to more than ${allowance} tokens`);
  }
}

/**
 * The `macros` KaTeX is given for one formula: an empty object (each formula starts with no macro of
 * the owner's, as KaTeX's default) that counts how often it is asked whether it has a macro. KaTeX
 * asks it for every token it reads, written or made by a macro, KaTeX's own or the owner's; so the
 * count bounds the glyphs it lays out. Past the formula's length and its allowance, the reading stops.
 */
export function budgetedMacros(tex: string): NonNullable<KatexOptions["macros"]> {
  const allowance = expansionAllowance(tex);
  const budget = tex.length + allowance;
  let reads = 0;
  return new Proxy<NonNullable<KatexOptions["macros"]>>(
    {},
    {
      getOwnPropertyDescriptor(target, name) {
        reads++;
        if (reads > budget) throw new FormulaOverBudget(allowance);
        return Reflect.getOwnPropertyDescriptor(target, name);
      },
    },
  );
}
