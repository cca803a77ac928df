import { statSync } from "node:fs";
import path from "node:path";
import { portfolioError } from "../errors.js";

const names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];

/** Where Chromium and Chrome are installed when they are not on the PATH, per system. */
function knownPlaces(platform: NodeJS.Platform, env: Record<string, string | undefined>): string[] {
  if (platform === "darwin") {
    const apps = ["Google Chrome.app/Contents/MacOS/Google Chrome", "Chromium.app/Contents/MacOS/Chromium"];
    return ["/Applications", path.join(env.HOME ?? "~", "Applications")].flatMap((folder) =>
      apps.map((app) => path.join(folder, app)),
    );
  }
  if (platform === "win32") {
    const folders = [env.PROGRAMFILES, env["PROGRAMFILES(X86)"], env.LOCALAPPDATA].filter((folder): folder is string =>
      Boolean(folder),
    );
    const apps = [
      "Google\\Chrome\\Application\\chrome.exe",
      "Chromium\\Application\\chrome.exe",
      "Microsoft\\Edge\\Application\\msedge.exe",
    ];
    return folders.flatMap((folder) => apps.map((app) => path.win32.join(folder, app)));
  }
  return ["/usr/bin", "/usr/local/bin", "/snap/bin"].flatMap((folder) => names.map((name) => path.join(folder, name)));
}

/**
 * The Chromium or Chrome executable to print with: `CHROMIUM_PATH` when it is set (and then only
 * that one, so a wrong path is reported rather than silently replaced), else the first of the usual
 * names on the PATH and the usual install places.
 */
export function findChromium(
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform = process.platform,
): string {
  const chosen = env.CHROMIUM_PATH;
  if (chosen) {
    if (isFile(chosen)) return chosen;
    throw portfolioError("ChromiumNotFound", [`CHROMIUM_PATH is ${chosen}, which is not a file`]);
  }
  const onPath =
    platform === "win32"
      ? []
      : (env.PATH ?? "")
          .split(path.delimiter)
          .filter(Boolean)
          .flatMap((folder) => names.map((name) => path.join(folder, name)));
  const found = [...onPath, ...knownPlaces(platform, env)].find(isFile);
  if (found) return found;
  throw portfolioError("ChromiumNotFound", [
    `none of ${names.join(", ")} is on the PATH or installed where they usually are`,
  ]);
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
