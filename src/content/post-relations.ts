import type { FieldProblem } from "../errors.js";
import type { BlogPost } from "./content-types.js";
import { idFragment } from "../slug.js";

/**
 * What ties posts together beyond their category: tags, series and the related posts chosen from
 * them. Each tag and series has a page whose address is its id (`/blogs/tag/<id>`,
 * `/blogs/series/<id>`), so two ways of writing one name that give one id are refused.
 */

/** The id of a tag or series, its page's last segment: "Type Script" → `type-script`. */
export function nameId(name: string): string {
  return idFragment(name);
}

/** An entry's names of one kind (its tags, or its series), each with the field it is written in. */
export interface NamedEntry {
  file: string;
  names: Array<{ field: string; name: string }>;
}

/**
 * Names that cannot each have a page of their own: one with no letter or digit, one listed twice in
 * a file, and one written differently from an earlier one that gives the same id ("React" and
 * "react"), each named with its file and field. `pages` is where their pages are, e.g. `blogs/tag`.
 */
export function nameProblems(
  entries: NamedEntry[],
  what: string,
  pages: string,
): Array<{ file: string; problems: FieldProblem[] }> {
  const seen = new Map<string, { name: string; file: string }>();
  return entries.map(({ file, names }) => {
    const inFile = new Map<string, string>();
    const problems = names.flatMap(({ field, name }): FieldProblem[] => {
      const id = nameId(name);
      if (!id) {
        return [
          { field, problem: `"${name}" has no letter or digit: expected a ${what} that can name its page /${pages}/…` },
        ];
      }
      const here = inFile.get(id);
      if (here === name) return [{ field, problem: `"${name}" is listed twice: list each ${what} once` }];
      const earlier = here === undefined ? seen.get(id) : { name: here, file };
      inFile.set(id, name);
      if (!earlier) seen.set(id, { name, file });
      if (!earlier || earlier.name === name) return [];
      const where = earlier.file === file ? "" : ` in ${earlier.file}`;
      return [
        {
          field,
          problem: `"${name}" would share the page /${pages}/${id} with "${earlier.name}"${where}: write the ${what} the same way everywhere`,
        },
      ];
    });
    return { file, problems };
  });
}

/** A series: its name, its page's id, and its parts in reading order. */
export interface Series {
  name: string;
  id: string;
  parts: BlogPost[];
}

/**
 * Every series the posts make, in the order of their newest part. Parts are ordered by
 * `seriesOrder` first (lowest first), then those without it by date, oldest first, then by title.
 */
export function seriesOf(posts: BlogPost[]): Series[] {
  const byId = new Map<string, Series>();
  for (const post of posts) {
    if (post.series === undefined) continue;
    const id = nameId(post.series);
    const series = byId.get(id) ?? { name: post.series, id, parts: [] };
    series.parts.push(post);
    byId.set(id, series);
  }
  return [...byId.values()].map((series) => ({ ...series, parts: [...series.parts].sort(compareParts) }));
}

function compareParts(a: BlogPost, b: BlogPost): number {
  return (
    (a.seriesOrder ?? Infinity) - (b.seriesOrder ?? Infinity) ||
    a.date.localeCompare(b.date) ||
    a.title.localeCompare(b.title)
  );
}

/** Parts of one series sharing a `seriesOrder`, and a `seriesOrder` without a series, each naming its file. */
export function seriesOrderProblems(
  posts: Array<{ file: string; series?: string | undefined; seriesOrder?: number | undefined }>,
): Array<{ file: string; problems: FieldProblem[] }> {
  const places = new Map<string, string>();
  return posts.map(({ file, series, seriesOrder }) => {
    if (seriesOrder === undefined) return { file, problems: [] };
    if (series === undefined) {
      return {
        file,
        problems: [
          { field: "seriesOrder", problem: "is set without series: add series: <its name>, or remove seriesOrder" },
        ],
      };
    }
    const key = `${nameId(series)}\n${seriesOrder}`;
    const earlier = places.get(key);
    if (earlier === undefined) {
      places.set(key, file);
      return { file, problems: [] };
    }
    return {
      file,
      problems: [
        {
          field: "seriesOrder",
          problem: `${seriesOrder} is also the place of ${earlier} in the series "${series}": give each part its own place`,
        },
      ],
    };
  });
}

