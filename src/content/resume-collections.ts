// The Resume's collections of one file per entry: the timelines (education, experience, volunteer work)
// and the sections an owner declares (`resume.customSections`), as timelines or dated cards.
import type { z } from "zod";
import { collection, type Collection } from "./collection-types.js";
import { resumeCardSchema, timelineSchema } from "./content-schema.js";
import type { CustomSectionContent, ResumeCard, TimelineEntry } from "./content-types.js";
import { definedOf, langOf, newestFirst, periodOf } from "./entry-shapes.js";
import { compareTimeline, periodWarning } from "./timeline-order.js";
import { holdsPeriod } from "./period-text.js";

/** A section the owner declares: one Markdown file per entry in `content/resume/<id>/`, read by its layout's schema. */
export function customSectionCollection({
  id,
  layout,
}: {
  id: string;
  layout: CustomSectionContent["layout"];
}): Collection {
  const folder = `resume/${id}`;
  const row: Collection<z.ZodType, CustomSectionContent> =
    layout === "timeline"
      ? withLayout(timelineCollection(folder), "timeline")
      : withLayout(cardsCollection(folder), "cards");
  return row as Collection;
}

/** The row's entries tagged with their layout, so the page knows how to draw them. */
function withLayout<S extends z.ZodType, L extends CustomSectionContent["layout"], Entries>(
  row: Collection<S, Entries>,
  layout: L,
): Collection<S, { layout: L; entries: Entries }> {
  return { ...row, shape: (entries, context) => ({ layout, entries: row.shape(entries, context) }) };
}

/** Dated cards, one file each, newest first: the "cards" layout of a custom section. */
function cardsCollection(folder: string) {
  return collection({
    source: { folder },
    schema: resumeCardSchema,
    headingIds: false,
    shape: (entries, context): ResumeCard[] =>
      newestFirst(
        entries.map((entry) => ({
          key: entry.slug,
          title: entry.data.title,
          by: entry.data.subtitle,
          date: entry.data.date,
          ...(entry.data.url ? { url: entry.data.url } : {}),
          descriptionHtml: entry.body.html,
          fields: entry.fields,
          ...langOf(entry, context),
        })),
        (card) => card.key,
      ),
  });
}

/**
 * Education, experience and volunteer work: one file per entry, in the order the page shows them (see compareTimeline).
 */
export function timelineCollection(folder: string) {
  return collection({
    source: { folder },
    schema: timelineSchema,
    headingIds: false,
    warnings: (entries) =>
      entries.flatMap(({ file, data }) => (holdsPeriod(data) ? [periodWarning(file, String(data.period))] : [])),
    shape: (entries, context): TimelineEntry[] =>
      entries
        .map(({ slug, lang, data, body, fields }) => ({
          slug,
          order: data.order,
          entry: {
            slug,
            title: data.title,
            organisation: data.organisation,
            ...(data.url ? { url: data.url } : {}),
            period: periodOf(data),
            descriptionHtml: body.html,
            fields,
            ...langOf({ lang }, context),
            ...definedOf({
              location: data.location,
              organisationDescription: data.organisationDescription,
              highlights: data.highlights,
              studyType: data.studyType,
              area: data.area,
              score: data.score,
              courses: data.courses,
            }),
          },
        }))
        .sort((a, b) => compareTimeline({ ...a, period: a.entry.period }, { ...b, period: b.entry.period }))
        .map(({ entry }) => entry),
  });
}
