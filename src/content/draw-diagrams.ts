import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type sanitize from "sanitize-html";
import { findChromium } from "../chromium/find-chromium.js";
import { launchChromium, type Chromium } from "../chromium/launch-chromium.js";
import { describeThrown, isPortfolioError } from "../errors.js";
import { cleanDrawing, cleaningVersion } from "./clean-drawing.js";
import type { BuildCache } from "../cache/build-cache.js";
import { fromKeptSvg, keptSvg, type KeptDrawings } from "./kept-drawings.js";
import type { MermaidTheme } from "./mermaid-themes.js";
import { diagramThemeNames, type DiagramThemeName, type DrawnDiagram, type DrawnThemes } from "./diagrams.js";

/** A diagram to draw: its source, and where it is written (for the message when it does not parse). */
export interface DiagramRequest {
  source: string;
  file: string;
  /** The line of the file its fence opens on. */
  line: number;
}

/**
 * A diagram Mermaid could not read, with its message; or one that asked the browser for an address
 * (an image shape, a `url()` in a style), with those addresses: nothing a diagram loads is drawn.
 */
export interface DiagramProblem {
  request: DiagramRequest;
  message: string;
  /** The addresses the diagram asked for, each refused. */
  loads?: string[] | undefined;
}

export interface DrawnDiagrams {
  /** Each source drawn (kept, from the cache, or now), by source. */
  drawn: Map<string, DrawnThemes>;
  problems: DiagramProblem[];
  /** Why the diagrams drawn nowhere were not drawn now (no browser), with where they are. */
  notDrawn?: { reason: string; requests: DiagramRequest[] } | undefined;
  /**
   * The keys of every drawing the diagrams asked for (`requests` and `keepAlso`), when a browser
   * could be found: the kept drawings the site uses. None without a browser, which cannot tell what
   * it would draw anew.
   */
  used?: Set<string> | undefined;
}

/** What draws a diagram: Mermaid (its version, its script) and how its drawing is cleaned. */
export interface DrawingEngine {
  mermaid: string;
  /** `cleaningVersion` of clean-drawing.ts. */
  cleaning: number;
  script: () => Promise<string>;
}

export interface DrawOptions {
  cache: BuildCache<DrawnDiagram>;
  /** The drawings kept with the site (drawings/), which a build without a browser shows. */
  kept?: KeptDrawings | undefined;
  themes: Record<DiagramThemeName, MermaidTheme>;
  /** The environment the browser is looked for in (`CHROMIUM_PATH`, `PATH`), as `portfolio cv` looks. */
  env: Record<string, string | undefined>;
  sanitizeHtml: typeof sanitize;
  /** @default Mermaid as installed, and this cleaning code */
  engine?: DrawingEngine | undefined;
  /**
   * Diagrams whose pages need no drawing now (their entry was kept whole in the build cache), whose
   * drawings are kept all the same: made again, with a browser, when drawings/ lacks them.
   */
  keepAlso?: readonly DiagramRequest[] | undefined;
}

/**
 * The key of one theme's drawing of a diagram: its source, the theme's colours, Mermaid's settings
 * and version and the version of the code that cleans its drawing, so a drawing made by another
 * engine or for other colours is never taken for this one. Hexadecimal, as it names a file.
 */
export function drawingKey(engine: Pick<DrawingEngine, "mermaid" | "cleaning">, theme: MermaidTheme, source: string) {
  return createHash("sha256")
    .update(JSON.stringify(["diagram", engine.mermaid, engine.cleaning, drawingSettings, theme, source]))
    .digest("hex")
    .slice(0, 32);
}

/**
 * Every diagram of the build, each theme from the build cache or the kept drawings (drawings/)
 * when one was drawn from the same source, in the same colours, by the same engine; the rest drawn
 * by Mermaid itself in one headless Chromium, launched only when some diagram is drawn nowhere and
 * closed before this returns (failed or not). With a browser, every drawing is kept in drawings/
 * (those of `keepAlso` too). No browser: nothing is drawn, and `notDrawn` says why and where.
 */
