import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "parse5";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, type BuildResult } from "../src/pipeline/build-site.js";
import { displaySizes, widthsFor } from "../src/images/image-uses.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

describe("widthsFor", () => {
  it("steps up to the use's largest size at its densities, and never past the image", () => {
    expect(widthsFor("avatar", 4000)).toEqual([96, 160, 240, 320, 480]);
    expect(widthsFor("card", 4000)).toEqual([240, 320, 480, 640, 800, 1080]);
    expect(widthsFor("large", 4000)).toEqual([320, 480, 640, 800, 1080, 1280, 1600]);
    expect(widthsFor("card", 700)).toEqual([240, 320, 480, 640, 700]);
    expect(widthsFor("large", 200)).toEqual([200]);
  });
});

interface PictureProps {
  src: string;
  width: number;
  height: number;
  sizes?: string;
  sources: Array<{ type: string; srcset: string }>;
}

/** The part of parse5's tree read here. */
interface HtmlNode {
  nodeName: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: HtmlNode[];
  content?: HtmlNode;
  value?: string;
}

const attributeOf = (node: HtmlNode, name: string) => node.attrs?.find((attribute) => attribute.name === name)?.value;

function* descendants(node: HtmlNode): Generator<HtmlNode> {
  for (const child of [...(node.childNodes ?? []), ...(node.content ? [node.content] : [])]) {
    yield child;
    yield* descendants(child);
  }
}

/** The first image under a node as the page offers it: its `<img>` and the `<source>`s of its `<picture>`. */
function pictureIn(node: HtmlNode): PictureProps | undefined {
  const nodes = [...descendants(node)];
  const img = nodes.find((child) => child.nodeName === "img");
  if (!img) return undefined;
  const sources = nodes.filter((child) => child.nodeName === "source");
  return {
    src: attributeOf(img, "src")!,
    width: Number(attributeOf(img, "width")),
    height: Number(attributeOf(img, "height")),
    ...(sources[0] ? { sizes: attributeOf(sources[0], "sizes")! } : {}),
    sources: sources.map((source) => ({ type: attributeOf(source, "type")!, srcset: attributeOf(source, "srcset")! })),
  };
}

/** Each project of a list page: its card's image, and the larger one of the dialog its card opens. */
function projectsIn(html: string): Array<{ title: string; image?: PictureProps; largeImage?: PictureProps }> {
  const nodes = [...descendants(parse(html) as unknown as HtmlNode)];
  const textOf = (node: HtmlNode): string =>
    [...descendants(node)].map((child) => (child.nodeName === "#text" ? child.value : "")).join("");
  const dialogs = nodes.filter((node) => node.nodeName === "template" && attributeOf(node, "data-dialog-item"));
  return nodes
    .filter((node) => node.nodeName === "li" && attributeOf(node, "class") === "project-item")
    .map((item) => {
      const inside = [...descendants(item)];
      const title = textOf(inside.find((node) => attributeOf(node, "class") === "project-title")!);
      const href = attributeOf(inside.find((node) => node.nodeName === "a")!, "href");
      const dialog = dialogs.find((template) => attributeOf(template, "data-dialog-item") === href);
      return { title, image: pictureIn(item), largeImage: dialog && pictureIn(dialog) };
    });
}

