import { createHash } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A repository as GitHub's REST API describes it (the fields a portfolio reads, and some it does not). */
export interface FakeRepository {
  name: string;
  owner?: string;
  description?: string | null;
  language?: string | null;
  stargazers_count?: number;
  forks_count?: number;
  pushed_at?: string;
  fork?: boolean;
  archived?: boolean;
  private?: boolean;
}

/** An owner's repositories as a site shows them: a card each, and ReceiptLens's figures on its project page. */
export const sampleRepositories: FakeRepository[] = [
  {
    name: "tiny-router",
    description: "A 1 kB router for islands.",
    language: "TypeScript",
    stargazers_count: 1234,
    forks_count: 56,
  },
  {
    name: "pico-sensor",
    description: "Soil moisture firmware for the RP2040.",
    language: "C++",
    stargazers_count: 310,
    forks_count: 12,
  },
  {
    name: "notebooks",
    description: "Experiments with public transport data.",
    language: "Jupyter Notebook",
    stargazers_count: 87,
    forks_count: 9,
  },
  {
    name: "receiptlens",
    description: "OCR for receipts, on the phone.",
    language: "Kotlin",
    stargazers_count: 5000,
    forks_count: 400,
  },
];

export interface FakeRequest {
  path: string;
  headers: IncomingHttpHeaders;
  /** The answer's status; 0 for a slow answer, which comes after the build stopped waiting. */
  status: number;
}

/** How the fake answers every request: as GitHub does, or as GitHub does on a bad day. */
export type FakeMode = "ok" | "error" | "rate-limited" | "slow" | "not-json";

export interface FakeGitHub {
  /** The API's address, for GITHUB_API_URL. */
  url: string;
  user: string;
  repositories: FakeRepository[];
  mode: FakeMode;
  /** How long a "slow" answer takes. */
  slowMs: number;
  requests: FakeRequest[];
  /** Stops answering: requests are then refused, as when GitHub (or the network) is down. */
  stop(): Promise<void>;
  /** Answers again, at the same address. */
  start(): Promise<void>;
}

/**
 * A local stand-in for api.github.com: `/users/:user/repos` (paged, with a `Link` header) and
 * `/repos/:owner/:name`, with ETags and 304 Not Modified as GitHub sends them, and the failures the
 * build must survive: a server error, a rate limit (403 with `x-ratelimit-remaining: 0`), an answer
 * slower than the build waits, one that is not JSON, and no server at all.
 */
