import type { BuildCache } from "../cache/build-cache.js";
import { readCappedJson } from "./capped-answer.js";
import {
  apiRepositorySchema,
  githubLimits,
  keptAnswerSchema,
  leftOutReason,
  visibilitySchema,
} from "./github-answer.js";
import { describeFailure, describeRefusal, NotFound, Unreachable, Unusable } from "./github-failures.js";
import { languageColour } from "./language-colours.js";

/** `github` of the config, as validated: whose repositories, and which. */
export interface GitHubSettings {
  /** The account (user or organisation) whose repositories are shown. */
  user: string;
  /** Pinned repositories, in order: `name` (of `user`) or `owner/name`. Without it, the top `count` by stars. */
  repos?: string[] | undefined;
  /** How many repositories the cards show when none are pinned. */
  count: number;
  /** Whether forks may be among the top repositories. */
  forks: boolean;
  /** Whether archived repositories may be among the top repositories. */
  archived: boolean;
}

/** One repository as the site shows it: what GitHub's REST API says of it, reduced to what a card needs. */
export interface Repository {
  /** `owner/name`, as GitHub spells it. */
  fullName: string;
  name: string;
  description: string | undefined;
  /** Its page on GitHub. */
  url: string;
  /** Its main language, as GitHub's linguist names it. */
  language: string | undefined;
  /** The language's colour in linguist (`#3178c6`), when it has one. */
  languageColour: string | undefined;
  stars: number;
  forks: number;
  /** When it was last pushed to (ISO 8601): what "updated" means for code. */
  pushedAt: string;
  fork: boolean;
  archived: boolean;
}

/**
 * What the build has from GitHub: the cards of the Projects page, and every repository it fetched, for project pages.
 */
export interface GitHubRepositories {
  /** The cards of `/works`, in order. */
  cards: Repository[];
  /** Every repository fetched, by `owner/name` in lower case. */
  byName: Record<string, Repository>;
}

