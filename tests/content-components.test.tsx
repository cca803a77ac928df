import type { ReactNode } from "react";
import { describe, expect, expectTypeOf, it } from "vitest";
import { type ContentProps, field } from "../src/config/define-config.js";
import { withDirectiveFallbacks } from "../src/content/directive-fallbacks.js";
import { builtInDirectives } from "../src/content/directives.js";
import { entryCacheKeys } from "../src/content/entry-cache-keys.js";
import { englishWritingLabels } from "../src/content/markdown-extensions.js";
import { loadMarkdownLibraries, renderMarkdown } from "../src/content/markdown.js";
import { contentComponentOf, contentDirectives, directiveNameOf } from "../src/overrides/content-components.js";

/**
 * Issue 52, part 2: the owner's own components in content (`components/content/<Name>.tsx`), checked
 * and rendered as directives without a build: the props they declare with `field`, the values they
 * get (typed), the HTML they render (their children sanitised), what they throw, and the problems of
 * a file that is not one. tests/content-components-site.test.ts builds a site with two of them.
 */

const statProps = { value: field.text(), label: field.text().optional() };
function Stat({ value, label }: ContentProps<typeof statProps>) {
  return (
    <p className="stat">
      <strong>{value}</strong> {label}
    </p>
  );
}

const chartProps = {
  points: field.number(),
  shown: field.boolean().optional(),
  tags: field.list("text").optional(),
  kind: field.choice(["bar", "line"]).default("bar"),
};
const seen: unknown[] = [];
function Chart(props: ContentProps<typeof chartProps>) {
  seen.push(props);
  return <figure className="chart">{props.children}</figure>;
}

function Broken(): ReactNode {
  throw new Error("no data for the chart");
}

function Counter({ start }: ContentProps<typeof counterProps>) {
  return <button type="button">Clicked {start} times</button>;
}
const counterProps = { start: field.number().default(0) };

const directives = contentDirectives([
  { file: "components/content/Stat.tsx", name: "Stat", component: Stat, props: statProps, island: false },
  { file: "components/content/Chart.tsx", name: "Chart", component: Chart, props: chartProps, island: false },
  { file: "components/content/Broken.tsx", name: "Broken", component: Broken, props: {}, island: false },
  { file: "components/content/Counter.tsx", name: "Counter", component: Counter, props: counterProps, island: true },
]);

const libraries = await loadMarkdownLibraries();
const rendered = (markdown: string) =>
  renderMarkdown(libraries, markdown, "/", { directives, idPrefix: "launch-", labels: englishWritingLabels });
const render = (markdown: string) => {
  const result = rendered(markdown);
  if ("problem" in result) throw new Error(result.problem.problem);
  return result.html;
};
const problemOf = (markdown: string) => {
  const result = rendered(markdown);
  return "problem" in result ? result.problem : undefined;
};

