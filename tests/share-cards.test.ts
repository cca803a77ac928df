import path from "node:path";
import sharp from "sharp";
import { readdir, readFile, rm, stat } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { buildSite } from "../src/pipeline/build-site.js";
import type { ResolvedConfig } from "../src/config/config-schema.js";
import { type Clip, GlyphMasks } from "../src/theme/card-glyphs.js";
import { postCardDrawer } from "../src/theme/post-card-drawer.js";
import { postCardPainter, sameDrawing } from "../src/theme/post-card-painter.js";
import { cardsForThread, cardWorkerFile, drawOnThread, drawPostCards } from "../src/theme/post-card-thread.js";
import { makePostCards } from "../src/theme/share-card.js";
import { fontTextDrawer, type GlyphFont, postCardSvg, systemTextDrawer } from "../src/theme/share-card-svg.js";
import { kerningPairs, systemFontFiles } from "../src/theme/system-font.js";
import { resolveThemeColours } from "../src/theme/theme-colours.js";
import { cardCases, referenceSize } from "./fixtures/share-cards/cases.js";
import { addFixturePosts } from "./fixtures/posts.js";
import { copySampleSite, repoRoot, type SiteCopy } from "./helpers/sample-site.js";

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

describe("a post card's words painted from glyph masks", () => {
  const card = { width: 1200, height: 630 };

  it("match librsvg's drawing of them, pixel for pixel within an edge's antialiasing; CJK and Arabic stay librsvg's", async () => {
    const photo = await readFile(photoFile);
    // The sample's cards are painted from the system's font where fontconfig finds its files.
    const systemFont = (await systemFontFiles()) !== undefined;
    const painted: string[] = [];
    for (const theme of ["sample", "inter"] as const) {
      const site = {
        photo,
        font: themes[theme].textFont ? await readFile(themes[theme].textFont) : undefined,
        colours: themes[theme].colours,
        radius: 14,
      };
      const quick = await postCardPainter(site);
      const reference = await postCardPainter({ ...site, glyphs: false });
      // Pixels painted in card after card, with only the last card's band restored: the same as a whole copy.
      const reused = Buffer.alloc(card.width * card.height * 3);
      let band: Clip | undefined;
      for (const { name, title, author } of cardCases.filter((card) => card.theme === theme)) {
        const drawn = Buffer.alloc(card.width * card.height * 3);
        const expected = Buffer.alloc(drawn.length);
        const { way } = await quick.paint({ title, author }, drawn);
        expect((await reference.paint({ title, author }, expected)).way).toBe("svg");
        if (way === "glyphs") painted.push(name);
        ({ band } = await quick.paint({ title, author }, reused, band));
        expect({ name, reused: reused.equals(drawn) }).toEqual({ name, reused: true });
        let total = 0;
        let largest = 0;
        for (let index = 0; index < drawn.length; index++) {
          const difference = Math.abs(drawn[index]! - expected[index]!);
          total += difference;
          largest = Math.max(largest, difference);
        }
        // A glyph is placed to an eighth of a pixel: its edges' pixels may differ by a sixteenth of their coverage.
        expect({ name, mean: total / drawn.length < 0.3, largest: largest <= 64 }).toEqual({
          name,
          mean: true,
          largest: true,
        });
      }
    }
    const latin = ["latin", "long", "one-word"];
    expect(painted).toEqual([
      ...(systemFont ? latin.map((name) => `sample-${name}`) : []),
      ...latin.map((name) => `inter-${name}`),
    ]);
  }, 60_000);

  it("draws from glyphs when a site's first card is a title set smaller than the largest size", async () => {
    // A publication's long title and authors, set at 40 px: placed to a quarter of a pixel, its glyphs' edges
    // were further from librsvg's than the check allows, and the whole build's cards went through librsvg.
    const painter = await postCardPainter({
      photo: await readFile(photoFile),
      font: await readFile(interFile),
      colours: themes.sample.colours,
      radius: 14,
    });
    const words = {
      title: "and French Self-Supervised Unified Pantagruel: Speech Encoders Text for",
      author: `Phuong-Hang Le, Valentin Pelloin, Arnault Chatelain, Maryem Bouziane, Mohammed Ghennai, Qianwen Guan, ${"Kirill Milintsevich, Salima Mdhaffar, Aidan Mannion, Nils Defauw, et al."}`,
    };
    const { way } = await painter.paint(words, Buffer.alloc(card.width * card.height * 3));
    expect(way).toBe("glyphs");
  });

  it("renders each glyph once per position within a pixel, and tells a glyph a pixel off from the right one", async () => {
    const { create } = await import("fontkitten");
    const font = create(await readFile(interFile)) as unknown as GlyphFont;
    const line = fontTextDrawer(font)("Hello hello hello hello hello", 40, { fill: "#ffffff" });
    const masks = new GlyphMasks();
    const at = (left: number) => line.glyphs!(left, 100)!;
    await masks.prepare(at(100));
    const made = masks.counts.masks;
    // Moved by whole pixels, the line's glyphs fall at the same positions within their pixels: nothing is rendered again.
    await masks.prepare([...at(100), ...at(300), ...at(101)]);
    expect(masks.counts).toEqual({ masks: made, renders: 1 });
    // Ten l's over eight positions within a pixel: at least two share a mask.
    expect(made).toBeLessThan(at(100).length);
    const clip = { left: 0, top: 40, right: card.width, bottom: 120 };
    const paint = (glyphs: ReturnType<typeof at>) => {
      const pixels = Buffer.alloc(card.width * card.height * 3, 16);
      masks.paint(pixels, card.width, glyphs, clip);
      return pixels;
    };
    expect(sameDrawing(paint(at(100)), paint(at(100)), card.width, clip)).toBe(true);
    expect(sameDrawing(paint(at(100)), paint(at(101)), card.width, clip)).toBe(false);
  });

  it("a long blog's cards, drawn on a thread of their own, are the bytes the build's thread draws", {
    timeout: 60_000,
  }, async () => {
    const colours = themes.sample.colours;
    const posts = Array.from({ length: cardsForThread }, (_, index) => ({
      slug: `post-${index}`,
      title: `Post ${index}: what a thousand posts cost`,
      author: "Maya Okafor",
    }));
    const many = await makePostCards({ posts, config, photoFile, colours });
    const one = await makePostCards({ posts: posts.slice(7, 8), config, photoFile, colours });
    const drawn = await many.files;
    expect(drawn).toHaveLength(cardsForThread);
    expect(Buffer.from(drawn[7]!.contents).equals(Buffer.from((await one.files)[0]!.contents))).toBe(true);
    const metadata = await sharp(Buffer.from(drawn[39]!.contents)).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 1200, 630]);
    // Every way of drawing words, in the theme's font: glyphs, librsvg's band (CJK, Arabic), and one after another.
    const site = { photo: await readFile(photoFile), font: await readFile(interFile), colours, radius: 14 };
    const words = cardCases.map(({ title, author }) => ({ title, author }));
    const here = await postCardDrawer(site);
    // Each card alone, where the thread draws them in a batch whose bands are encoded together.
    const expected = await Promise.all(words.map(async (card) => (await here.draw([card]))[0]!));
    const drawHere = () => Promise.reject(new Error("every card is drawn on the thread"));
    const threaded = await drawOnThread(words, site, drawHere);
    expect(threaded.fromThread).toBe(words.length);
    expect(threaded.jpegs.map((jpeg, index) => Buffer.from(jpeg).equals(expected[index]!))).toEqual(
      words.map(() => true),
    );
  });

  it("draws here, the same bytes, when the card thread cannot start", async () => {
    const site = { photo: await readFile(photoFile), font: undefined, colours: themes.sample.colours, radius: 14 };
    const words = cardCases.slice(0, 2).map(({ title, author }) => ({ title, author }));
    const here = await postCardDrawer(site);
    const failed = await drawOnThread(words, site, (cards) => here.draw(cards), {
      workerFile: path.join(repoRoot, "tests", "no-such-worker.mjs"),
    });
    expect(failed.fromThread).toBe(0);
    const again = await postCardDrawer(site);
    const expected = await again.draw(words);
    expect(failed.jpegs.map((jpeg, index) => Buffer.from(jpeg).equals(expected[index]!))).toEqual([true, true]);
  });

  it("stops drawing once told to (the build failed): the thread ends, nothing more is drawn here, the reason is thrown", {
    timeout: 60_000,
  }, async () => {
    const site = { photo: await readFile(photoFile), font: undefined, colours: themes.sample.colours, radius: 14 };
    const words = Array.from({ length: 400 }, (_, index) => ({
      title: `Stopped at card ${index}`,
      author: "Maya Okafor",
    }));
    const stop = new AbortController();
    const failure = new Error("the build failed");
    let given = 0;
    const drawing = drawPostCards(
      words,
      site,
      undefined,
      () => {
        given++;
        stop.abort(failure);
      },
      stop.signal,
    );
    await expect(drawing).rejects.toBe(failure);
    // One answer of the thread came before the stop; none after it, and none of the others was drawn here.
    expect(given).toBeGreaterThan(0);
    expect(given).toBeLessThan(words.length);
    const before = given;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(given).toBe(before);
    await expect(drawPostCards(words, site, undefined, undefined, AbortSignal.abort(failure))).rejects.toBe(failure);
  });

  it("runs the card thread's compiled copy beside the compiled CLI, and card-worker.ts from the sources", () => {
    const url = (file: string) => pathToFileURL(file).href;
    expect(cardWorkerFile(url("/p/lib/cli-chunks/build-stages-AB12.js")).href).toBe(url("/p/lib/card-worker.js"));
    expect(cardWorkerFile(url("/p/.portfolio/cli.js")).href).toBe(url("/p/.portfolio/card-worker.js"));
    expect(cardWorkerFile(url("/p/src/theme/post-card-thread.ts")).href).toBe(
      url("/p/src/theme/card-worker-source.mjs"),
    );
  });

  it("reads the kerning of a font's kern table, and none of a font that kerns only in GPOS", () => {
    const font = (tables: Array<[string, number[]]>) => {
      const header = 12 + tables.length * 16;
      const bytes: number[] = [0, 1, 0, 0, 0, tables.length, 0, 0, 0, 0, 0, 0];
      let offset = header;
      for (const [tag, data] of tables) {
        bytes.push(...[...tag].map((letter) => letter.charCodeAt(0)), 0, 0, 0, 0);
        bytes.push(offset >>> 24, (offset >>> 16) & 255, (offset >>> 8) & 255, offset & 255);
        bytes.push(0, 0, data.length >>> 8, data.length & 255);
        offset += data.length;
      }
      for (const [, data] of tables) bytes.push(...data);
      return Uint8Array.from(bytes);
    };
    // Version 0, one subtable of format 0, horizontal: glyphs 3 and 5 kerned by -80, 4 and 4 by 12.
    const kern = [0, 0, 0, 1, 0, 0, 0, 26, 0, 1, 0, 2, 0, 12, 0, 1, 0, 0, 0, 3, 0, 5, 255, 176, 0, 4, 0, 4, 0, 12];
    expect(kerningPairs(font([["kern", kern]]))).toEqual(
      new Map([
        [3 * 65536 + 5, -80],
        [4 * 65536 + 4, 12],
      ]),
    );
    expect(kerningPairs(font([["GPOS", [0, 1, 0, 0]]]))).toBeUndefined();
    expect(kerningPairs(font([["glyf", [0, 0]]]))).toEqual(new Map());
    expect(kerningPairs(Uint8Array.from([1, 2, 3]))).toBeUndefined();
  });
});