export async function startFakeGitHub({
  user,
  repositories,
  pageSize = 100,
}: {
  user: string;
  repositories: FakeRepository[];
  /** Repositories per page of a listing: small, to make the build follow `Link`. */
  pageSize?: number;
}): Promise<FakeGitHub> {
  const describe = (repository: FakeRepository) => {
    const owner = repository.owner ?? user;
    return {
      id: Number.parseInt(createHash("sha1").update(`${owner}/${repository.name}`).digest("hex").slice(0, 8), 16),
      name: repository.name,
      full_name: `${owner}/${repository.name}`,
      private: repository.private ?? false,
      owner: { login: owner, type: "User" },
      html_url: `https://github.com/${owner}/${repository.name}`,
      description: repository.description ?? null,
      fork: repository.fork ?? false,
      language: repository.language ?? null,
      stargazers_count: repository.stargazers_count ?? 0,
      watchers_count: repository.stargazers_count ?? 0,
      forks_count: repository.forks_count ?? 0,
      archived: repository.archived ?? false,
      disabled: false,
      visibility: repository.private ? "private" : "public",
      pushed_at: repository.pushed_at ?? "2026-05-01T10:00:00Z",
      updated_at: "2026-11-01T10:00:00Z",
      topics: [],
    };
  };

  const fake: FakeGitHub = {
    url: "",
    user,
    repositories,
    mode: "ok",
    slowMs: 3000,
    requests: [],
    stop: async () => {},
    start: async () => {},
  };

  const answer = (path: string, query: URLSearchParams): { status: number; body?: unknown; link?: string } => {
    const listing = /^\/users\/([^/]+)\/repos$/.exec(path);
    if (listing) {
      if (listing[1]!.toLowerCase() !== user.toLowerCase()) return { status: 404, body: { message: "Not Found" } };
      const page = Number(query.get("page") ?? "1");
      const size = Math.min(pageSize, Number(query.get("per_page") ?? "30"));
      const own = fake.repositories.filter((repository) => (repository.owner ?? user) === user && !repository.private);
      const body = own.slice((page - 1) * size, page * size).map(describe);
      const last = Math.max(1, Math.ceil(own.length / size));
      const link =
        page < last
          ? `<${fake.url}${path}?${new URLSearchParams({ ...Object.fromEntries(query), page: String(page + 1) })}>; rel="next", <${fake.url}${path}?page=${last}>; rel="last"`
          : undefined;
      return { status: 200, body, ...(link ? { link } : {}) };
    }
    const one = /^\/repos\/([^/]+)\/([^/]+)$/.exec(path);
    if (one) {
      const found = fake.repositories.find(
        (repository) =>
          (repository.owner ?? user).toLowerCase() === one[1]!.toLowerCase() &&
          repository.name.toLowerCase() === one[2]!.toLowerCase(),
      );
      return found ? { status: 200, body: describe(found) } : { status: 404, body: { message: "Not Found" } };
    }
    return { status: 404, body: { message: "Not Found" } };
  };

  let server: Server | undefined;
  const listen = (port: number) =>
    new Promise<void>((resolve) => {
      server = createServer((request, response) => {
        const url = new URL(request.url ?? "/", "http://fake");
        const record = (status: number) =>
          fake.requests.push({ path: `${url.pathname}${url.search}`, headers: request.headers, status });
        const headers = { "content-type": "application/json; charset=utf-8", "x-ratelimit-remaining": "59" };
        if (fake.mode === "error") {
          record(502);
          response.writeHead(502, headers).end(JSON.stringify({ message: "Server Error" }));
          return;
        }
        if (fake.mode === "rate-limited") {
          record(403);
          const reset = String(Math.floor(Date.now() / 1000) + 1800);
          response
            .writeHead(403, { ...headers, "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset })
            .end(JSON.stringify({ message: "API rate limit exceeded" }));
          return;
        }
        if (fake.mode === "not-json") {
          record(200);
          response.writeHead(200, { "content-type": "text/html" }).end("<html>Unicorn!</html>");
          return;
        }
        const reply = () => {
          const { status, body, link } = answer(url.pathname, url.searchParams);
          const text = JSON.stringify(body);
          const etag = `W/"${createHash("sha256").update(text).digest("hex").slice(0, 32)}"`;
          if (status === 200 && request.headers["if-none-match"] === etag) {
            record(304);
            response.writeHead(304, { etag, ...headers }).end();
            return;
          }
          record(status);
          response
            .writeHead(status, { ...headers, ...(status === 200 ? { etag } : {}), ...(link ? { link } : {}) })
            .end(text);
        };
        if (fake.mode === "slow") {
          // Recorded as it arrives: its answer comes after the build stopped waiting, maybe during another test.
          record(0);
          setTimeout(() => {
            const { status, body } = answer(url.pathname, url.searchParams);
            if (!response.destroyed) response.writeHead(status, headers).end(JSON.stringify(body));
          }, fake.slowMs).unref();
        } else reply();
      });
      server.listen(port, "127.0.0.1", () => resolve());
    });

  await listen(0);
  const port = (server!.address() as AddressInfo).port;
  fake.url = `http://127.0.0.1:${port}`;
  fake.stop = () =>
    new Promise<void>((resolve) => {
      server?.closeAllConnections();
      server?.close(() => resolve());
    });
  fake.start = () => listen(port);
  return fake;
}
