import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { blocksForThread, createCodeHighlighter, highlightOnThread } from "../src/content/highlight.js";
import { loadMarkdownLibraries, renderMarkdown } from "../src/content/markdown.js";
import { loadConfig } from "../src/config/load-config.js";
import { loadContentInLanguages } from "../src/content/load-content.js";
import { copySampleSite, repoRoot } from "./helpers/sample-site.js";

const markdown = [
  "```ts",
  'const greeting: string = "<hello>"; // says hi',
  "```",
  "",
  "```python",
  "def area(r):",
  "    return 3.14 * r ** 2  # circle",
  "```",
  "",
  "```brainfudge",
  "<script>alert(1)</script> & more",
  "```",
  "",
  "```",
  "no language at all",
  "```",
].join("\n");

async function render(text = markdown) {
  const result = renderMarkdown(await loadMarkdownLibraries(), text, "/", {
    highlight: await createCodeHighlighter([text]),
  });
  if ("problem" in result) throw new Error(result.problem.problem);
  return result.html;
}

describe("code highlighting", () => {
  it("marks each token of a known language with a class for its role", async () => {
    const html = await render();
    expect(html).toContain(
      '<pre class="code" tabindex="0" data-language="ts"><code><span class="tok-keyword">const</span>',
    );
    expect(html).toContain('<span class="tok-string-expression">"&lt;hello&gt;"</span>');
    expect(html).toContain('<span class="tok-comment">// says hi</span>');
    expect(html).toMatch(
      /data-language="python"><code><span class="tok-keyword">def<\/span> <span class="tok-function">area<\/span>/,
    );
  });

  it("never writes an inline style, which the CSP forbids", async () => {
    expect(await render()).not.toMatch(/style=/);
  });

  it("shows an unknown language, or none, as plain escaped code rather than failing", async () => {
    const html = await render();
    expect(html).toContain(
      '<pre class="code" tabindex="0" data-language="brainfudge"><code>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</code></pre>',
    );
    expect(html).toContain('<pre class="code" tabindex="0"><code>no language at all</code></pre>');
    expect(html).not.toContain("<script>");
  });

  it("loads only the grammars the content uses, and none without code", async () => {
    const none = await createCodeHighlighter(["# Just prose\n\nNo code here."]);
    expect(none("const a = 1;", "ts")).toBeUndefined();
    const tsOnly = await createCodeHighlighter(["```ts\nlet a = 1;\n```"]);
    expect(tsOnly("let a = 1;", "ts")).toContain("tok-keyword");
    expect(tsOnly("def f(): pass", "python")).toBeUndefined();
  });

  it("keeps the text of the code exactly, entities and whitespace included", async () => {
    const code = "if (a < b && c > \"d\") {\n\treturn '&amp;';\n}";
    const html = await render(`\`\`\`js\n${code}\n\`\`\``);
    const text = html
      .replace(/<[^>]*>/g, "")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, "&");
    expect(text).toBe(code);
  });
});