describe("an owner's component in content", () => {
  it("is named by its file in lower case", () => {
    expect(directiveNameOf("Stat.tsx")).toBe("stat");
    expect(directiveNameOf("BigNumber.jsx")).toBe("bignumber");
    expect([...directives.keys()].filter((name) => !builtInDirectives.has(name))).toEqual([
      "stat",
      "chart",
      "broken",
      "counter",
    ]);
  });

  it("renders on the server as a leaf, a container or inline, its values typed as its props say", () => {
    expect(render('::stat{value="42" label="services shipped"}')).toBe(
      '<p class="stat"><strong>42</strong> <!-- -->services shipped</p>',
    );
    seen.length = 0;
    const html = render(':::chart{points="3" shown tags="a, b"}\nSome **text** <script>alert(1)</script>\n:::');
    expect(seen).toEqual([{ points: 3, shown: true, tags: ["a", "b"], kind: "bar", children: expect.anything() }]);
    // The inner Markdown is sanitised as always, whatever the component does with it.
    expect(html).toBe(
      '<figure class="chart"><div data-content-children=""><p>Some <strong>text</strong> </p></div></figure>',
    );
    // A directive inside one is drawn in its place too.
    expect(render(':::chart{points="1"}\n::stat{value="9"}\n:::')).toBe(
      '<figure class="chart"><div data-content-children=""><p class="stat"><strong>9</strong> </p></div></figure>',
    );
    expect(render("A number :stat[ignored]{value=7} in a sentence.")).toBe(
      '<p>A number <p class="stat"><strong>7</strong> </p> in a sentence.</p>',
    );
  });

  it("is checked with the built-ins' messages, and joins their did-you-mean", () => {
    expect(problemOf('::stta{value="1"}')?.problem).toBe("the directive ::stta does not exist: did you mean ::stat?");
    expect(problemOf('::stat{label="x"}')?.problem).toBe(
      'the directive ::stat is missing its attribute "value": expected value="…" (text)',
    );
    expect(problemOf('::stat{value="1" lable="x"}')?.problem).toBe(
      'the directive ::stat has no attribute "lable": did you mean "label"?',
    );
    expect(problemOf('::chart{points="many"}')?.problem).toBe(
      'the directive ::chart has points="many": expected a number, got string "many"',
    );
    expect(problemOf('Text.\n\n::chart{points="1" kind="pie"}')).toMatchObject({ line: 3 });
  });

  it("names its file when it throws, without a stack", () => {
    expect(problemOf("Intro.\n\n::broken")).toEqual({
      field: "body",
      line: 3,
      problem:
        "the directive ::broken failed: components/content/Broken.tsx threw while rendering: no data for the chart",
    });
  });

  it("as an island, marks its root for the loader with its props as data", () => {
    const html = render('::counter{start="2"}');
    expect(html).toBe(
      '<div class="island" data-island="content-counter" id="launch-content-1" data-island-props="{&quot;start&quot;:2}"><button type="button">Clicked <!-- -->2<!-- --> times</button></div>',
    );
    // A second one in the same text has an id of its own.
    expect(render("::counter\n\n::counter")).toContain('id="launch-content-2"');
    // Where no script runs (feeds, search), its server HTML stays without the loader's marks.
    expect(withDirectiveFallbacks(html, "link")).toBe(
      '<div><button type="button">Clicked <!-- -->2<!-- --> times</button></div>',
    );
  });

  it("types its props from its fields", () => {
    expectTypeOf<ContentProps<typeof chartProps>>().toEqualTypeOf<{
      points: number;
      shown: boolean | undefined;
      tags: string[] | undefined;
      kind: "bar" | "line";
      children?: ReactNode;
    }>();
  });
});

describe("a file of components/content/", () => {
  const file = "components/content/Stat.tsx";
  it("must export the component and its props", () => {
    expect(contentComponentOf(file, { Stat, props: statProps })).toMatchObject({ name: "Stat", island: false });
    expect(contentComponentOf(file, { default: Stat, props: statProps, island: true })).toMatchObject({
      island: true,
    });
    expect(contentComponentOf(file, { Stat })).toEqual({
      problem:
        'it exports no props: expected `export const props = { value: field.text() }`, each attribute made with field (import { field } from "portfolio-ssg"), or `export const props = {}`',
    });
    expect(contentComponentOf(file, { props: statProps })).toEqual({
      problem: "it exports no component Stat: expected `export function Stat(props)` or a default export",
    });
    expect(contentComponentOf(file, { Stat, props: { value: "text" } })).toEqual({
      problem:
        'its props has value: expected a field made with field, such as field.boolean() or field.choice(["a", "b"])',
    });
  });

  it("may not take a built-in directive's name", () => {
    expect(() =>
      contentDirectives([
        { file: "components/content/Video.tsx", name: "Video", component: Stat, props: statProps, island: false },
      ]),
    ).toThrow(
      "components/content/Video.tsx cannot be used in content: it would be ::video, the name of the built-in directive video: give the file another name, such as MyVideo.tsx",
    );
  });
});

describe("the parse kept in the build cache", () => {
  it("is made again when a component a text uses changes, and only then", () => {
    const source = (text: string) => ({ file: "blog/a.md", text, lang: "en", slug: "a" });
    const keys = (digest: string) =>
      entryCacheKeys("/", () => englishWritingLabels, undefined, "", { names: ["stat"], digest });
    const uses = source('::stat{value="1"}');
    const plain = source("Just text.");
    expect(keys("one")("blog", uses)).not.toBe(keys("two")("blog", uses));
    expect(keys("one")("blog", plain)).toBe(keys("two")("blog", plain));
    // Without components of the owner, the keys are those of before: a warm cache stays warm.
    expect(keys("one")("blog", plain)).toBe(
      entryCacheKeys("/", () => englishWritingLabels, undefined, "")("blog", plain),
    );
  });
});
