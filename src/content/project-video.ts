/**
 * A project's demo video in its front matter (`video: demo.mp4`, or `video: { src, poster, captions,
 * title }`), shown at the top of its text on its page and in its dialog. It is the `::video`
 * directive the front matter stands for, read and checked by the same code (content/directives.ts):
 * the same files (beside the project or in public/), the same checks of their bytes, the same player.
 */
import { z } from "zod";
import { text } from "../schema-fields.js";

const videoFile = text("a video file such as demo.mp4");

export const projectVideoSchema = z
  .union(
    [
      videoFile,
      z.strictObject({
        src: videoFile,
        title: text("what the video shows").optional(),
        poster: text("an image file shown before it plays").optional(),
        captions: text("a WebVTT file of captions (.vtt)").optional(),
      }),
    ],
    {
      error:
        "expected a video file (video: demo.mp4), or its file and details (video: { src: demo.mp4, poster: demo.jpg, captions: demo.vtt, title: The app in a minute })",
    },
  )
  .transform((video) => (typeof video === "string" ? { src: video } : video));

export type ProjectVideo = z.output<typeof projectVideoSchema>;

/** The `::video` line a project's `video` stands for, or what is wrong with a value no attribute can hold. */
export function videoDirective(video: ProjectVideo): string | { problem: string } {
  const attributes: string[] = [];
  for (const key of ["src", "poster", "captions", "title"] as const) {
    const value = video[key];
    if (value === undefined) continue;
    if (/[\r\n]/.test(value)) return { problem: `has ${key} on several lines: expected one line` };
    const quote = value.includes('"') ? "'" : '"';
    if (value.includes(quote)) return { problem: `has ${key} with both kinds of quote: expected " or ' only` };
    attributes.push(`${key}=${quote}${value}${quote}`);
  }
  return `::video{${attributes.join(" ")}}`;
}

/** The problem of the `::video` a project's `video` stands for, as the field's: `has src="a.mov": expected …`. */
export function videoProblem(problem: string): string {
  return problem.replace(/^the directive ::video /, "");
}

/** A project's description without the video its front matter put first: its text, for JSON Resume. */
export function withoutProjectVideo(descriptionHtml: string): string {
  return descriptionHtml.replace(
    /^<figure class="video"><video\b[\s\S]*?<\/video>(?:<figcaption>[\s\S]*?<\/figcaption>)?<\/figure>/,
    "",
  );
}