/** A .bib of `count` entries titled "`title`, part N": a card each, enough for the card thread. */
async function writePublications(site: SiteCopy, count: number, title: string) {
  const entries = Array.from(
    { length: count },
    (_, index) => `@misc{card${index}, title = {${title}, part ${index}}, year = 2020}`,
  );
  await site.write("content/publications/papers.bib", `${entries.join("\n")}\n`);
}

describe("a build with many cards to draw", () => {
  it("writes each card from the card thread into the output and the cache as it arrives, and draws none again", {
    timeout: 120_000,
  }, async () => {
    const site = await copySampleSite();
    try {
      await writePublications(site, cardsForThread + 5, "Cards as they arrive");
      const cardsOf = async (outDir: string) => {
        const folder = path.join(outDir, "assets", "images");
        const files = (await readdir(folder)).filter((file) => file.startsWith("publication-card")).sort();
        return Promise.all(files.map(async (file) => [file, await readFile(path.join(folder, file))] as const));
      };
      const blobsOf = async () => {
        const folder = path.join(site.root, ".portfolio", "cache", "post-card");
        const files = (await readdir(folder)).sort();
        return Promise.all(files.map(async (file) => [file, (await stat(path.join(folder, file))).mtimeMs] as const));
      };
      const cold = await buildSite({ cwd: site.root, env: {} });
      const cards = await cardsOf(cold.outDir);
      expect(cards).toHaveLength(cardsForThread + 5);
      for (const [file, bytes] of cards) expect([file, bytes.subarray(0, 2).toString("hex")]).toEqual([file, "ffd8"]);
      const blobs = await blobsOf();
      expect(blobs.filter(([file]) => file.endsWith(".bin"))).toHaveLength(cardsForThread + 5);
      expect(blobs.filter(([file]) => file.endsWith(".tmp"))).toEqual([]);
      // Another build, of a changed page: every card is the cache's, none drawn or written to the cache again.
      await site.write("content/about.md", `${await site.read("content/about.md")}\nOne more line.\n`);
      const warm = await buildSite({ cwd: site.root, env: {} });
      expect((await cardsOf(warm.outDir)).map(([file, bytes]) => [file, bytes.toString("base64")])).toEqual(
        cards.map(([file, bytes]) => [file, bytes.toString("base64")]),
      );
      expect(await blobsOf()).toEqual(blobs);
    } finally {
      await site.remove();
    }
  });
});