export async function drawDiagrams(requests: readonly DiagramRequest[], options: DrawOptions): Promise<DrawnDiagrams> {
  const { cache, kept, themes, keepAlso = [] } = options;
  const engine = options.engine ?? (await drawingEngine());
  const keyOf = (source: string, theme: DiagramThemeName) => drawingKey(engine, themes[theme], source);
  const drawn = new Map<string, DrawnThemes>();
  const placed = new Set(requests.map(({ source }) => source));
  const missing = new Map<string, DiagramRequest>();
  for (const request of requests) {
    if (drawn.has(request.source) || missing.has(request.source)) continue;
    const found: Partial<DrawnThemes> = {};
    for (const theme of diagramThemeNames) {
      const key = keyOf(request.source, theme);
      found[theme] = cache.get(key) ?? (await kept?.get(key));
      if (!found[theme]) break;
      if (!cache.has(key)) cache.set(key, found[theme]);
    }
    if (found.light && found.dark) drawn.set(request.source, found as DrawnThemes);
    else missing.set(request.source, request);
  }
  // What drawings/ lacks of what the site shows: kept by a build with a browser.
  const unkept = [...requests, ...keepAlso].filter(
    ({ source }) => kept && !diagramThemeNames.every((theme) => kept.has(keyOf(source, theme))),
  );
  const used = () =>
    new Set([...requests, ...keepAlso].flatMap(({ source }) => diagramThemeNames.map((theme) => keyOf(source, theme))));
  // No browser, or one that will not start or stops: what is not drawn is shown as code.
  const withoutBrowser = (error: unknown): DrawnDiagrams => {
    if (!isPortfolioError(error) || !["ChromiumNotFound", "ChromiumFailed"].includes(error.name)) throw error;
    const left = requests.filter(({ source }) => !drawn.has(source));
    const notDrawn = left.length ? { reason: describeThrown(error), requests: left } : undefined;
    return { drawn, problems: problemsOf(), notDrawn };
  };
  // Mermaid's message for each source it cannot read, or what it asked for: a problem of every file
  // that has that source.
  const unread = new Map<string, Omit<DiagramProblem, "request">>();
  const problemsOf = () =>
    requests.flatMap((request) => {
      const problem = unread.get(request.source);
      return problem === undefined ? [] : [{ request, ...problem }];
    });
  let executable: string;
  try {
    executable = findChromium(options.env);
  } catch (error) {
    return missing.size ? withoutBrowser(error) : { drawn, problems: [] };
  }
  // A browser is there: drawings/ gets what it lacks, from this build's drawings or the cache's.
  for (const request of unkept) {
    const themesFound = drawn.get(request.source) ?? themesInCache(request.source);
    if (themesFound) await keepThemes(request.source, themesFound);
    else if (!missing.has(request.source)) missing.set(request.source, request);
  }
  if (!missing.size) return { drawn, problems: [], used: used() };
  async function keepThemes(source: string, drawing: DrawnThemes) {
    for (const theme of diagramThemeNames) {
      const key = keyOf(source, theme);
      if (!kept?.has(key)) await kept?.keep(key, drawing[theme]);
    }
  }
  function themesInCache(source: string): DrawnThemes | undefined {
    const [light, dark] = diagramThemeNames.map((theme) => cache.get(keyOf(source, theme)));
    return light && dark ? { light, dark } : undefined;
  }
  let browser: Chromium;
  try {
    browser = await launchChromium(executable, { reach: "nothing" });
  } catch (error) {
    return withoutBrowser(error);
  }
  try {
    const queue = [...missing.values()];
    // Two tabs at most (the build machine may have two cores); one for a handful of diagrams.
    const tabs = Math.min(2, Math.ceil(queue.length / 4));
    let next = 0;
    await Promise.all(
      Array.from({ length: tabs }, async () => {
        const tab = await openMermaidTab(browser, engine.script);
        while (next < queue.length) {
          const request = queue[next++]!;
          const themesDrawn: Partial<DrawnThemes> = {};
          for (const theme of diagramThemeNames) {
            const answer = await tab.render(request.source, themes[theme]);
            // What a diagram asked for says more than Mermaid's message about the image it then lacked.
            if (answer.loads.length) {
              unread.set(request.source, { message: "loads an address", loads: answer.loads });
              break;
            }
            if ("error" in answer) {
              unread.set(request.source, { message: answer.error });
              break;
            }
            // As a build that reads it from drawings/ shows it, so both give the same page.
            const drawing = fromKeptSvg(keptSvg(cleanDrawing(answer.svg, options.sanitizeHtml)), options.sanitizeHtml);
            if (!drawing) {
              unread.set(request.source, { message: "Mermaid gave no drawing" });
              break;
            }
            themesDrawn[theme] = drawing;
            cache.set(keyOf(request.source, theme), drawing);
          }
          if (!themesDrawn.light || !themesDrawn.dark) continue;
          if (placed.has(request.source)) drawn.set(request.source, themesDrawn as DrawnThemes);
          await keepThemes(request.source, themesDrawn as DrawnThemes);
        }
      }),
    );
  } catch (error) {
    return withoutBrowser(error);
  } finally {
    await browser.close();
  }
  return { drawn, problems: problemsOf(), used: used() };
}

