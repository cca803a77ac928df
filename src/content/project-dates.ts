import { type EndDate, firstMonth, lastMonth, type PartialDate } from "./partial-date.js";

/** When a project was done: its `year` (MM/YYYY), or `start` and `end` as the Resume writes dates. */
export interface ProjectDates {
  year?: string | undefined;
  start?: PartialDate | undefined;
  end?: EndDate | undefined;
}

/** "03/2024" → "2024-03" */
export function monthYearToIso(monthYear: string): PartialDate {
  const [month, year] = monthYear.split("/");
  return `${year}-${month}`;
}

/** When it began, as an ISO date (for JSON-LD and JSON Resume): its `year`'s month, or its start. */
export function projectStart(project: ProjectDates): PartialDate | undefined {
  return project.year === undefined ? project.start : monthYearToIso(project.year);
}

/**
 * When it ended, as an ISO date (for JSON Resume, whose themes show a start without an end as going
 * on): its `year`'s month, since a project dated by a month was done in it; its `end`; or, with a
 * start and no end, that start, which the page shows as its one date. Only `end: present` goes on.
 */
export function projectEnd(project: ProjectDates): PartialDate | undefined {
  if (project.year !== undefined) return monthYearToIso(project.year);
  if (project.end === "present") return undefined;
  return project.end ?? project.start;
}

/** A month to order projects by, newest first: its `year`, else when it ended (or goes on, or began); undated last. */
export function projectMonth(project: ProjectDates): number {
  if (project.year !== undefined) return firstMonth(monthYearToIso(project.year));
  if (project.end === "present") return Infinity;
  if (project.end !== undefined) return lastMonth(project.end);
  return project.start === undefined ? -Infinity : firstMonth(project.start);
}
