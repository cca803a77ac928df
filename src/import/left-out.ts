// What an import of a JSON Resume had no place for, noted as JSON paths for the owner to read.

/** What had no place, as JSON paths, in the order met. */
export class LeftOut {
  readonly list: string[] = [];

  add(path: string): void {
    this.list.push(path);
  }

  /** The fields of `entry` with a value that the mapping did not use. */
  unused(path: string, entry: object, used: string[]): void {
    for (const [key, value] of Object.entries(entry))
      if (!used.includes(key) && hasValue(value)) this.add(`${path}.${key}`);
  }

  /** An entry's link: the Resume links entries to web pages; another address (mailto:, skype:) is noted as left out. */
  link(url: string | undefined, path: string): string | undefined {
    if (url === undefined || /^https?:\/\/\S+$/i.test(url)) return url;
    this.add(`${path} (${url}: the Resume links an entry to a web page only)`);
    return undefined;
  }

  /** An organisation's link: its web page, or the mailto: or tel: address it gives instead. */
  organisationLink(url: string | undefined, path: string): string | undefined {
    if (url !== undefined && /^(mailto|tel):\S+$/i.test(url)) return url;
    return this.link(url, path);
  }
}

export function hasValue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.some(hasValue);
  if (typeof value === "object") return Object.values(value).some(hasValue);
  return true;
}
