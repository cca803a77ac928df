/**
 * Packs the sample site (Maya Okafor's portfolio.config.ts, content/ and public/) as a tarball
 * named portfolio-ssg-sample, at the engine's version: a copy of the clone's sample to pass to
 * `portfolio init --sample <tarball>` (the package carries its own in lib/sample/, which plain
 * `--sample` copies).  npm run pack:sample -- [--out <folder>]
 */
import { spawnSync } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pointConfigAtPackage, samplePackageName } from "../src/init/sample-files.js";
import { packageName } from "../src/package-root.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Writes `portfolio-ssg-sample-<version>.tgz` into `outDir` and answers its path. */
export async function packSample(outDir: string): Promise<string> {
  const engine = JSON.parse(await readFile(path.join(repoRoot, "package.json"), "utf8")) as {
    version: string;
    license: string;
  };
  const stage = await mkdtemp(path.join(tmpdir(), "portfolio-sample-pack-"));
  try {
    for (const folder of ["content", "public"])
      await cp(path.join(repoRoot, folder), path.join(stage, folder), { recursive: true });
    const config = await readFile(path.join(repoRoot, "portfolio.config.ts"), "utf8");
    await writeFile(path.join(stage, "portfolio.config.ts"), pointConfigAtPackage(config));
    const manifest = {
      name: samplePackageName,
      version: engine.version,
      description: `The sample site of ${packageName} (a made-up developer, Maya Okafor), for portfolio init --sample.`,
      license: engine.license,
      files: ["portfolio.config.ts", "content/", "public/"],
    };
    await writeFile(path.join(stage, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(
      path.join(stage, "README.md"),
      `# ${samplePackageName}\n\nThe sample site of [${packageName}](https://www.npmjs.com/package/${packageName}) ${engine.version}: start a site from it with\n\n\`\`\`sh\nnpx ${packageName} init my-site --sample\n\`\`\`\n`,
    );
    await mkdir(outDir, { recursive: true });
    // npm pack writes the tarball npm publish would: the same layout, under package/.
    const run = spawnSync(
      process.platform === "win32" ? "npm.cmd" : "npm",
      ["pack", stage, "--pack-destination", path.resolve(outDir), "--json", "--ignore-scripts"],
      { encoding: "utf8", shell: process.platform === "win32", cwd: stage },
    );
    if (run.status !== 0) throw new Error(`npm pack failed:\n${run.stderr}`);
    const [packed] = JSON.parse(run.stdout) as Array<{ filename: string }>;
    return path.join(path.resolve(outDir), packed!.filename);
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--out");
  const outDir = at === -1 ? repoRoot : path.resolve(process.argv[at + 1] ?? ".");
  console.log(path.relative(process.cwd(), await packSample(outDir)) || outDir);
}
