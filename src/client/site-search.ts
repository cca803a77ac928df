/// <reference lib="dom" />
import { formatDate } from "../format-date.js";
import type { SiteSearchProps, siteSearchStrings } from "../islands/SiteSearch.js";
import { excerptParts } from "../islands/search-excerpt.js";
import { translator, type Translate } from "../i18n/message.js";

type SearchWords = Translate<(typeof siteSearchStrings)[number]>;

/** The part of Pagefind's browser API the page uses (pagefind.js, made with the index). */
interface Pagefind {
  options(options: { baseUrl?: string; excerptLength?: number }): Promise<void>;
  init(): Promise<void>;
  search(query: string): Promise<{ results: PagefindResult[] } | null>;
}

interface PagefindResult {
  id: string;
  data(): Promise<{ url: string; excerpt: string; meta: { title?: string; kind?: string; date?: string } }>;
}

/** Results shown at once, and added by each "More results". */
const pageSize = 10;
/** Typing pauses this long before a search starts, so each key press does not fetch. */
const typingPause = 150;

/**
 * The search page in the browser: a plain module, not React, over the form the server wrote
 * (islands/SiteSearch.tsx). Every text of a result goes in as text, never as markup.
 */
export async function hydrate(root: HTMLElement): Promise<void> {
  const props = JSON.parse(
    document.querySelector(`script[data-island-props="${root.id}"]`)?.textContent ?? "{}",
  ) as SiteSearchProps;
  const form = root.querySelector<HTMLFormElement>("[data-search-form]")!;
  const input = root.querySelector<HTMLInputElement>("[data-search-input]")!;
  const status = root.querySelector<HTMLElement>("[data-search-status]")!;
  const found = root.querySelector<HTMLElement>("[data-search-found]")!;
  const t: SearchWords = translator(props.strings, props.lang);

  let pagefind: Promise<Pagefind> | undefined;
  const loadPagefind = (): Promise<Pagefind> => {
    pagefind ??= (async () => {
      const module = (await import(`${props.base}${props.indexFolder}/pagefind.js`)) as Pagefind;
      await module.options({ baseUrl: props.base, excerptLength: 24 });
      await module.init();
      return module;
    })();
    // A failed download may succeed on the next try.
    pagefind.catch(() => (pagefind = undefined));
    return pagefind;
  };

  let latest = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const link = (path: string, text: string) =>
    Object.assign(document.createElement("a"), { href: `${props.base}${path}`, textContent: text });
  const browseLinks = (): Array<string | Node> => [
    " ",
    ...t.rich("search.browse", {
      posts: link(props.lists.posts, t("search.allPosts")),
      projects: link(props.lists.projects, t("search.allProjects")),
    }),
  ];

  const show = (text: string, withLinks = false) => status.replaceChildren(text, ...(withLinks ? browseLinks() : []));

  const run = async (text: string) => {
    const ticket = ++latest;
    const words = text.trim();
    syncAddress(words);
    if (!words) {
      show("");
      found.replaceChildren();
      return;
    }
    show(t("search.searching"));
    try {
      const results = (await (await loadPagefind()).search(words))?.results ?? [];
      const first = await Promise.all(results.slice(0, pageSize).map(resultItem(t)));
      if (ticket !== latest) return;
      if (results.length === 0) {
        show(t("search.found", { count: 0, query: words }), true);
        found.replaceChildren();
        return;
      }
      show(t("search.found", { count: results.length, query: words }));
      const list = document.createElement("ol");
      list.className = "search-results";
      list.setAttribute("aria-label", t("search.resultsFor", { query: words }));
      list.append(...first);
      const more = document.createElement("button");
      more.type = "button";
      more.className = "search-more";
      more.textContent = t("search.more");
      more.addEventListener("click", async () => {
        const shown = list.children.length;
        const items = await Promise.all(results.slice(shown, shown + pageSize).map(resultItem(t)));
        if (ticket !== latest) return;
        list.append(...items);
        // The first new result takes the focus, so a keyboard reader goes on from there.
        items[0]?.querySelector("a")?.focus();
        if (list.children.length >= results.length) more.remove();
      });
      found.replaceChildren(list, ...(results.length > pageSize ? [more] : []));
    } catch (error) {
      if (ticket !== latest) return;
      console.error("Search could not be loaded:", error);
      show(t("search.failed"), true);
      found.replaceChildren();
    }
  };

  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(input.value), typingPause);
    // The first key press starts the download, while the visitor is still typing.
    void loadPagefind().catch(() => {});
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(timer);
    void run(input.value);
  });

  // What was typed before this script came, or a query in the address (a shared link, a form sent
  // without JavaScript), is searched at once.
  const initial = input.value || (new URLSearchParams(location.search).get("q") ?? "");
  if (initial) {
    input.value = initial;
    void run(initial);
  }
}

/** What a result is, as the index records it (search-index.ts), and its word on the page. */
const kindWords = {
  Post: "search.kindPost",
  Project: "search.kindProject",
  Page: "search.kindPage",
  Publication: "search.kindPublication",
} as const;

/** One result: its title as a link, its kind and date, and the excerpt with the found words marked. */
function resultItem(t: SearchWords) {
  return async (result: PagefindResult): Promise<HTMLLIElement> => {
    const data = await result.data();
    const item = document.createElement("li");
    item.className = "search-result";
    const link = document.createElement("a");
    link.className = "search-result-link";
    link.href = data.url;
    link.textContent = data.meta.title ?? data.url;
    item.append(link);
    const { kind, date } = data.meta;
    if (kind || date) {
      const meta = document.createElement("p");
      meta.className = "search-result-meta";
      const kindWord = kind && kind in kindWords ? t(kindWords[kind as keyof typeof kindWords]) : kind;
      if (kindWord) meta.append(Object.assign(document.createElement("span"), { textContent: kindWord }));
      if (date) {
        const time = document.createElement("time");
        time.dateTime = date;
        time.textContent = formatDate(date, t.lang);
        meta.append(time);
      }
      item.append(meta);
    }
    const excerpt = document.createElement("p");
    excerpt.className = "search-result-excerpt";
    excerpt.append(
      ...excerptParts(data.excerpt).map((part) =>
        part.marked ? Object.assign(document.createElement("mark"), { textContent: part.text }) : part.text,
      ),
    );
    item.append(excerpt);
    return item;
  };
}

/** The address shows the query, so that reloading, going back or sharing the page finds the same. */
function syncAddress(words: string): void {
  const url = new URL(location.href);
  if (words) url.searchParams.set("q", words);
  else url.searchParams.delete("q");
  if (url.href !== location.href) history.replaceState(history.state, "", url);
}
