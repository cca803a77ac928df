import path from "node:path";
import sharp from "sharp";
import { readdir, readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { buildSite } from "../src/pipeline/build-site.js";
import type { ResolvedConfig } from "../src/config/config-schema.js";
import { makePostCards } from "../src/theme/share-card.js";
import { postCardSvg, systemTextDrawer } from "../src/theme/share-card-svg.js";
import { resolveThemeColours } from "../src/theme/theme-colours.js";
import { cardCases, referenceSize } from "./fixtures/share-cards/cases.js";
import { addFixturePosts } from "./fixtures/posts.js";
import { copySampleSite, repoRoot } from "./helpers/sample-site.js";

const photoFile = path.join(repoRoot, "public", "images", "avatar.svg");
const interFile = path.join(
  repoRoot,
  "node_modules",
  "@fontsource-variable",
  "inter",
  "files",
  "inter-latin-wght-normal.woff2",
);
const config = { theme: { radius: 14 } } as ResolvedConfig;
const themes = {
  sample: { colours: resolveThemeColours({} as ResolvedConfig["theme"], "test"), textFont: undefined },
  inter: {
    colours: resolveThemeColours({ accent: "#0f766e" } as ResolvedConfig["theme"], "test"),
    textFont: interFile,
  },
};

/** Each card's pixels at the reference's size, RGB. */
async function pixels(image: Buffer | string): Promise<Buffer> {
  return sharp(image).removeAlpha().resize(referenceSize).raw().toBuffer();
}

/** The mean difference per channel over the card, and the largest over any 15×15 square of it (of 255). */
function difference(drawn: Buffer, reference: Buffer): { mean: number; worstSquare: number } {
  const { width, height } = referenceSize;
  const square = 15;
  let total = 0;
  let worstSquare = 0;
  for (let top = 0; top < height; top += square)
    for (let left = 0; left < width; left += square) {
      let sum = 0;
      let count = 0;
      for (let y = top; y < Math.min(height, top + square); y++)
        for (let x = left; x < Math.min(width, left + square); x++)
          for (let channel = 0; channel < 3; channel++) {
            const index = (y * width + x) * 3 + channel;
            sum += Math.abs(drawn[index]! - reference[index]!);
            count++;
          }
      total += sum;
      worstSquare = Math.max(worstSquare, sum / count);
    }
  return { mean: total / (width * height * 3), worstSquare };
}

describe("a post's share card", () => {
  it("is drawn as the SVG renderer drew it, for titles in Latin, CJK and Arabic, long and of one word, in two themes", async () => {
    for (const theme of ["sample", "inter"] as const) {
      const cases = cardCases.filter((card) => card.theme === theme);
      const { files, cards } = await makePostCards({
        posts: cases.map((card) => ({ slug: card.name, title: card.title, author: card.author })),
        config,
        photoFile,
        colours: themes[theme].colours,
        textFont: themes[theme].textFont,
      });
      for (const card of cases) {
        const file = (await files).find(({ file }) => file === cards.get(card.name))!;
        expect(file.file).toMatch(/\.jpg$/);
        const drawn = await pixels(Buffer.from(file.contents));
        const reference = await pixels(path.join(repoRoot, "tests", "fixtures", "share-cards", `${card.name}.png`));
        const { mean, worstSquare } = difference(drawn, reference);
        expect({ card: card.name, mean: mean < 2, worstSquare: worstSquare < 12 }).toEqual({
          card: card.name,
          mean: true,
          worstSquare: true,
        });
      }
    }
  }, 60_000);

  it("draws a title of one 1.5 MB word and a 1 MB byline cut to the card, ending in …", {
    timeout: 20_000,
  }, async () => {
    const title = "a".repeat(1_500_000);
    const author = "b".repeat(1_000_000);
    const colours = themes.sample.colours;
    for (const textFont of [undefined, interFile]) {
      const { files } = await makePostCards({
        posts: [{ slug: "long", title, author }],
        config,
        photoFile,
        colours,
        textFont,
      });
      const metadata = await sharp(Buffer.from((await files)[0]!.contents)).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 1200, 630]);
    }
    const svg = postCardSvg({ title, author, photo: "data:,", colours, radius: 14, draw: systemTextDrawer });
    expect(svg.length).toBeLessThan(20_000);
    expect(svg.match(/a+…<\/text>/)).not.toBeNull();
    expect(svg.match(/b+…<\/text>/)).not.toBeNull();
  });
});

describe("site.shareCards", () => {
  it('"site" draws no card per post: every page shares the site\'s card', { timeout: 120_000 }, async () => {
    const site = await copySampleSite();
    try {
      await addFixturePosts(site);
      const config = await site.read("portfolio.config.ts");
      await site.write(
        "portfolio.config.ts",
        config.replace('    base: "/",', '    base: "/",\n    shareCards: "site",'),
      );
      const result = await buildSite({ cwd: site.root, env: {} });
      const images = await readdir(path.join(result.outDir, "assets", "images"));
      expect(images.filter((file) => file.startsWith("post-"))).toEqual([]);
      const post = await readFile(path.join(result.outDir, "blogs", "small-models.html"), "utf8");
      const home = await readFile(path.join(result.outDir, "index.html"), "utf8");
      const ogImage = (html: string) => html.match(/<meta property="og:image" content="([^"]+)">/)?.[1];
      expect(ogImage(post)).toMatch(/social-card/);
      expect(ogImage(post)).toBe(ogImage(home));
    } finally {
      await site.remove();
    }
  });
});
