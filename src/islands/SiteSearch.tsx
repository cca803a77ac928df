import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { formatDate } from "../format-date.js";
import { excerptParts } from "./search-excerpt.js";

export interface SiteSearchProps {
  base: string;
  /** The index's folder below the base, where `pagefind.js` is. */
  indexFolder: string;
  lang: string;
  /** Where to browse instead, named in the messages: all posts, all projects. */
  lists: Array<{ label: string; path: string }>;
}

/** The part of Pagefind's browser API the page uses (pagefind.js, made with the index). */
interface Pagefind {
  options(options: { baseUrl?: string; excerptLength?: number }): Promise<void>;
  init(): Promise<void>;
  search(query: string): Promise<{ results: PagefindResult[] } | null>;
}

interface PagefindResult {
  id: string;
  data(): Promise<PagefindData>;
}

interface PagefindData {
  url: string;
  excerpt: string;
  meta: { title?: string; kind?: string; date?: string };
}

interface Found {
  id: string;
  url: string;
  title: string;
  kind: string | undefined;
  date: string | undefined;
  excerpt: string;
}

type SearchState =
  | { kind: "idle" }
  | { kind: "searching"; query: string }
  | { kind: "done"; query: string; found: Found[]; total: number }
  | { kind: "failed" };

/** Results shown at once, and added by each "More results". */
const pageSize = 10;
/** Typing pauses this long before a search starts, so each key press does not fetch. */
const typingPause = 150;

/**
 * The search page's form and results. Without JavaScript the form is a plain GET to this page,
 * which then says search needs it; with JavaScript, Pagefind's code and the parts of the index a
 * query needs are fetched when the visitor first types, never before.
 */
