import type { z } from "zod";
import type { ServiceIcon, blogSchema, otherProjectSchema, projectSchema, timelineSchema } from "./content-schema.js";

/** Everything in content/, validated and with its markdown rendered to safe HTML. */
export interface SiteContent {
  about: { title: string; bioHtml: string };
  services: Service[];
  education: TimelineEntry[];
  experience: TimelineEntry[];
  skills: Skill[];
  softSkills: SoftSkillGroup[];
  projects: Project[];
  otherProjects: OtherProject[];
  blogPosts: BlogPost[];
}

interface Entry {
  /** File name without extension: a stable id for the entry. */
  slug: string;
}

export interface Service extends Entry { title: string; icon: ServiceIcon; descriptionHtml: string }
export interface TimelineEntry extends Entry, Omit<z.output<typeof timelineSchema>, "order"> { descriptionHtml: string }
export interface Skill { name: string; category: string; percent: number }
export interface SoftSkillGroup { title: string; skills: string[] }
export interface Project extends Entry, z.output<typeof projectSchema> { descriptionHtml: string }
export interface OtherProject extends Entry, z.output<typeof otherProjectSchema> { descriptionHtml: string }
export interface BlogPost extends Entry, z.output<typeof blogSchema> { contentHtml: string; excerpt: string }
