import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoSettled, launchChromium } from "../helpers/browser.js";
import { withLayout } from "../helpers/sample-site.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";
import { firstViewCards, layoutNames } from "../../src/config/layout-names.js";

/**
 * The largest paint of /works is a card's image (issue 50: the second card's, with a phone photo): every card
 * image a visitor sees without scrolling loads at once (not lazy), on a phone and on a laptop, in every layout,
 * the first row's first (fetchpriority high); the cards below the first view stay lazy.
 */

const posts = Array.from(
  { length: 11 },
  (_, index) =>
    [
      `content/blog/first-view-${index}.md`,
      `---\ntitle: First view ${index}\nauthor: Maya Okafor\ndate: 2025-05-${String(index + 10).padStart(2, "0")}\ncategory: Design\ntags: [speed]\nimage: images/projects/turma.svg\n---\n\nA post with an image.\n`,
    ] as const,
);
const projects = Array.from(
  { length: 4 },
  (_, index) =>
    [
      `content/projects/first-view-${index}.md`,
      `---\ntitle: First view ${index}\nimage: images/projects/turma.svg\n---\n\nA project with an image.\n`,
    ] as const,
);

const served: Partial<Record<(typeof layoutNames)[number], ServedSite>> = {};
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
  for (const layout of layoutNames)
    served[layout] = await serveSampleSite({
      precompress: false,
      prepare: async (site) => {
        await site.write("portfolio.config.ts", withLayout(await site.read("portfolio.config.ts"), layout));
        for (const [file, text] of [...posts, ...projects]) await site.write(file, text);
      },
    });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  for (const site of Object.values(served)) await site?.close();
});

/** How each card image of a list in a built page is fetched, in the list's order. */
async function listImages(outDir: string, file: string, listClass: string) {
  const html = await readFile(path.join(outDir, file), "utf8");
  const start = html.search(new RegExp(`<ul[^>]*class="${listClass}"`));
  expect(start, `${file} has a .${listClass}`).toBeGreaterThan(-1);
  // The list ends at the </ul> that closes it: its cards hold lists of their own (tags).
  let depth = 0;
  let end = start;
  for (const tag of html.slice(start).matchAll(/<\/?ul\b/g)) {
    depth += tag[0] === "<ul" ? 1 : -1;
    if (depth === 0) {
      end = start + tag.index;
      break;
    }
  }
  // Each card's image, by the card's place: a card without an image shows a placeholder.
  const cards = html
    .slice(start, end)
    .split(/<li\b[^>]*class="(?:project-item|blog-post-item)"/)
    .slice(1);
  return cards.flatMap((card, index) => {
    const img = /<img\b[^>]*>/.exec(card)?.[0];
    if (!img) return [];
    return [
      {
        index,
        loading: /\sloading="([^"]*)"/.exec(img)?.[1] ?? "eager",
        fetchPriority: /\sfetchpriority="([^"]*)"/i.exec(img)?.[1] ?? "auto",
      },
    ];
  });
}

describe("the HTML of each card list", () => {
  for (const layout of layoutNames)
    for (const [file, listClass, { columns, rows }] of [
      ["works.html", "project-list", firstViewCards[layout].projects],
      ["blogs.html", "blog-posts-list", firstViewCards[layout].posts],
      ["blogs/tag/speed.html", "blog-posts-list", firstViewCards[layout].posts],
    ] as const)
      it(`${file}, ${layout} layout: the first row's ${columns} images load first, the first view's ${rows} rows at once, the rest lazily`, async () => {
        const images = await listImages(served[layout]!.build.outDir, file, listClass);
        const eager = columns * rows;
        expect(images.at(-1)!.index).toBeGreaterThanOrEqual(eager);
        for (const { index, ...loading } of images)
          expect(loading, `card ${index}`).toEqual(
            index < columns
              ? { loading: "eager", fetchPriority: "high" }
              : index < eager
                ? { loading: "eager", fetchPriority: "auto" }
                : { loading: "lazy", fetchPriority: "auto" },
          );
      });
});

/** Each card image of the list: whether any of it shows in the first viewport, and how it is fetched. */
function cardImages(page: Page, list: string) {
  return page.$$eval(`${list} img`, (images) =>
    images.map((image) => {
      const box = image.getBoundingClientRect();
      return {
        src: image.getAttribute("src"),
        top: Math.round(box.top),
        inFirstView: box.width > 0 && box.bottom > 0 && box.top < window.innerHeight,
        loading: image.getAttribute("loading"),
        fetchPriority: image.getAttribute("fetchpriority"),
      };
    }),
  );
}

describe("card images in the first viewport", () => {
  for (const layout of layoutNames)
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ])
      for (const [route, list] of [
        ["works", ".project-list"],
        ["blogs", ".blog-posts-list"],
      ] as const)
        it(`load at once on /${route}, the first row first, ${layout} layout, at ${viewport.width} px`, async () => {
          const context = await browser.newContext({ viewport });
          try {
            const page = await context.newPage();
            await gotoSettled(page, `${served[layout]!.url}${route}`);
            const images = await cardImages(page, list);
            const seen = images.filter((image) => image.inFirstView);
            expect(seen.length).toBeGreaterThan(0);
            for (const image of seen) expect(image.loading, image.src ?? "").toBeNull();
            // The first row (a phone's first card) loads first.
            for (const image of images.filter(({ top }) => top === images[0]!.top))
              expect(image.fetchPriority, image.src ?? "").toBe("high");
            // The last card, below the first view, waits until it is near.
            expect(images.at(-1)).toMatchObject({ inFirstView: false, loading: "lazy" });
          } finally {
            await context.close();
          }
        });
});