export function SiteSearch({ base, indexFolder, lang, lists }: SiteSearchProps) {
  const [query, setQuery] = useState("");
  const [state, setState] = useState<SearchState>({ kind: "idle" });
  const pagefind = useRef<Promise<Pagefind> | undefined>(undefined);
  const latest = useRef(0);
  /** Every result of the current query; each one's title and excerpt are fetched only when shown. */
  const handles = useRef<PagefindResult[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const resultsRef = useRef<HTMLOListElement>(null);
  const firstNew = useRef<number | undefined>(undefined);
  const inputId = useId();

  function loadPagefind(): Promise<Pagefind> {
    pagefind.current ??= (async () => {
      const module = (await import(/* @vite-ignore */ `${base}${indexFolder}/pagefind.js`)) as Pagefind;
      await module.options({ baseUrl: base, excerptLength: 24 });
      await module.init();
      return module;
    })();
    // A failed download may succeed on the next try.
    pagefind.current.catch(() => (pagefind.current = undefined));
    return pagefind.current;
  }

  async function run(text: string) {
    const ticket = ++latest.current;
    const words = text.trim();
    syncAddress(words);
    if (!words) return setState({ kind: "idle" });
    setState({ kind: "searching", query: words });
    try {
      const search = await (await loadPagefind()).search(words);
      const results = search?.results ?? [];
      const found = await Promise.all(results.slice(0, pageSize).map(readResult));
      if (ticket !== latest.current) return;
      handles.current = results;
      setState({ kind: "done", query: words, found, total: results.length });
    } catch (error) {
      if (ticket !== latest.current) return;
      console.error("Search could not be loaded:", error);
      setState({ kind: "failed" });
    }
  }

  async function showMore() {
    if (state.kind !== "done") return;
    const ticket = latest.current;
    const shown = state.found.length;
    const extra = await Promise.all(handles.current.slice(shown, shown + pageSize).map(readResult));
    if (ticket !== latest.current) return;
    firstNew.current = shown;
    setState({ ...state, found: [...state.found, ...extra] });
  }

  // After "More results", the first new result takes the focus, so a keyboard reader goes on from there.
  useEffect(() => {
    if (firstNew.current === undefined) return;
    resultsRef.current?.querySelectorAll("a")[firstNew.current]?.focus();
    firstNew.current = undefined;
  });

  // A query in the address (a form sent before the script arrived, a shared link) is searched at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration; later queries come from typing
  useEffect(() => {
    const initial = new URLSearchParams(location.search).get("q") ?? "";
    const typed = document.getElementById(inputId) as HTMLInputElement | null;
    const text = typed?.value || initial;
    if (!text) return;
    setQuery(text);
    void run(text);
  }, []);

  function typed(text: string) {
    setQuery(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void run(text), typingPause);
    // The first key press starts the download, while the visitor is still typing.
    void loadPagefind().catch(() => {});
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clearTimeout(timer.current);
    void run(query);
  }

  return (
    <div className="site-search">
      {/* biome-ignore lint/a11y/useSemanticElements: a <search> element is unknown to browsers older than 2023; the role is not */}
      <form role="search" className="search-form" action={`${base}search`} method="get" onSubmit={submit}>
        <label htmlFor={inputId} className="search-label">
          Search posts and projects
        </label>
        <div className="search-field">
          <Search className="search-field-icon" aria-hidden="true" focusable="false" size={18} />
          <input
            id={inputId}
            className="search-input"
            type="search"
            name="q"
            value={query}
            onChange={(event) => typed(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            data-search-input=""
            // biome-ignore lint/a11y/noAutofocus: searching is the page's one purpose, and `/` from any page leads here to type
            autoFocus
          />
          <button type="submit" className="search-submit">
            Search
          </button>
        </div>
      </form>
      <p className="search-status" role="status">
        <StatusText state={state} base={base} lists={lists} />
      </p>
      {state.kind === "done" && state.found.length > 0 && (
        <>
          <ol className="search-results" ref={resultsRef} aria-label={`Results for ${state.query}`}>
            {state.found.map((result) => (
              <li key={result.id} className="search-result">
                <a className="search-result-link" href={result.url}>
                  {result.title}
                </a>
                {(result.kind || result.date) && (
                  <p className="search-result-meta">
                    {result.kind && <span>{result.kind}</span>}
                    {result.date && <time dateTime={result.date}>{formatDate(result.date, lang)}</time>}
                  </p>
                )}
                <p className="search-result-excerpt">
                  {excerptParts(result.excerpt).map((part, index) =>
                    // biome-ignore lint/suspicious/noArrayIndexKey: an excerpt's parts never move; they are made anew with it
                    part.marked ? <mark key={index}>{part.text}</mark> : part.text,
                  )}
                </p>
              </li>
            ))}
          </ol>
          {state.found.length < state.total && (
            <button type="button" className="search-more" onClick={() => void showMore()}>
              More results
            </button>
          )}
        </>
      )}
    </div>
  );
}

function StatusText({ state, base, lists }: { state: SearchState; base: string; lists: SiteSearchProps["lists"] }) {
  const browse = (
    <>
      {" Browse "}
      {lists.map((list, index) => (
        <span key={list.path}>
          {index > 0 && (index === lists.length - 1 ? " or " : ", ")}
          <a href={`${base}${list.path}`}>{list.label}</a>
        </span>
      ))}
      .
    </>
  );
  switch (state.kind) {
    case "idle":
      return null;
    case "searching":
      return <>Searching…</>;
    case "failed":
      return <>Search could not be loaded.{browse}</>;
    case "done":
      return state.total === 0 ? (
        <>
          No results for “{state.query}”. Try another word.{browse}
        </>
      ) : (
        <>
          {state.total === 1 ? "1 result" : `${state.total} results`} for “{state.query}”
        </>
      );
  }
}

async function readResult(result: PagefindResult): Promise<Found> {
  const data = await result.data();
  return {
    id: result.id,
    url: data.url,
    title: data.meta.title ?? data.url,
    kind: data.meta.kind,
    date: data.meta.date,
    excerpt: data.excerpt,
  };
}

/** The address shows the query, so that reloading, going back or sharing the page finds the same. */
function syncAddress(words: string): void {
  const url = new URL(location.href);
  if (words) url.searchParams.set("q", words);
  else url.searchParams.delete("q");
  if (url.href !== location.href) history.replaceState(history.state, "", url);
}
