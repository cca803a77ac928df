import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { create as createFont, type Font } from "fontkitten";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addWritingPosts, addWritingPostsWithoutMath } from "../fixtures/writing-post.js";
import { violations } from "../helpers/axe.js";
import { fontsSettled, gotoSettled, launchChromium, openWatchedPage, themesAndViewports } from "../helpers/browser.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";

let served: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [served, browser] = await Promise.all([serveSampleSite({ prepare: addWritingPosts }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

async function withPage(
  options: Parameters<typeof openWatchedPage>[2],
  test: (page: Page) => Promise<void>,
): Promise<void> {
  const { page, context, problems, foreignRequests } = await openWatchedPage(browser, served.origin, options);
  try {
    await test(page);
    expect(foreignRequests).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}

describe.each(themesAndViewports)("a post with every writing feature, %s theme, %s", (theme, _device, viewport) => {
  it("shows its callouts, footnotes, figure and heading links, axe clean, nothing wider than the screen", async () => {
    await withPage({ theme, viewport }, async (page) => {
      await page.goto(`${served.url}blogs/writing`);
      expect(await page.locator(".post-meta span").first().innerText()).toBe("Maya Okafor");

      const callouts = page.locator(".item-body .callout");
      expect(await callouts.locator(".callout-title").allInnerTexts()).toEqual([
        "Note",
        "Tip",
        "Important",
        "Warning",
        "Caution",
      ]);
      for (const callout of await callouts.all()) {
        expect(await callout.isVisible()).toBe(true);
        expect(await callout.locator("svg.callout-icon").isVisible()).toBe(true);
      }

      const figures = page.locator(".item-body figure");
      expect(await figures.first().getByRole("img", { name: "The Fleetwise map" }).isVisible()).toBe(true);
      expect(await figures.locator("figcaption").allInnerTexts()).toEqual([
        "The map drivers see",
        "An image from the post's own folder",
      ]);
      // The image beside the post: through the responsive pipeline, loaded, from the site.
      const beside = figures.nth(1).getByRole("img", { name: "The social card, kept beside the post" });
      await beside.scrollIntoViewIfNeeded();
      expect(await beside.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      expect(await figures.nth(1).locator("picture source").count()).toBeGreaterThan(0);

      // From the text to the note, and back to where the reader was.
      const section = page.getByRole("region", { name: "Footnotes" });
      expect(await section.getByRole("listitem").count()).toBe(2);
      await page.locator(".item-body sup a").first().click();
      await page.waitForURL(/#writing-fn-speed$/);
      expect(await section.getByRole("listitem").first().isVisible()).toBe(true);
      await section.getByRole("link", { name: "Back to reference 1" }).first().click();
      await page.waitForURL(/#writing-fn-ref-speed$/);
      expect(await page.locator("#writing-fn-ref-speed").isVisible()).toBe(true);

      // A heading's link: hidden until the heading is hovered or the link is focused, then leads to it.
      const link = page.getByRole("link", { name: "Link to this section: A figure" });
      expect(await link.evaluate((element) => getComputedStyle(element).opacity)).toBe("0");
      await link.focus();
      expect(await link.evaluate((element) => getComputedStyle(element).opacity)).toBe("1");
      await page.keyboard.press("Enter");
      await page.waitForURL(/#a-figure$/);

      // The formulas: drawn, and read aloud from their MathML; "$5 a line" stays a price.
      const body = page.locator(".item-body");
      expect(await body.locator("math").count()).toBe(3);
      expect(await body.locator("math annotation").allTextContents()).toEqual([
        "E = mc^2",
        "\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}",
        "\\int_0^1 x^2 \\, dx = \\frac{1}{3}",
      ]);
      expect(await body.innerText()).toContain("at $5 a line and $20,000 a book");
      expect(await body.locator(".katex-display").first().isVisible()).toBe(true);
      // Laid out by KaTeX's rules: the MathML is read aloud but not shown, the fraction has its line.
      expect(
        await body
          .locator(".katex-mathml")
          .first()
          .evaluate((element) => getComputedStyle(element).clipPath),
      ).toBe("inset(50%)");
      expect(
        await body
          .locator(".frac-line")
          .first()
          .evaluate((element) => getComputedStyle(element).borderBottomStyle),
      ).toBe("solid");
      // KaTeX's fonts are the site's own, and in use.
      expect(await page.evaluate(() => document.fonts.check("16px KaTeX_Main"))).toBe(true);

      // A task list: each box shows its state, named by its words, and cannot be changed; no bullet beside it.
      const done = body.getByRole("checkbox", { name: "Sync offline changes" });
      const open = body.getByRole("checkbox", { name: "Show the map in dark mode" });
      expect([await done.isChecked(), await open.isChecked()]).toEqual([true, false]);
      expect([await done.isDisabled(), await open.isDisabled()]).toEqual([true, true]);
      await done.scrollIntoViewIfNeeded();
      const { box, text, bullet } = await done.evaluate((input) => ({
        box: input.getBoundingClientRect().toJSON(),
        text: input.closest("li")!.getBoundingClientRect().toJSON(),
        bullet: getComputedStyle(input.closest("li")!).listStyleType,
      }));
      expect(bullet).toBe("none");
      // The box sits in the list's margin, where the bullet was, on the line of its words.
      expect(box.right).toBeLessThanOrEqual(text.left + 1);
      expect(box.top).toBeGreaterThanOrEqual(text.top - 1);
      expect(box.bottom).toBeLessThanOrEqual(text.bottom + 1);
      // A table wider than a phone scrolls in its own box, reached from the keyboard, and widens nothing else.
      const table = body.locator(".table-scroll");
      expect(await table.locator("th").allInnerTexts()).toEqual([
        "Device",
        "Sync mode",
        "Battery left",
        "Median sync",
        "Notes",
      ]);
      expect(await table.getAttribute("tabindex")).toBe("0");
      const { boxWidth, tableWidth, textWidth } = await table.evaluate((box) => ({
        boxWidth: box.getBoundingClientRect().width,
        tableWidth: box.scrollWidth,
        textWidth: box.parentElement!.getBoundingClientRect().width,
      }));
      expect(boxWidth).toBeLessThanOrEqual(textWidth + 1);
      if (viewport.width < 500) expect(tableWidth).toBeGreaterThan(boxWidth);
      // The steps go on from the last post's: the list starts at 3.
      const steps = body.locator("ol").filter({ hasText: "Measure the sync" });
      expect(await steps.evaluate((list: HTMLOListElement) => list.start)).toBe(3);

      expect(await violations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  });
});

describe.each(themesAndViewports)("the post's Mermaid diagrams, %s theme, %s", (theme, _device, viewport) => {
  it("are each an image with a title and its source as description, inert, axe clean, in the theme's colours", async () => {
    await withPage({ theme, viewport }, async (page) => {
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { violations: string[] }).violations = seen;
        document.addEventListener("securitypolicyviolation", (event) =>
          seen.push(`${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      await page.goto(`${served.url}blogs/writing`);
      const diagrams = page.locator(".item-body .diagram");
      expect(await diagrams.count()).toBe(6);
      const kinds = ["flowchart", "sequenceDiagram", "classDiagram", "stateDiagram-v2", "erDiagram", "gantt"];
      for (const [index, diagram] of (await diagrams.all()).entries()) {
        // One drawing for both themes, an image named by its title, described by its source.
        const shown = diagram.getByRole("img");
        expect(await shown.count()).toBe(1);
        expect(await diagram.locator("svg").count()).toBe(1);
        expect(await shown.getAttribute("class")).toContain("diagram-themes");
        expect(await shown.locator("title").textContent()).toBe(
          index === 0 ? "How a change reaches the server" : "Diagram",
        );
        const description = await shown.evaluate(
          (svg) => document.getElementById(svg.getAttribute("aria-describedby")!)?.textContent ?? "",
        );
        expect(description.startsWith(kinds[index]!)).toBe(true);
        await diagram.scrollIntoViewIfNeeded();
        expect(await shown.isVisible()).toBe(true);
        // Shapes and text only: nothing in it could run.
        expect(
          await diagram.evaluate(
            (element) =>
              element.querySelectorAll("script, foreignObject, iframe, a").length +
              [...element.querySelectorAll("*")].filter((child) =>
                [...child.attributes].some((attribute) => attribute.name.startsWith("on")),
              ).length,
          ),
        ).toBe(0);
      }
      expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);

      // The nodes' fill and the text's colour are the theme's: they change with it, in the one drawing.
      const colours = () =>
        page.evaluate(() =>
          [...document.querySelectorAll(".item-body .diagram svg")]
            .filter((svg) => getComputedStyle(svg).display !== "none")
            .map((svg) => {
              const node = svg.querySelector(".node rect, .node path, rect.actor, rect.task, .node polygon")!;
              const text = svg.querySelector("text")!;
              return `${getComputedStyle(node).fill} ${getComputedStyle(text).fill}`;
            }),
        );
      const before = await colours();
      expect(before).toHaveLength(6);
      await page.evaluate(() => document.documentElement.classList.toggle("theme-dark"));
      const after = await colours();
      for (const [index, colour] of before.entries()) expect(after[index], kinds[index]).not.toBe(colour);
      await page.evaluate(() => document.documentElement.classList.toggle("theme-dark"));

      expect(await violations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  });
});

describe.each(["light", "dark"] as const)("a sequence diagram, %s theme", (theme) => {
  it("writes its participants' names in a colour of their own, not their box's", async () => {
    await withPage({ theme, viewport: { width: 1280, height: 900 } }, async (page) => {
      await page.goto(`${served.url}blogs/writing`);
      const sequence = page.locator(".item-body .diagram").nth(1);
      await sequence.scrollIntoViewIfNeeded();
      const fills = await sequence.evaluate((diagram) =>
        [...diagram.querySelectorAll("svg")]
          .filter((svg) => getComputedStyle(svg).display !== "none")
          .flatMap((svg) =>
            [...svg.querySelectorAll("text.actor")].map((label) => {
              const box = label.parentElement!.querySelector("rect.actor")!;
              return {
                name: label.textContent,
                label: getComputedStyle(label.querySelector("tspan") ?? label).fill,
                box: getComputedStyle(box).fill,
              };
            }),
          ),
      );
      // Phone and Server, at the top and at the bottom.
      expect(fills.map(({ name }) => name).sort()).toEqual(["Phone", "Phone", "Server", "Server"]);
      for (const { name, label, box } of fills) expect(label, `${name}: ${label} on ${box}`).not.toBe(box);
    });
  });
});

describe("pages without math or diagrams", () => {
  it("load exactly the files they load on a site with no formula and no diagram at all", async () => {
    const withoutMath = await serveSampleSite({ prepare: addWritingPostsWithoutMath });
    try {
      const filesLoaded = async (site: ServedSite, path: string) => {
        const { page, context } = await openWatchedPage(browser, site.origin, {});
        const files: string[] = [];
        page.on("request", (request) => files.push(new URL(request.url()).pathname));
        // Every file the page can ask for: its islands' code too, which comes at idle or on the visitor's
        // reach, and its fonts, which come after both (a load that waited for the network to go quiet caught
        // some of it or not, by the machine's speed).
        await gotoSettled(page, `${site.url}${path}`);
        await fontsSettled(page);
        await context.close();
        return [...new Set(files)].sort();
      };
      // The policy too: a page without a diagram allows no style of one.
      const policyOf = async (site: ServedSite, file: string) =>
        /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(
          await readFile(path.join(site.build.outDir, `${file}.html`), "utf8"),
        )?.[1];
      for (const page of ["blogs", "blogs/plain"]) {
        const files = await filesLoaded(served, page);
        expect(files, page).toEqual(await filesLoaded(withoutMath, page));
        expect(
          files.filter((file) => /math-|katex/i.test(file)),
          page,
        ).toEqual([]);
        expect(await policyOf(served, page), page).toBe(await policyOf(withoutMath, page));
      }
      // The post with math and diagrams allows, by their hashes, the two scripts and the view
      // transition's rule every page has, its math rules, and each diagram's own.
      expect((await policyOf(served, "blogs/writing"))?.match(/'sha256-/g)?.length).toBe(2 + 1 + 1 + 6);
      // Its math rules are in the page: it waits for no stylesheet but the site's, and loads KaTeX's fonts.
      const postFiles = await filesLoaded(served, "blogs/writing");
      const stylesheets = (files: string[]) => files.filter((file) => file.endsWith(".css"));
      expect(stylesheets(postFiles)).toEqual(stylesheets(await filesLoaded(served, "blogs/plain")));
      expect(postFiles).toContainEqual(
        expect.stringMatching(/^\/assets\/katex-[\d.]+\/KaTeX_Main-Regular-\w{8}\.woff2$/),
      );
    } finally {
      await withoutMath.close();
    }
  });
});

describe("KaTeX's fonts, cut down to the characters the site's formulas show", () => {
  const shippedFonts = path.join(
    path.dirname(createRequire(import.meta.url).resolve("katex/package.json")),
    "dist",
    "fonts",
  );
  const cutFont = /\/assets\/katex-[\d.]+\/(KaTeX_\w+-\w+)-\w{8}\.woff2$/;

  /** The post's KaTeX faces and their state, the fonts each glyph of its formulas is drawn in, and each formula's width. */
  async function formulasDrawn(withShippedFonts: boolean) {
    const { page, context, problems } = await openWatchedPage(browser, served.origin, {});
    try {
      const fetched = new Map<string, Buffer>();
      page.on("response", async (response) => {
        const name = cutFont.exec(new URL(response.url()).pathname)?.[1];
        if (name && !withShippedFonts) fetched.set(name, await response.body());
      });
      // The same page, its fonts swapped for the ones KaTeX ships, whole.
      if (withShippedFonts)
        await page.route(cutFont, async (route) => {
          const name = cutFont.exec(new URL(route.request().url()).pathname)![1]!;
          await route.fulfill({
            body: await readFile(path.join(shippedFonts, `${name}.woff2`)),
            contentType: "font/woff2",
          });
        });
      await page.goto(`${served.url}blogs/writing`, { waitUntil: "networkidle" });
      await page.evaluate(() => document.fonts.ready);
      const faces = await page.evaluate(() =>
        [...document.fonts].filter((face) => face.family.startsWith("KaTeX")).map((face) => [face.family, face.status]),
      );
      // What Chromium drew each piece of text in (DevTools' "Rendered fonts").
      const session = await context.newCDPSession(page);
      await session.send("DOM.enable");
      await session.send("CSS.enable");
      const { root } = await session.send("DOM.getDocument", { depth: -1 });
      const { nodeIds } = await session.send("DOM.querySelectorAll", {
        nodeId: root.nodeId,
        selector: ".katex-html *",
      });
      const drawnIn: string[] = [];
      for (const nodeId of nodeIds) {
        const { fonts } = await session.send("CSS.getPlatformFontsForNode", { nodeId });
        drawnIn.push(
          fonts
            .map((font) => `${font.familyName}${font.isCustomFont ? "" : " (system)"} ×${font.glyphCount}`)
            .join(", "),
        );
      }
      const widths = await page
        .locator(".katex-html")
        .evaluateAll((formulas) => formulas.map((formula) => formula.getBoundingClientRect().width));
      expect(problems).toEqual([]);
      return { faces, drawnIn, widths, fetched };
    } finally {
      await context.close();
    }
  }

  it("each loads, every glyph of the formulas is drawn in one of them, as with the fonts KaTeX ships", async () => {
    const cut = await formulasDrawn(false);
    const loaded = new Set(cut.faces.filter(([, status]) => status === "loaded").map(([family]) => family));
    expect([...loaded].sort()).toEqual(["KaTeX_Main", "KaTeX_Math", "KaTeX_Size2"]);
    expect(cut.faces.filter(([, status]) => status === "error")).toEqual([]);
    const glyphs = cut.drawnIn.filter(Boolean).flatMap((fonts) => fonts.split(", "));
    expect(glyphs.length).toBeGreaterThan(20);
    expect(glyphs.filter((font) => !/^KaTeX_\w+ ×\d+$/.test(font))).toEqual([]);
    const shipped = await formulasDrawn(true);
    expect(cut.drawnIn).toEqual(shipped.drawnIn);
    expect(cut.widths).toEqual(shipped.widths);
    // The fonts fetched are the cut ones: fewer glyphs than KaTeX's own.
    expect([...cut.fetched.keys()].sort()).toEqual(["KaTeX_Main-Regular", "KaTeX_Math-Italic", "KaTeX_Size2-Regular"]);
    for (const [name, bytes] of cut.fetched) {
      const full = createFont(await readFile(path.join(shippedFonts, `${name}.woff2`))) as Font;
      expect((createFont(bytes) as Font).numGlyphs, name).toBeLessThan(full.numGlyphs);
    }
  });
});

describe("a post's share card", () => {
  it("is drawn for a post without an image, and is its og:image and its JSON-LD image", async () => {
    const cards = new Set<string>();
    for (const slug of ["writing", "plain"]) {
      const html = await readFile(path.join(served.build.outDir, "blogs", `${slug}.html`), "utf8");
      const image = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1];
      expect(image, slug).toMatch(new RegExp(`/assets/images/post-${slug}-\\w+\\.jpg$`));
      expect(html).toContain(`"image":"${image}"`);
      expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image">/);
      const { width, height, format } = await sharp(
        path.join(served.build.outDir, new URL(image!).pathname),
      ).metadata();
      expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: "jpeg" });
      cards.add(image!);
    }
    expect(cards.size).toBe(2);
  });
});
