/**
 * `portfolio-ssg` in the browser, for the owner's island of components/content/ (pipeline/bundle-assets.ts):
 * its `props` were checked at build, so here its `field`s need only be made, at a few bytes' cost.
 */
interface MadeField {
  optional: () => MadeField;
  default: (value: unknown) => MadeField;
  describe: (description: string) => MadeField;
}

const made: MadeField = { optional: () => made, default: () => made, describe: () => made };
const make = (): MadeField => made;

export const field = {
  text: make,
  number: make,
  boolean: make,
  date: make,
  url: make,
  image: make,
  choice: make,
  list: make,
};

export const defineConfig = <Config>(config: Config): Config => config;
