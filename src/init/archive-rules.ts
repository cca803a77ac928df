/** A regular file of a sample: its path with forward slashes, and its bytes. */
export interface ArchiveFile {
  path: string;
  contents: Buffer;
}

/** How much a sample may hold: more than any sample site needs, and little enough to hold in memory. */
export interface ArchiveLimits {
  /** Entries of any kind: files, folders and what is left out. */
  entries: number;
  /** Bytes of one file. */
  fileBytes: number;
  /** Bytes of all the files, and of a tarball once unpacked. */
  totalBytes: number;
}

const megabyte = 1024 * 1024;

export const sampleLimits: ArchiveLimits = { entries: 10_000, fileBytes: 50 * megabyte, totalBytes: 200 * megabyte };

/** What an entry is, as a tarball's header or the disk says. */
export type EntryKind = "file" | "folder" | "link" | "other";

/** A sample that breaks one of the rules: `entry` is the path it broke it at, as the sample names it. */
export class ArchiveRefused extends Error {
  constructor(
    readonly entry: string | undefined,
    problem: string,
  ) {
    super(problem);
  }
}

/** Why a device, a pipe, a socket (or a tarball's sparse file or other special entry) is refused. */
export const notFileOrFolder = "it is not a regular file or a folder (a device, a pipe or a socket, say)";

/** A file admitted into the sample, whose bytes are counted against the limits as they are read. */
export interface FileReading {
  push: (chunk: Buffer) => void;
  end: () => void;
}

export interface ArchiveOptions {
  /** The path an entry has in the sample, or undefined for what the sample does not carry (left out quietly). */
  select?: ((path: string) => string | undefined) | undefined;
  limits?: ArchiveLimits | undefined;
}

/**
 * The one set of rules a sample's entries pass, whether a tarball or a folder lists them, checked
 * before an entry is read: a path inside the sample, each path once (a file and a folder of one
 * name, or two names one disk or another takes for the same, are the same path), no link, device
 * or pipe, no version-control metadata, and the limits of `ArchiveLimits`. The sample may come
 * from anywhere and its files are written to disk.
 */
export class ArchiveCollector {
  private readonly limits: ArchiveLimits;
  private readonly select: (path: string) => string | undefined;
  private readonly files: ArchiveFile[] = [];
  /** Each path taken, by the key a disk that ignores case and Unicode normalisation would see. */
  private readonly taken = new Map<string, { path: string; kind: "file" | "folder" }>();
  private readonly leftOut = new Set<string>();
  private entries = 0;
  private totalBytes = 0;

  constructor(options: ArchiveOptions = {}) {
    this.limits = options.limits ?? sampleLimits;
    this.select = options.select ?? ((path) => path);
  }

  /**
   * Checks an entry before anything of it is read: throws ArchiveRefused when it breaks a rule.
   * Answers its path in the sample, or undefined when the sample does not carry it.
   */
  admit(name: string, kind: EntryKind, size: number): string | undefined {
    this.entries += 1;
    if (this.entries > this.limits.entries)
      throw new ArchiveRefused(name, `the sample holds more than ${this.limits.entries} entries`);
    const parts = pathParts(name);
    if (!parts) throw new ArchiveRefused(name, "its path is not inside the sample");
    const vcs = parts.findIndex(isVersionControlName);
    if (vcs !== -1) {
      const metadata = this.select(parts.slice(0, vcs + 1).join("/"));
      if (metadata !== undefined) this.leftOut.add(metadata);
      return undefined;
    }
    if (kind === "link") throw new ArchiveRefused(name, "it is a link (init copies no links)");
    if (kind === "other") throw new ArchiveRefused(name, notFileOrFolder);
    const kept = this.select(parts.join("/"));
    if (kept === undefined) return undefined;
    if (kind === "folder") {
      this.take(name, kept, "folder");
      return kept;
    }
    if (size > this.limits.fileBytes)
      throw new ArchiveRefused(
        name,
        `it is ${sizeText(size)}, and a sample's file may be at most ${sizeText(this.limits.fileBytes)}`,
      );
    if (this.totalBytes + size > this.limits.totalBytes) throw this.tooLarge(name);
    this.take(name, kept, "file");
    return kept;
  }