describe("a build that fails while its cards are drawn", () => {
  it("ends the card thread: no card is kept after the failure, and the last output is left as it was", {
    timeout: 120_000,
  }, async () => {
    const site = await copySampleSite();
    try {
      const entries = cardsForThread * 5;
      await writePublications(site, entries, "A card the failure stops");
      const built = await buildSite({ cwd: site.root, env: {} });
      const before = await readdir(built.outDir, { recursive: true });
      await rm(path.join(site.root, ".portfolio"), { recursive: true, force: true });
      // An image that cannot be read fails the images stage, which the post cards no longer wait for.
      await site.write("public/images/broken.png", "\x89PNG\r\n\x1a\n not an image");
      const project = (await readdir(path.join(site.root, "content", "projects"))).find((file) =>
        file.endsWith(".md"),
      )!;
      const text = await site.read(`content/projects/${project}`);
      await site.write(`content/projects/${project}`, text.replace(/^image: .*$/m, "image: images/broken.png"));
      await expect(buildSite({ cwd: site.root, env: {} })).rejects.toMatchObject({ name: "ImageUnreadable" });
      const blobs = async () =>
        (await readdir(path.join(site.root, ".portfolio", "cache", "post-card")).catch(() => [])).length;
      const kept = await blobs();
      expect(kept).toBeLessThan(entries);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await blobs()).toBe(kept);
      expect(await readdir(built.outDir, { recursive: true })).toEqual(before);
    } finally {
      await site.remove();
    }
  });
});

