import { createHash } from "node:crypto";
import { cp, lstat, mkdtemp, readFile, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { runCli } from "../../src/cli/main.js";
import { copySampleSite, type SiteCopy } from "../helpers/sample-site.js";

/** A copy of the sample site, built once, to copy again for every case. */
export async function builtSample(): Promise<SiteCopy> {
  const template = await copySampleSite();
  const first = await build(template.root);
  if (first.code !== 0) throw new Error(`The sample does not build:\n${first.stderr}`);
  return template;
}

/** `portfolio build` in this process, with what it prints (without colours) and its exit code. */
export async function build(root: string, args: string[] = []) {
  let stdout = "";
  let stderr = "";
  const io = { cwd: root, env: {}, log: (text: string) => (stdout += `${text}\n`), warn: (text: string) => (stderr += `${text}\n`) };
  const code = await runCli(["build", ...args], io);
  // eslint-disable-next-line no-control-regex
  return { code, stdout, stderr: stderr.replace(/\x1b\[[0-9;]*m/g, "") };
}

/** Every file (and link) of a folder with its bytes, to prove a failed build left it alone. */
export async function fingerprint(folder: string): Promise<string> {
  const hash = createHash("sha256");
  const entries = (await readdir(folder, { recursive: true, withFileTypes: true })).map((entry) => path.join(entry.parentPath, entry.name)).sort();
  for (const entry of entries) {
    const info = await lstat(entry);
    hash.update(`${path.relative(folder, entry)}:${info.isSymbolicLink() ? "link" : info.isDirectory() ? "dir" : "file"}:`);
    if (info.isFile()) hash.update(await readFile(entry));
  }
  return `${entries.length}:${hash.digest("hex")}`;
}

export async function scratchCopy(template: SiteCopy): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "portfolio-fuzz-"));
  await cp(template.root, root, { recursive: true, verbatimSymlinks: true });
  return root;
}
