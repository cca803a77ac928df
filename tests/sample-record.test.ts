import { describe, expect, it } from "vitest";
import path from "node:path";
import { readSiteRecord } from "../src/project/site-record.js";
import { sampleWritten } from "../scripts/record-sample.js";

describe("the repository's portfolio-site.json", () => {
  it("records each content file of the sample as init --sample would, so import --force in a fork replaces them", async () => {
    const record = await readSiteRecord(path.resolve(import.meta.dirname, ".."));
    const expected = await sampleWritten();
    expect(Object.keys(expected).length).toBeGreaterThan(10);
    expect(record.written, "content/ changed since the record was written: npm run record-sample").toEqual(expected);
  });
});