/**
 * Up to `count` posts most tied to `post` by shared tags, series and category, newest first among
 * equals: never the post itself, a draft, or a post with nothing in common.
 */
export function relatedPosts(post: BlogPost, posts: BlogPost[], count = 3): BlogPost[] {
  return relatedPostsAmong(posts)(post, count);
}

/**
 * `relatedPosts` for every post of a list: each post's tags and series are read once, and each
 * post keeps only its best few while it goes through the others, so a thousand-post blog costs a
 * million additions rather than a thousand sorts of a thousand.
 */
export function relatedPostsAmong(posts: BlogPost[]): (post: BlogPost, count?: number) => BlogPost[] {
  // Each date's place among the others, from one sort: comparing dates with localeCompare in the
  // loop below was most of its time (a thousand posts mostly tie on their category).
  const dates = [...new Set(posts.map((post) => post.date))].sort((a, b) => a.localeCompare(b));
  const dateRank = new Map<string, number>();
  for (const [index, date] of dates.entries()) {
    const previous = dates[index - 1];
    const same = previous !== undefined && previous.localeCompare(date) === 0;
    dateRank.set(date, same ? dateRank.get(previous)! : index);
  }
  const candidates: Candidate[] = posts.flatMap((other, index) => {
    if (other.draft) return [];
    const { tags, series } = tiesOf(other);
    return [{ other, index, tags: [...tags], series, date: dateRank.get(other.date)! }];
  });
  return (post, count = 3) => {
    if (count <= 0) return [];
    const own = tiesOf(post);
    const best: Array<{ candidate: Candidate; score: number }> = [];
    for (const candidate of candidates) {
      if (candidate.other.slug === post.slug) continue;
      // How strongly posts are tied: each shared tag 2, the same series 3, the same category 1.
      let score = post.category === candidate.other.category ? 1 : 0;
      for (const id of candidate.tags) if (own.tags.has(id)) score += 2;
      if (own.series !== undefined && own.series === candidate.series) score += 3;
      if (score <= 0) continue;
      if (best.length === count && !ranksBefore(score, candidate, best[count - 1]!)) continue;
      let at = best.length;
      while (at > 0 && ranksBefore(score, candidate, best[at - 1]!)) at--;
      best.splice(at, 0, { candidate, score });
      if (best.length > count) best.pop();
    }
    return best.map(({ candidate }) => candidate.other);
  };
}

interface Candidate {
  other: BlogPost;
  index: number;
  tags: string[];
  series: string | undefined;
  /** Its date's place among the posts' dates: later is higher. */
  date: number;
}

/** Whether a candidate with `score` goes before `placed`: higher score, then newer, then first in the list. */
function ranksBefore(score: number, candidate: Candidate, placed: { candidate: Candidate; score: number }): boolean {
  return (
    (placed.score - score || placed.candidate.date - candidate.date || candidate.index - placed.candidate.index) < 0
  );
}

function tiesOf(post: BlogPost): { tags: Set<string>; series: string | undefined } {
  return {
    tags: new Set((post.tags ?? []).map(nameId)),
    series: post.series === undefined ? undefined : nameId(post.series),
  };
}

/** Every tag the items carry, once each, by id, with the items that carry it (in the items' order). */
export function tagsOf<T extends { tags?: string[] | undefined }>(
  items: T[],
): Array<{ name: string; id: string; items: T[] }> {
  const byId = new Map<string, { name: string; id: string; items: T[] }>();
  for (const item of items) {
    for (const name of new Set(item.tags ?? [])) {
      const id = nameId(name);
      const tag = byId.get(id) ?? { name, id, items: [] };
      if (!tag.items.includes(item)) tag.items.push(item);
      byId.set(id, tag);
    }
  }
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
}
