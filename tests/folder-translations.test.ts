import { access, copyFile, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildSite } from "../src/pipeline/build-site.js";
import { copySampleSite, repoRoot } from "./helpers/sample-site.js";

const folderPost = (title: string, alt: string) =>
  `---\ntitle: ${title}\ndate: 2025-03-01\ncategory: Programming\n---\n\n![${alt}](chart.png "${alt}")\n`;

describe("a post written as a folder, on a site in two languages", () => {
  it("has its translation as index.<lang>.md, each language's page showing the folder's image", async () => {
    const site = await copySampleSite({ fixture: "bilingual" });
    try {
      await site.write("content/blog/mares/index.md", folderPost("Tides", "A tide chart"));
      await site.write("content/blog/mares/index.pt.md", folderPost("Marés", "Um gráfico das marés"));
      await copyFile(
        path.join(repoRoot, "public/images/social-card.jpg"),
        path.join(site.root, "content/blog/mares/chart.png"),
      );
      // A folder with its Portuguese text alone is a post of that language, as a file would be.
      await site.write("content/blog/so-pt/index.pt.md", folderPost("Só em português", "Um gráfico"));
      await copyFile(
        path.join(repoRoot, "public/images/social-card.jpg"),
        path.join(site.root, "content/blog/so-pt/chart.png"),
      );
      const built = await buildSite({ cwd: site.root, env: {}, precompress: false });
      const page = (file: string) => readFile(path.join(built.outDir, file), "utf8");
      for (const [file, title, alt] of [
        ["blogs/mares.html", "Tides", "A tide chart"],
        ["pt/blogs/mares.html", "Marés", "Um gráfico das marés"],
        ["pt/blogs/so-pt.html", "Só em português", "Um gráfico"],
      ] as const) {
        const html = await page(file);
        expect(html, file).toContain(`<h1`);
        expect(html, file).toContain(title);
        const image = new RegExp(
          `<img[^>]*src="([^"]+)"[^>]*alt="${alt}"|<img[^>]*alt="${alt}"[^>]*src="([^"]+)"`,
        ).exec(html);
        expect(image, file).not.toBeNull();
        const src = image![1] ?? image![2]!;
        // The image beside the post, resized like public/'s, and there in the built site.
        expect(src, file).toMatch(/^\/assets\/|^\/blog\//);
        await access(path.join(built.outDir, src));
      }
    } finally {
      await site.remove();
    }
  });
});
