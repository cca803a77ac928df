import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createCodeHighlighter } from "../src/content/highlight.js";
import { loadMarkdownLibraries, renderMarkdown } from "../src/content/markdown.js";
import { repoRoot } from "./helpers/sample-site.js";

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