/** Mermaid as installed (its version and the one file it ships for a page) and this code's way of cleaning. */
export async function drawingEngine(): Promise<DrawingEngine> {
  const { version, script } = await mermaidScript();
  return { mermaid: version, cleaning: cleaningVersion, script };
}

/** Mermaid's self-contained build (the one file it ships for a page), and its version. */
async function mermaidScript(): Promise<{ script: () => Promise<string>; version: string }> {
  const require = createRequire(import.meta.url);
  const folder = path.dirname(require.resolve("mermaid/package.json"));
  const { version } = JSON.parse(await readFile(path.join(folder, "package.json"), "utf8")) as { version: string };
  return { version, script: () => readFile(path.join(folder, "dist", "mermaid.min.js"), "utf8") };
}

interface MermaidTab {
  /** Mermaid's drawing or message, and the addresses the drawing asked for (each refused). */
  render(source: string, theme: MermaidTheme): Promise<({ svg: string } | { error: string }) & { loads: string[] }>;
}

/** Mermaid's settings for every drawing, its theme's colours aside; part of each drawing's cache key. */
const drawingSettings = {
  startOnLoad: false,
  // Labels are SVG text (no HTML in foreignObject), and "strict" keeps the source's HTML and clicks out.
  securityLevel: "strict",
  theme: "base",
  htmlLabels: false,
  flowchart: { htmlLabels: false },
  deterministicIds: true,
  // The shapes Mermaid draws with rough.js (a class diagram's boxes) come out alike at every drawing,
  // so that a diagram's two themes can differ in their colours alone (diagram-themes.ts).
  handDrawnSeed: 1,
  // What a diagram's own `%%{init: …}%%` may not change: Mermaid's defaults, and the theme and
  // labels the site draws with (its colours in both themes; labels as text, not HTML).
  secure: [
    ...["secure", "securityLevel", "startOnLoad", "maxTextSize", "suppressErrorRendering", "maxEdges"],
    ...["theme", "themeVariables", "themeCSS", "darkMode", "fontFamily", "htmlLabels", "handDrawnSeed"],
  ],
};

/** The id Mermaid gives the SVG it draws; placing a diagram in a page prefixes every id (diagrams.ts). */
const renderId = "mermaid";

/**
 * The page Mermaid draws in: a policy that lets it load nothing (its own `<style>` elements and
 * `style` attributes aside), and a record of each address it was refused. Mermaid itself is
 * evaluated into it over the protocol, which no policy stops.
 */