describe("the colours of highlighted code", () => {
  it("meet 4.5:1 contrast on the code background in both themes", async () => {
    const css = await readFile(path.join(repoRoot, "src/styles/tokens.css"), "utf8");
    const darkStart = css.indexOf(":root {", css.indexOf("@layer dark {"));
    const dark = css.slice(darkStart, css.indexOf("}", darkStart));
    const lightStart = css.indexOf(":root:not(.theme-dark) {");
    const light = css.slice(lightStart, css.indexOf("}", lightStart));
    for (const [theme, block] of [
      ["dark", dark],
      ["light", light],
    ] as const) {
      const colours = Object.fromEntries(
        [...block.matchAll(/(--[\w-]+):\s*hsl\(([\d.]+) ([\d.]+)% ([\d.]+)%\)/g)].map((match) => [
          match[1],
          [Number(match[2]), Number(match[3]), Number(match[4])] as const,
        ]),
      );
      const background = colours["--surface-2"]!;
      const roles = Object.keys(colours).filter((name) => name.startsWith("--code-"));
      expect(roles.length, theme).toBe(8);
      for (const role of [...roles, "--text"]) {
        expect(contrast(colours[role]!, background), `${role} in the ${theme} theme`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});

/** WCAG contrast ratio of two colours given as hue, saturation %, lightness %. */
function contrast(a: readonly [number, number, number], b: readonly [number, number, number]): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

function luminance([hue, saturation, lightness]: readonly [number, number, number]): number {
  const s = saturation / 100;
  const l = lightness / 100;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(8) + 0.0722 * channel(4);
}

describe("code highlighted on a thread of its own", () => {
  // Blocks of several languages, one unknown, with what escaping and placeholders must survive.
  const blocks = Array.from({ length: blocksForThread * 2 }, (_, index) => {
    const kinds = [
      { language: "ts", code: `export const n${index}: number = ${index} < 2 && "a" > 'b' ? 1 : 0; // ${index}` },
      { language: "Python", code: `def f${index}(x):\n    return x ** ${index}  # ü & <b>` },
      { language: "bash", code: `echo "$HOME" > /tmp/${index}.txt && cat <<EOF\n\u0000x:1\u0000\nEOF` },
      { language: "css", code: `.a${index} > b::after { content: "\\2014"; }` },
      { language: "brainfudge", code: `+[>${index}<-]` },
      { language: "ts", code: "" },
    ];
    return kinds[index % kinds.length]!;
  });
  const sources = blocks.map(({ language, code }) => `\`\`\`${language}\n${code}\n\`\`\``);

  async function inThisThread() {
    const highlight = await createCodeHighlighter(sources);
    return blocks.map(({ code, language }) => highlight(code, language));
  }

  async function onThread(options?: { workerFile: string }) {
    const deferred = highlightOnThread(sources, options);
    if (!deferred) throw new Error("expected a thread for this many blocks");
    const placed = blocks.map(({ code, language }) => deferred.highlight(code, language));
    const { place, fromThread } = await deferred.settled();
    return {
      html: placed.map((html) => (html === undefined ? undefined : place(`<code>${html}</code>`).slice(6, -7))),
      fromThread,
    };
  }
  const known = blocks.filter(({ language }) => language !== "brainfudge").length;

  it("gives each block the same HTML as the build's own thread, and leaves an unknown language plain", async () => {
    const expected = await inThisThread();
    expect(expected.filter((html) => html?.includes("tok-")).length).toBeGreaterThan(blocksForThread / 2);
    expect(expected[4]).toBeUndefined();
    const threaded = await onThread();
    expect(threaded.fromThread).toBe(known);
    expect(threaded.html).toEqual(expected);
    // No placeholder is left, and the code's own NULs are kept as they were.
    expect(threaded.html.join("")).not.toMatch(/\u0000[\da-f-]{36}:\d+\u0000/);
    expect(threaded.html[2]).toContain("\u0000x:1\u0000");
  });

  it("is started only for as many blocks in known languages as it pays for", () => {
    const fences = (count: number, language: string) =>
      Array.from({ length: count }, () => `\`\`\`${language}\nx\n\`\`\``);
    expect(highlightOnThread(fences(blocksForThread - 1, "ts"))).toBeUndefined();
    expect(highlightOnThread([...fences(blocksForThread - 1, "ts"), ...fences(50, "brainfudge")])).toBeUndefined();
    const started = highlightOnThread(fences(blocksForThread, "ts"));
    expect(started).toBeDefined();
    started?.close();
  });

  it("highlights here, with the same result, when its thread cannot start", async () => {
    const threaded = await onThread({ workerFile: path.join(repoRoot, "tests", "no-such-worker.mjs") });
    expect(threaded.fromThread).toBe(0);
    expect(threaded.html).toEqual(await inThisThread());
  });
});

describe("a long blog's content", () => {
  it("is the same, code and text, whether its code was highlighted on a thread or in the build's own", async () => {
    const site = await copySampleSite();
    try {
      for (let index = 0; index < blocksForThread + 5; index++) {
        const day = String((index % 28) + 1).padStart(2, "0");
        await site.write(
          `content/blog/code-${index}.md`,
          `---\ntitle: "Code ${index}"\nauthor: Maya Okafor\ndate: 2024-02-${day}\ncategory: Programming\n---\n\nSee \`inline\` & this:\n\n\`\`\`ts\nconst x${index}: string = "<${index}>";\n\`\`\`\n\n## After\n\n\`\`\`brainfudge\n+[>${index}<-]\n\`\`\`\n`,
        );
      }
      const { config } = await loadConfig({ cwd: site.root, env: {} });
      const load = (remember?: object) =>
        loadContentInLanguages({ root: site.root, config, languages: [config], remember });
      // portfolio dev (a memo to remember texts in) highlights in its own thread; a build, on another.
      const [inOwnThread] = await load({});
      const [onThread] = await load();
      const post = onThread!.blogPosts.find((entry) => entry.slug === "code-7")!;
      expect(post.contentHtml).toContain('<span class="tok-string-expression">"&lt;7&gt;"</span>');
      // The excerpt is made from the text of the HTML with its code in place.
      expect(post.excerpt).toContain('const x7: string = "<7>";');
      expect(onThread!.blogPosts).toEqual(inOwnThread!.blogPosts);
      expect(onThread).toEqual(inOwnThread);
    } finally {
      await site.remove();
    }
  });
});
