import { describe, expect, it } from "vitest";
import { withCodeCopy } from "../src/render/code-copy.js";

/**
 * Issue 52, the built-in media: the copy button's marks on code blocks, the gallery's HTML and its
 * pictures, a project's video, raw `<video>`, the code playground's facade. Pure functions only;
 * tests/directives-site.test.ts builds them once, tests/browser/directives.test.ts visits them.
 */
const labels = { copy: "Copy code", copied: "Copied" };

describe("the copy button's marks", () => {
  it("are put on every pre > code, a body's or a component's, with the words in the page's language", () => {
    const html = [
      '<pre class="code" tabindex="0" data-language="ts"><code>const a = 1;</code></pre>',
      "<details><summary>BibTeX</summary><pre>\n<code>@article{a}</code></pre></details>",
    ].join("");
    expect(withCodeCopy(html, { copy: "Copier le code", copied: "Copié" })).toBe(
      [
        '<pre class="code" tabindex="0" data-language="ts" data-island="CodeCopy" data-copy-label="Copier le code" data-copied-label="Copié"><code>const a = 1;</code></pre>',
        '<details><summary>BibTeX</summary><pre tabindex="0" data-island="CodeCopy" data-copy-label="Copier le code" data-copied-label="Copié">\n<code>@article{a}</code></pre></details>',
      ].join(""),
    );
  });

  it("leave a pre without code, a code without pre, and escaped text alone", () => {
    const html = "<pre>ascii art</pre><p><code>inline</code></p><pre><code>&lt;pre&gt;&lt;code&gt;</code></pre>";
    const marked = withCodeCopy(html, labels);
    expect(marked.match(/data-island/g)).toHaveLength(1);
    expect(marked).toContain("<pre>ascii art</pre><p><code>inline</code></p>");
    expect(marked).toContain("<code>&lt;pre&gt;&lt;code&gt;</code>");
  });
});
