import type { ScholarlyWork } from "../../content/scholarly-work.js";
import type { OutputFile } from "../../output-file.js";
import type { Translate } from "../../i18n/message.js";
import { siteTranslator } from "../../i18n/site-translator.js";
import { prepareImages, type PreparedImages } from "../../images/prepare-images.js";
import { mainFace } from "../../theme/font-faces.js";
import type { KeptDrawer } from "../../theme/post-card-thread.js";
import { makePostCards, makeShareCards } from "../../theme/share-card.js";
import type { BuildSetup } from "../build-setup.js";
import type { PagePlan } from "./stage-types.js";

/** `portfolio dev`'s drawer of cards, made once and kept in its memo. */
function keptDrawer(setup: BuildSetup): KeptDrawer | undefined {
  if (!setup.memo) return undefined;
  setup.memo.cardDrawer ??= {};
  return setup.memo.cardDrawer;
}

/** A publication's card's byline: its authors ("et al." after `and others`), or its editors. */
function publicationByline(work: ScholarlyWork, t: Translate<"publications.etAl" | "publications.editors">): string {
  const names = (people: ScholarlyWork["authors"]) => people.map((person) => person.name).join(", ");
  if (!work.authors.length && !work.etAl && work.editors.length)
    return t("publications.editors", { editors: names(work.editors) });
  return [names(work.authors), work.etAl ? t("publications.etAl") : ""].filter(Boolean).join(", ");
}

/** The file of the theme's text face a card's words are drawn in, when the theme names one. */
function cardFont(setup: BuildSetup): string | undefined {
  const textFont = setup.fontSources.find((font) => font.role === "text");
  return textFont && mainFace(textFont.faces, textFont.mainSubset)?.file;
}

/**
 * Stages "images" and "cards": the post cards begun, every image resized for the places that show it, then the
 * site's share cards: the images as each language's pages show them (the same but for the card, whose words are
 * the language's). `onCard`: told of each card the card thread gives back as it arrives; `stop`: the build
 * failed, draw no more.
 */
export async function makeImages(
  setup: BuildSetup,
  plan: PagePlan,
  onCard?: ((card: OutputFile) => void) | undefined,
  stop?: AbortSignal | undefined,
): Promise<PreparedImages[]> {
  const { config, languages, publicFiles, cache, themeColours } = setup;
  const textFont = cardFont(setup);
  // Each post without an image of its own, and each publication, gets a card of its title, in each language's
  // pages (theme/share-card.ts). Begun first: on a long blog the card thread's work is the longest of the build,
  // so it starts before the images are resized, not after.
  const postCards = Promise.all(
    plan.languages.map(({ config: languageConfig, content }) =>
      makePostCards({
        // With shareCards "site", no post or publication gets a card of its own: its page shares the site's.
        posts: content.blogPosts
          .filter((post) => !post.image && languageConfig.site.shareCards === "per-post")
          .map((post) => ({ slug: post.slug, title: post.title, author: post.author })),
        publications:
          languageConfig.site.shareCards === "per-post"
            ? content.bibliography.map((work) => ({
                slug: work.slug,
                title: work.title,
                author: publicationByline(work, siteTranslator(languageConfig)),
              }))
            : [],
        config: languageConfig,
        photoFile: publicFiles.files.get(languageConfig.owner.photo)!,
        colours: themeColours,
        textFont,
        cache,
        keptDrawer: keptDrawer(setup),
        onCard,
        stop,
      }),
    ),
  );
  // Awaited below; a failure before that (an image that cannot be read) is the one reported.
  postCards.catch(() => {});
  const prepared = await prepareImages({
    requests: [...plan.imageRequests, ...plan.bodyImages.requests],
    realPath: (asset) => publicFiles.files.get(asset)!,
    base: config.site.base,
    cache,
  });
  setup.options.onStage?.("cards");
  // Without a site.image, a language's share card is drawn from the owner's photo in the theme (theme/share-card.ts).
  const drawn = languages.filter((languageConfig) => !languageConfig.site.image);
  const cards = drawn.length
    ? await makeShareCards({
        configs: drawn,
        photoFile: (languageConfig) => publicFiles.files.get(languageConfig.owner.photo)!,
        colours: themeColours,
        textFont,
        cache,
      })
    : [];
  const files = [
    ...prepared.files,
    ...cards.filter((card, index) => cards.findIndex((other) => other.file === card.file) === index),
  ];
  // Languages whose post cards are the same share their files.
  const madePostCards = await postCards;
  const drawing = Promise.all(madePostCards.map((made) => made.files)).then((made) => [
    ...new Map(made.flat().map((card) => [card.file, card])).values(),
  ]);
  drawing.catch(() => {});
  return languages.map((languageConfig, index) => {
    const card = cards[drawn.indexOf(languageConfig)];
    return {
      ...prepared,
      shareCard: (asset: string) =>
        card && asset === languageConfig.owner.photo ? card.file : prepared.shareCard(asset),
      postCard: (slug: string) => madePostCards[index]?.cards.get(slug),
      publicationCard: (slug: string) => madePostCards[index]?.publicationCards.get(slug),
      files,
      drawing,
    };
  });
}