  /** Reads an admitted file: its bytes are counted as they come, whatever its size said. */
  read(name: string, kept: string): FileReading {
    const chunks: Buffer[] = [];
    let bytes = 0;
    return {
      push: (chunk) => {
        bytes += chunk.length;
        this.totalBytes += chunk.length;
        if (bytes > this.limits.fileBytes)
          throw new ArchiveRefused(
            name,
            `it is more than the ${sizeText(this.limits.fileBytes)} a sample's file may be at most`,
          );
        if (this.totalBytes > this.limits.totalBytes) throw this.tooLarge(name);
        chunks.push(chunk);
      },
      end: () => {
        this.files.push({ path: kept, contents: Buffer.concat(chunks) });
      },
    };
  }

  /** The files read, by path, and the version-control folders left out. */
  result(): { files: ArchiveFile[]; leftOut: string[] } {
    return {
      files: [...this.files].sort((a, b) => a.path.localeCompare(b.path)),
      leftOut: [...this.leftOut].sort(),
    };
  }

  private tooLarge(name: string): ArchiveRefused {
    return new ArchiveRefused(name, `with it, the sample holds more than ${sizeText(this.limits.totalBytes)}`);
  }

  /** Records a path and the folders it implies, refusing one that is there already (as the same or the other kind). */
  private take(name: string, kept: string, kind: "file" | "folder"): void {
    const parts = kept.split("/");
    for (let depth = 1; depth <= parts.length; depth++) {
      const path = parts.slice(0, depth).join("/");
      const wanted = depth === parts.length ? kind : "folder";
      const key = diskKey(path);
      const there = this.taken.get(key);
      if (!there) {
        this.taken.set(key, { path, kind: wanted });
        continue;
      }
      if (there.kind === "folder" && wanted === "folder") continue;
      const same =
        there.path === path
          ? ""
          : ` (${JSON.stringify(there.path)}, on a disk that ignores case, as macOS's and Windows' do)`;
      throw new ArchiveRefused(
        name,
        there.kind === wanted ? `it is in the sample twice${same}` : `it is both a file and a folder${same}`,
      );
    }
  }
}

/**
 * A path's parts, or undefined when it is absolute, climbs out with `..` or holds a control character or a backslash.
 */
export function pathParts(name: string): string[] | undefined {
  const parts = name.split("/").filter((part) => part !== "" && part !== ".");
  const unsafe =
    name.startsWith("/") ||
    /^[a-zA-Z]:/.test(name) ||
    name.includes("\\") ||
    parts.includes("..") ||
    /[\u0000-\u001f\u007f]/.test(name) ||
    !parts.length;
  return unsafe ? undefined : parts;
}

/**
 * `.git` (or `.hg`) as some disk reads the name: in any case, with the trailing dots and spaces
 * Windows drops, with the invisible characters macOS ignores, or as Windows' short name `GIT~1`.
 * Git runs commands its metadata names (hooks, core.fsmonitor): a sample never carries it.
 */
export function isVersionControlName(part: string): boolean {
  const name = part
    .replace(/[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g, "")
    .replace(/[. ]+$/, "")
    .toLowerCase();
  return name === ".git" || name === "git~1" || name === ".hg";
}

/** The name a disk that ignores case and Unicode normalisation (macOS's, Windows') gives a path. */
function diskKey(path: string): string {
  return path.normalize("NFC").toLowerCase();
}

/** 50 MB, 1 kB: a size as the messages give it, rounded up. */
export function sizeText(bytes: number): string {
  return bytes < megabyte ? `${Math.ceil(bytes / 1024)} kB` : `${Math.ceil(bytes / megabyte)} MB`;
}