/** A photo as a phone saves it: landscape pixels, turned upright by its EXIF orientation (6: 90° clockwise). */
async function phonePhoto(): Promise<Buffer> {
  const width = 2400;
  const height = 1800;
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index++) pixels[index] = (index * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const candidates = (srcset: string) =>
  srcset.split(", ").map((candidate) => {
    const [url, descriptor] = candidate.split(" ");
    return { url: url!, width: Number(descriptor!.slice(0, -1)) };
  });

describe("responsive images", () => {
  let site: SiteCopy;
  let built: BuildResult;
  let original: Buffer;
  const output = (file: string) => readFile(path.join(built.outDir, file));
  const page = async (file: string) => (await output(file)).toString("utf8");
  const projectsOn = async (file: string) => projectsIn(await page(file));

  beforeAll(async () => {
    site = await copySampleSite();
    original = await phonePhoto();
    await writeFile(path.join(site.root, "public/images/photo.jpg"), original);
    const config = await site.read("portfolio.config.ts");
    await site.write(
      "portfolio.config.ts",
      config
        .replace(/photo: "images\/avatar\.svg"/, 'photo: "images/photo.jpg"')
        .replace(/\n\s*image: "images\/social-card\.jpg",/, ""),
    );
    const project = await site.read("content/projects/sitelog.md");
    await site.write("content/projects/sitelog.md", project.replace(/^image: .*$/m, "image: images/photo.jpg"));
    await site.write(
      "content/blog/trip.md",
      "---\ntitle: A trip\nauthor: Maya Okafor\ndate: 2025-03-01\ncategory: Other\nimage: images/photo.jpg\n---\n\nA post with a photo.\n\n![The view from the tram](images/photo.jpg)\n",
    );
    built = await buildSite({ cwd: site.root, env: {} });
  }, 120_000);
  afterAll(() => site.remove());

  it("gives the avatar square AVIF and WebP copies at 1×–3× of its CSS sizes, with a fallback in the original's format", async () => {
    const html = await page("about.html");
    const avatar = html.match(/<figure class="avatar-box"><picture>(.*?)<\/picture>/)![1]!;
    const sources = [...avatar.matchAll(/<source type="([^"]+)" srcSet="([^"]+)" sizes="([^"]+)"\/>/g)];
    expect(sources.map((source) => source[1])).toEqual(["image/avif", "image/webp"]);
    for (const [, type, srcset, sizes] of sources) {
      expect(sizes).toBe(displaySizes.avatar.sizes);
      const files = candidates(srcset!);
      expect(files.map((file) => file.width)).toEqual([96, 160, 240, 320, 480]);
      for (const file of files) {
        const metadata = await sharp(await output(file.url.slice(1))).metadata();
        expect(metadata.format).toBe(type === "image/avif" ? "heif" : "webp");
        expect([metadata.width, metadata.height]).toEqual([file.width, file.width]);
      }
    }
    const fallback = avatar.match(/<img src="([^"]+)" width="(\d+)" height="(\d+)"/)!;
    expect((await sharp(await output(fallback[1]!.slice(1))).metadata()).format).toBe("jpeg");
    expect([fallback[2], fallback[3]]).toEqual(["480", "480"]);
  });

  it("turns a phone photo upright and keeps its aspect ratio in cards, with width and height for the layout", async () => {
    const sitelog = (await projectsOn("works.html")).find((project) => project.title === "SiteLog")!;
    const card = sitelog.image!;
    // 2400×1800 turned by EXIF orientation 6 is 1800 wide and 2400 high.
    expect(card.width / card.height).toBeCloseTo(1800 / 2400, 2);
    expect(card.sizes).toBe(displaySizes.card.sizes);
    const avif = candidates(card.sources[0]!.srcset);
    expect(avif.at(-1)!.width).toBe(1080);
    const largest = await sharp(await output(avif.at(-1)!.url.slice(1))).metadata();
    expect([largest.width, largest.height]).toEqual([1080, 1440]);
    expect(candidates(sitelog.largeImage!.sources[0]!.srcset).at(-1)!.width).toBe(1600);
  });

  it("makes every copy much smaller than the original, and publishes no unlinked original", async () => {
    const sitelog = (await projectsOn("works.html")).find((project) => project.title === "SiteLog")!;
    for (const candidate of candidates(sitelog.image!.sources[0]!.srcset)) {
      expect((await output(candidate.url.slice(1))).byteLength).toBeLessThan(original.byteLength / 4);
    }
    expect(existsSync(path.join(built.outDir, "images/photo.jpg"))).toBe(false);
    expect(existsSync(path.join(built.outDir, "images/avatar.svg"))).toBe(true);
    // llms-full.txt shows the post's image as the feeds do: its large copy, not the original.
    const shown = (await page("llms-full.txt")).match(
      /!\[The view from the tram\]\(https:\/\/maya-okafor\.example\/([^)]+)\)/,
    );
    expect(shown?.[1]).toMatch(/^assets\/images\/photo-\d+-\w+\.jpg$/);
    expect(existsSync(path.join(built.outDir, shown![1]!))).toBe(true);
  });

  it("shares a 1200×630 crop in og:image and the feeds, and the square avatar in JSON-LD", async () => {
    const html = await page("works/sitelog.html");
    const shared = html.match(
      /<meta property="og:image" content="https:\/\/maya-okafor\.example\/(assets\/images\/[^"]+)">/,
    )![1]!;
    const card = await sharp(await output(shared)).metadata();
    expect([card.format, card.width, card.height]).toEqual(["jpeg", 1200, 630]);
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    const about = await page("about.html");
    const person = about.match(
      /<meta property="og:image" content="https:\/\/maya-okafor\.example\/(assets\/images\/photo-share-[^"]+)">/,
    )![1]!;
    // The owner in JSON-LD: the square avatar, as one JPEG.
    const personImage = about.match(
      /"image":"https:\/\/maya-okafor\.example\/(assets\/images\/photo-480-[A-Za-z0-9]{8}\.jpg)"/,
    )![1]!;
    expect(await sharp(await output(personImage)).metadata()).toMatchObject({
      format: "jpeg",
      width: 480,
      height: 480,
    });
    const feed = await page("feed.json");
    expect(feed).toContain(`"image": "https://maya-okafor.example/${person}"`);
    // A project drawn as SVG gets a raster card: social sites do not show SVG.
    const fleetwise = (await page("works/fleetwise.html")).match(
      /<meta property="og:image" content="[^"]+\/(assets\/images\/fleetwise-share-[^"]+\.png)">/,
    )![1]!;
    expect((await sharp(await output(fleetwise)).metadata()).width).toBe(1200);
  });

  it("shows an image of a post's Markdown as a picture with its copies, and a plain copy in the feeds", async () => {
    const html = await page("blogs/trip.html");
    const body = html.slice(html.indexOf("data-item-body"));
    const picture = body.match(
      /<picture><source type="image\/avif" srcset="([^"]+)" sizes="([^"]+)">.*?<img src="([^"]+)" width="(\d+)" height="(\d+)" alt="The view from the tram"[^>]*><\/picture>/,
    )!;
    expect(picture).not.toBeNull();
    expect(picture[2]).toBe(displaySizes.large.sizes);
    expect(candidates(picture[1]!).map((candidate) => candidate.width)).toEqual([320, 480, 640, 800, 1080, 1280, 1600]);
    expect(Number(picture[4]) / Number(picture[5])).toBeCloseTo(1800 / 2400, 2);
    expect(body).not.toContain('src="/images/photo.jpg"');
    const feed = JSON.parse(await page("feed.json")) as { items: Array<{ content_html: string }> };
    expect(feed.items[0]!.content_html).toMatch(
      /<img src="https:\/\/maya-okafor\.example\/assets\/images\/photo-1600-[A-Za-z0-9]{8}\.jpg"/,
    );
  });

  it("keeps vector images as they are, at their own size", async () => {
    const fleetwise = (await projectsOn("works.html")).find((project) => project.title === "FleetWise")!.image!;
    expect(fleetwise).toMatchObject({ src: "/images/projects/fleetwise.svg", sources: [] });
    expect(fleetwise.width).toBeGreaterThan(0);
  });

  it("publishes an original a post links to", async () => {
    const post = await site.read("content/blog/trip.md");
    await site.write("content/blog/trip.md", `${post}\n[The photo at full size](/images/photo.jpg)\n`);
    const linked = await buildSite({ cwd: site.root, env: {} });
    expect((await readFile(path.join(linked.outDir, "images/photo.jpg"))).equals(original)).toBe(true);
  }, 60_000);
});
