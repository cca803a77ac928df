import type { ResolvedConfig } from "../config/config-schema.js";
import { parseFrontMatter } from "../content/front-matter.js";
import { listFolder, projectFolder, readTextFile } from "../project/project-files.js";
import { openCache } from "../cache/build-cache.js";
import type { CacheStore } from "../cache/cache-store.js";
import {
  fetchRepositories,
  repositoryOfLink,
  type CachedAnswer,
  type FetchRepositoriesOptions,
  type GitHubRepositories,
} from "./github-repositories.js";

/**
 * What `portfolio dev` keeps of GitHub's answers: fetched once a session, for as long as what is asked stays the same.
 */
export interface GitHubMemo {
  key: string;
  repositories: GitHubRepositories;
}

export interface LoadGitHubOptions {
  config: ResolvedConfig;
  root: string;
  env: Record<string, string | undefined>;
  store: CacheStore | undefined;
  /** False for `portfolio check`: the cache is read but not written. */
  save: boolean;
  memo?: { github?: GitHubMemo | undefined } | undefined;
  fetch?: FetchRepositoriesOptions["fetch"];
}

/**
 * The repositories of the site, when the config has `github`: the cards it asks for, and the
 * repositories its projects link to. Undefined without `github`: the site then asks GitHub for
 * nothing, not even for a project's link.
 */
export async function loadGitHub(
  options: LoadGitHubOptions,
): Promise<{ repositories: GitHubRepositories; warnings: string[] } | undefined> {
  const { config, root, env, store, save, memo } = options;
  if (!config.github) return undefined;
  const projectRepositories = await projectRepositoryLinks(root);
  const key = JSON.stringify([config.github, projectRepositories, env.GITHUB_API_URL ?? ""]);
  if (memo?.github?.key === key) return { repositories: memo.github.repositories, warnings: [] };
  // A fingerprint of its own, not the code's: GitHub's answers stay good across portfolio's versions.
  const cache = await openCache<CachedAnswer>(store, "github", "github-api-2");
  const fetched = await fetchRepositories({
    settings: config.github,
    projectRepositories,
    env,
    cache,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  if (save) await cache.save();
  if (memo) memo.github = { key, repositories: fetched.repositories };
  return { repositories: fetched.repositories, warnings: fetched.warnings };
}

/**
 * The repositories `content/projects/*.md` link to in `github`, read from their front matter before
 * the content is loaded (the build asks GitHub while it reads the rest). A file that cannot be read
 * here is skipped: loading the content reports it properly.
 */
async function projectRepositoryLinks(root: string): Promise<string[]> {
  const content = await projectFolder(root, "content");
  if (!content || "problem" in content) return [];
  const listed = await listFolder(content, "projects");
  if ("problem" in listed) return [];
  const yaml = await import("yaml");
  const found = new Set<string>();
  for (const name of listed.names) {
    if (!name.toLowerCase().endsWith(".md")) continue;
    const file = await readTextFile(content, `projects/${name}`);
    if (!file || "problem" in file) continue;
    const parsed = parseFrontMatter(yaml, file.text);
    if (!("ok" in parsed)) continue;
    const link = parsed.ok.data.github;
    const repository = typeof link === "string" ? repositoryOfLink(link) : undefined;
    if (repository) found.add(repository);
  }
  return [...found].sort();
}