const tabPolicy = "default-src 'none'; style-src 'unsafe-inline'";
const tabPage = `data:text/html,${encodeURIComponent(
  `<!doctype html><meta http-equiv="Content-Security-Policy" content="${tabPolicy}"><title>Diagrams</title>`,
)}`;
/**
 * Records each address the page refuses, and each an image is given (Mermaid's image shape): Chromium
 * refuses a `file:` image before the policy is asked, and the policy names a `data:` one by its scheme alone.
 */
const recordRefusals = `(() => {
window.refused = [];
document.addEventListener("securitypolicyviolation", (event) => window.refused.push(event.blockedURI), true);
const imageSource = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "src");
Object.defineProperty(HTMLImageElement.prototype, "src", {
  ...imageSource,
  set(address) {
    window.refused.push(String(address));
    imageSource.set.call(this, address);
  },
});
})();`;

interface PausedRequest {
  requestId: string;
  request: { url: string };
}

/**
 * A tab of the browser with Mermaid loaded, which draws one diagram at a time. Nothing it asks for
 * is fetched: its page's policy refuses every load, and whatever got past the policy is failed by
 * the tab's own interception of every request (the browser is launched unable to reach any host
 * too, loopback included: launch-chromium.ts).
 */
async function openMermaidTab(browser: Chromium, script: () => Promise<string>): Promise<MermaidTab> {
  const { targetId } = await browser.send<{ targetId: string }>("Target.createTarget", { url: "about:blank" });
  const { sessionId } = await browser.send<{ sessionId: string }>("Target.attachToTarget", { targetId, flatten: true });
  const send = <T>(method: string, params: object = {}) => browser.send<T>(method, params, sessionId);
  const evaluate = <T>(expression: string) =>
    send<{ result: { value?: T }; exceptionDetails?: { text: string } }>("Runtime.evaluate", {
      expression,
      awaitPromise: true,
      returnByValue: true,
    });
  await send("Page.enable");
  const loaded = browser.next("Page.loadEventFired", sessionId);
  await send("Page.navigate", { url: tabPage });
  await loaded;
  let intercepted: string[] = [];
  browser.on<PausedRequest>("Fetch.requestPaused", sessionId, ({ requestId, request }) => {
    intercepted.push(request.url);
    send("Fetch.failRequest", { requestId, errorReason: "BlockedByClient" }).catch(() => undefined);
  });
  await send("Fetch.enable", { patterns: [{ urlPattern: "*" }] });
  const loadedScript = await evaluate(`${await script()}\n;${recordRefusals}`);
  if (loadedScript.exceptionDetails) throw new Error(`Mermaid did not load: ${loadedScript.exceptionDetails.text}`);
  return {
    async render(source, theme) {
      const config = { ...drawingSettings, themeVariables: theme };
      // The policy reports a refusal in a task of its own: one more turn lets it be recorded.
      const expression = `(async () => {
        window.refused = [];
        let answer;
        try {
          mermaid.initialize(${JSON.stringify(config)});
          const { svg } = await mermaid.render(${JSON.stringify(renderId)}, ${JSON.stringify(source)});
          answer = { svg };
        } catch (error) {
          answer = { error: String((error && error.message) || error) };
        }
        await new Promise((done) => setTimeout(done, 0));
        return { ...answer, refused: window.refused };
      })()`;
      intercepted = [];
      const answer = await evaluate<({ svg: string } | { error: string }) & { refused: string[] }>(expression);
      const { refused = [], ...drawing } = answer.result.value ?? {
        error: answer.exceptionDetails?.text ?? "Mermaid gave no drawing",
      };
      return { ...drawing, loads: addressesAsked([...refused, ...intercepted]) };
    },
  };
}

/**
 * Each address once, and a scheme alone (the policy's word for a `data:` address) only when no
 * whole address of it was recorded.
 */
export function addressesAsked(recorded: readonly string[]): string[] {
  const whole = new Set(recorded.filter((address) => address.includes(":")));
  const schemes = new Set([...whole].map((address) => address.slice(0, address.indexOf(":"))));
  return [...new Set(recorded.filter((address) => whole.has(address) || !schemes.has(address)))];
}
