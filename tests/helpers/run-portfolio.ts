import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { runCli } from "../../src/cli/main.js";
import { repoRoot } from "./sample-site.js";

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs bin/portfolio.js as the owner would, without colours and without EmailJS settings. */
export function portfolio(args: string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(repoRoot, "bin", "portfolio.js"), ...args], {
      cwd,
      env: {
        ...process.env,
        NO_COLOR: "1",
        EMAILJS_PUBLIC_KEY: "",
        EMAILJS_SERVICE_ID: "",
        EMAILJS_TEMPLATE_ID: "",
        FORMSPREE_FORM_ID: "",
        WEB3FORMS_ACCESS_KEY: "",
        CONTACT_ENDPOINT_URL: "",
        ...env,
      },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A fingerprint of every file in a folder, to prove a failed build left it alone. */
export async function fingerprint(folder: string): Promise<string> {
  const hash = createHash("sha256");
  const files = (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  for (const file of files.map((entry) => path.join(entry.parentPath, entry.name)).sort()) {
    hash.update(path.relative(folder, file)).update(await readFile(file));
  }
  return `${files.length}:${hash.digest("hex")}`;
}

/** `portfolio` in this process (faster than a child, and its code is covered), with what it prints (without colours) and its exit code. */
export async function portfolioInProcess(cwd: string, args: string[]): Promise<Run> {
  let stdout = "";
  let stderr = "";
  const io = {
    cwd,
    env: {},
    log: (text: string) => (stdout += `${text}\n`),
    warn: (text: string) => (stderr += `${text}\n`),
  };
  const code = await runCli(args, io);
  // eslint-disable-next-line no-control-regex
  const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, "");
  return { code, stdout: plain(stdout), stderr: plain(stderr) };
}

/** git in a site's folder, as an owner named Owner: the upgrade and eject tests commit their sites. */
export const git = (root: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Owner", "-c", "user.email=owner@example.com", ...args], {
    cwd: root,
    encoding: "utf8",
  });