/** A repository a project's `github` link names: `owner/name`, when the link is a repository's page. */
export function repositoryOfLink(link: string | undefined): string | undefined {
  if (!link) return undefined;
  const match = /^https?:\/\/(?:www\.)?github\.com\/([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+?)(?:\.git)?\/?(?:[?#].*)?$/i.exec(
    link.trim(),
  );
  return match ? `${match[1]}/${match[2]}` : undefined;
}

/** One answer of the API as kept in the cache: its validator and the repositories it held, reduced and checked. */
export interface CachedAnswer {
  etag?: string | undefined;
  repositories: Repository[];
  /** Whether a listing has another page. */
  next: boolean;
  /** When GitHub gave it (ISO 8601), for the warning that says how old the cards are. */
  fetchedAt: string;
  /** The repositories it held that the build cannot show, and why: named again by every build that uses it. */
  left: string[];
}

export interface FetchRepositoriesOptions {
  settings: GitHubSettings | undefined;
  /** Repositories projects link to (`owner/name`), whose figures their pages show. */
  projectRepositories: string[];
  env: Record<string, string | undefined>;
  cache: BuildCache<CachedAnswer>;
  /** For tests: stands in for the global fetch. */
  fetch?: typeof fetch;
}

export interface FetchedRepositories {
  repositories: GitHubRepositories;
  /**
   * What the owner should know about GitHub's answers: one warning when it failed, one naming what it does not know.
   */
  warnings: string[];
}

export const githubApiDefault = "https://api.github.com";
/** Long enough for GitHub on a slow network; short enough that a build never waits on it for long. */
const defaultTimeoutMs = 10_000;
/** A listing is read 100 repositories at a time; 10 pages are more than any portfolio's owner has. */
const maxListingPages = 10;
/**
 * The most one answer may be: a page of 100 repositories is about 600 kB, one repository's
 * answer about 20 kB. Past it, the transfer is aborted and the cache stands in.
 */
export const maxAnswerBytes = 5 * 1024 * 1024;

/**
 * The repositories the site shows, fetched from GitHub's REST API at build time, so that the
 * visitor's browser never asks GitHub for anything (and a token can never reach the page).
 *
 * - `GITHUB_API_URL` sets the API's address (GitHub Actions sets it; tests point it at a fake);
 *   `GITHUB_TOKEN`, when set, is sent as the `Authorization` header and nowhere else: it is not in
 *   what the cache keeps, in a warning, or in the output.
 * - Every answer is kept in the cache with its ETag, and asked for again conditionally: an answer
 *   that did not change comes back as 304 Not Modified, which GitHub does not count against an
 *   authenticated rate limit.
 * - An answer is read with a limit (`maxAnswerBytes`), then checked field by field
 *   (github-answer.ts) before anything of it is kept: a repository that does not fit is left out,
 *   named in a warning, and the others are shown. The cache holds only what passed, and what it
 *   gives back is checked again.
 * - When GitHub cannot be reached, answers with an error, limits the rate, is too slow, or sends
 *   too much or not what was asked for, the cache's answers stand in and the build warns once;
 *   without them, the site has no cards, and the build warns once. It never fails because of GitHub.
 */
export async function fetchRepositories(options: FetchRepositoriesOptions): Promise<FetchedRepositories> {
  const { settings, projectRepositories, env, cache } = options;
  const api = (env.GITHUB_API_URL?.trim() || githubApiDefault).replace(/\/+$/, "");
  const token = env.GITHUB_TOKEN?.trim();
  const timeoutMs =
    Number(env.PORTFOLIO_GITHUB_TIMEOUT_MS) > 0 ? Number(env.PORTFOLIO_GITHUB_TIMEOUT_MS) : defaultTimeoutMs;
  const fetchImpl = options.fetch ?? fetch;
  /** Set by the first answer that shows GitHub unreachable: later requests go straight to the cache. */
  let unreachable: string | undefined;
  /** The oldest cached answer that stood in for GitHub's. */
  let oldestStandIn: string | undefined;
  let missing = false;
  const notFound: string[] = [];

  const left = new Set<string>();
  const ask = async (pathAndQuery: string): Promise<CachedAnswer> => {
    const url = `${api}${pathAndQuery}`;
    const cached = keptAnswer(cache, url);
    const standIn = () => {
      if (!cached) {
        missing = true;
        throw new Unreachable(unreachable);
      }
      if (!oldestStandIn || cached.fetchedAt < oldestStandIn) oldestStandIn = cached.fetchedAt;
      cache.set(url, cached);
      return used(cached);
    };
    const used = (answer: CachedAnswer) => {
      for (const reason of answer.left) left.add(reason);
      return answer;
    };
    if (unreachable) return standIn();
    try {
      const answer = await fetchImpl(url, {
        headers: {
          accept: "application/vnd.github+json",
          "x-github-api-version": "2022-11-28",
          "user-agent": "portfolio-ssg",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(cached?.etag ? { "if-none-match": cached.etag } : {}),
        },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "follow",
      });
      if (answer.status === 304 && cached) {
        await answer.body?.cancel();
        const kept = { ...cached, fetchedAt: new Date().toISOString() };
        cache.set(url, kept);
        return used(kept);
      }
      if (answer.status === 404) {
        await answer.body?.cancel();
        throw new NotFound(pathAndQuery);
      }
      if (!answer.ok) {
        await answer.body?.cancel();
        unreachable = describeRefusal(answer);
        return standIn();
      }
      const body = await readCappedJson(answer, maxAnswerBytes);
      const listing = pathAndQuery.startsWith("/users/");
      if (listing ? !Array.isArray(body) : !body || typeof body !== "object" || Array.isArray(body))
        throw new Unusable(
          `answered with something that is not ${listing ? "a list of repositories" : "a repository"}`,
        );
      const items = listing ? (body as unknown[]) : [body];
      if (items.length > githubLimits.listing)
        throw new Unusable(`answered with ${items.length} repositories for a page of ${githubLimits.listing}`);
      const repositories: Repository[] = [];
      const leftHere: string[] = [];
      for (const [index, item] of items.entries()) {
        const read = readRepository(item, index);
        if (read && "left" in read) leftHere.push(read.left);
        else if (read) repositories.push(await withColour(read));
      }
      const etag = answer.headers.get("etag") ?? undefined;
      const kept: CachedAnswer = {
        ...(etag && etag.length <= 200 ? { etag } : {}),
        repositories,
        next: /<[^>]*>;\s*rel="next"/.test(answer.headers.get("link") ?? ""),
        fetchedAt: new Date().toISOString(),
        left: leftHere,
      };
      cache.set(url, kept);
      return used(kept);
    } catch (error) {
      if (error instanceof NotFound || error instanceof Unreachable) throw error;
      unreachable = describeFailure(error, api, timeoutMs);
      return standIn();
    }
  };

  /** One repository by `owner/name`; undefined when GitHub does not know it or cannot say. */
  const one = async (fullName: string, named: string): Promise<Repository | undefined> => {
    try {
      const [owner, name] = fullName.split("/");
      return (await ask(`/repos/${encodeURIComponent(owner!)}/${encodeURIComponent(name!)}`)).repositories[0];
    } catch (error) {
      if (error instanceof NotFound) notFound.push(named);
      else if (!(error instanceof Unreachable)) throw error;
      return undefined;
    }
  };

  const byName: Record<string, Repository> = {};
  const remember = (repository: Repository) => {
    byName[repository.fullName.toLowerCase()] = repository;
  };
  let cards: Repository[] = [];

  if (settings?.repos) {
    const pinned = await Promise.all(
      settings.repos.map((repo) =>
        one(repo.includes("/") ? repo : `${settings.user}/${repo}`, `github.repos: ${repo}`),
      ),
    );
    cards = pinned.filter((repository) => repository !== undefined);
  } else if (settings) {
    const listed: Repository[] = [];
    try {
      for (let page = 1; page <= maxListingPages; page++) {
        const answer = await ask(
          `/users/${encodeURIComponent(settings.user)}/repos?type=owner&sort=pushed&per_page=100&page=${page}`,
        );
        listed.push(...answer.repositories);
        if (!answer.next) break;
      }
    } catch (error) {
      if (error instanceof NotFound) notFound.push(`github.user: ${settings.user}`);
      else if (!(error instanceof Unreachable)) throw error;
    }
    for (const repository of listed) remember(repository);
    const shownByProjects = new Set(projectRepositories.map((name) => name.toLowerCase()));
    cards = topRepositories(listed, settings, shownByProjects);
  }
  for (const repository of cards) remember(repository);

  const others = [...new Set(projectRepositories.map((name) => name.toLowerCase()))].filter((name) => !byName[name]);
  const found = await Promise.all(
    others.map((name) =>
      one(projectRepositories.find((repo) => repo.toLowerCase() === name)!, `a project's github link: ${name}`),
    ),
  );
  for (const repository of found) if (repository) remember(repository);

  const warnings: string[] = [];
  if (unreachable) {
    const when = oldestStandIn ? ` as of ${oldestStandIn.slice(0, 16).replace("T", " ")} UTC` : "";
    warnings.push(
      missing
        ? `GitHub ${unreachable}: ${oldestStandIn ? `some repositories are shown${when}, from the cache, and the others are left out` : "the site is built without the repositories' cards and figures"} until a build reaches GitHub.`
        : `GitHub ${unreachable}: the repositories are shown${when}, from the cache (.portfolio/cache).`,
    );
  }
  if (left.size) {
    const reasons = [...left];
    const shown = reasons.slice(0, githubLimits.named).join("; ");
    const more = reasons.length > githubLimits.named ? `, and ${reasons.length - githubLimits.named} more` : "";
    warnings.push(
      `GitHub's answers hold repositories the build cannot show, so they are left out (the others are shown): ${shown}${more}.`,
    );
  }
  if (notFound.length)
    warnings.push(
      `GitHub has no public repository or account of these names (404), so they are left out: ${notFound.join("; ")}. Check the spelling, and that the repository is public.`,
    );
  return { repositories: { cards, byName }, warnings };
}

/**
 * The owner's most starred repositories, as many as asked, without forks and archived ones unless
 * asked, without the profile's README repository (`user/user`), and without those a project of the
 * site already shows: ties go to the one pushed to last.
 */
export function topRepositories(
  listed: Repository[],
  settings: GitHubSettings,
  shownByProjects: ReadonlySet<string>,
): Repository[] {
  return listed
    .filter(
      (repository) =>
        (settings.forks || !repository.fork) &&
        (settings.archived || !repository.archived) &&
        repository.name.toLowerCase() !== settings.user.toLowerCase() &&
        !shownByProjects.has(repository.fullName.toLowerCase()),
    )
    .sort(
      (a, b) =>
        b.stars - a.stars ||
        (a.pushedAt < b.pushedAt ? 1 : a.pushedAt > b.pushedAt ? -1 : 0) ||
        a.fullName.localeCompare(b.fullName),
    )
    .slice(0, settings.count);
}

/**
 * A repository of the API's answer, checked and reduced (its language's colour still to add);
 * undefined for a private one; the reason it is left out when a field it shows is not as GitHub
 * gives it (a description of megabytes, a date that is not one).
 */
function readRepository(
  item: unknown,
  index: number,
): Omit<Repository, "languageColour"> | { left: string } | undefined {
  const visibility = visibilitySchema.safeParse(item);
  // A token may see private repositories; the site is public, so they are never shown.
  if (
    visibility.success &&
    (visibility.data.private === true ||
      (visibility.data.visibility !== undefined && visibility.data.visibility !== "public"))
  )
    return undefined;
  const parsed = apiRepositorySchema.safeParse(item);
  if (!parsed.success) return { left: leftOutReason(item, index, parsed.error) };
  const value = parsed.data;
  return {
    fullName: value.full_name,
    name: value.name,
    description: value.description?.trim() || undefined,
    url: value.html_url,
    language: value.language || undefined,
    stars: value.stargazers_count ?? 0,
    forks: value.forks_count ?? 0,
    pushedAt: value.pushed_at ?? value.updated_at ?? "",
    fork: value.fork === true,
    archived: value.archived === true,
  };
}

/**
 * The repository with its language's colour, its fields in the order
 * the cache gives them back (the build's digest is their JSON).
 */
async function withColour({ language, ...rest }: Omit<Repository, "languageColour">): Promise<Repository> {
  const languageColourOf = language ? await languageColour(language) : undefined;
  return {
    fullName: rest.fullName,
    name: rest.name,
    description: rest.description,
    url: rest.url,
    language,
    languageColour: languageColourOf,
    stars: rest.stars,
    forks: rest.forks,
    pushedAt: rest.pushedAt,
    fork: rest.fork,
    archived: rest.archived,
  };
}

/** The cache's answer for `url`, when it is one the build could have kept: anything else is forgotten. */
function keptAnswer(cache: BuildCache<CachedAnswer>, url: string): CachedAnswer | undefined {
  const cached = cache.get(url);
  if (cached === undefined) return undefined;
  const checked = keptAnswerSchema.safeParse(cached);
  if (checked.success) return checked.data as CachedAnswer;
  cache.reject(url);
  return undefined;
}