describe("site.shareCards", () => {
  it('"site" draws no card per post or publication: every page shares the site\'s card', {
    timeout: 120_000,
  }, async () => {
    const site = await copySampleSite();
    try {
      await addFixturePosts(site);
      await site.write("content/publications/papers.bib", "@misc{okafor2020, title = {On Cards}, year = 2020}\n");
      const config = await site.read("portfolio.config.ts");
      await site.write(
        "portfolio.config.ts",
        config.replace('    base: "/",', '    base: "/",\n    shareCards: "site",'),
      );
      const result = await buildSite({ cwd: site.root, env: {} });
      const images = await readdir(path.join(result.outDir, "assets", "images"));
      expect(images.filter((file) => file.startsWith("post-") || file.startsWith("publication-"))).toEqual([]);
      const post = await readFile(path.join(result.outDir, "blogs", "small-models.html"), "utf8");
      const home = await readFile(path.join(result.outDir, "index.html"), "utf8");
      const ogImage = (html: string) => html.match(/<meta property="og:image" content="([^"]+)">/)?.[1];
      expect(ogImage(post)).toMatch(/social-card/);
      expect(ogImage(post)).toBe(ogImage(home));
      const publication = await readFile(path.join(result.outDir, "publications", "okafor2020.html"), "utf8");
      expect(ogImage(publication)).toBe(ogImage(home));
    } finally {
      await site.remove();
    }
  });
});
