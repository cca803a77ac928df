// Long because `portfolio eject screens/ResumeScreen.tsx` copies this one file, whose relative imports
// become the engine's public components: the small components only the Resume draws stay here with it.
import Award from "lucide-react/icons/award";
import BadgeCheck from "lucide-react/icons/badge-check";
import BookOpen from "lucide-react/icons/book-open";
import Bookmark from "lucide-react/icons/bookmark";
import BriefcaseBusiness from "lucide-react/icons/briefcase-business";
import Code from "lucide-react/icons/code";
import FileText from "lucide-react/icons/file-text";
import FlaskConical from "lucide-react/icons/flask-conical";
import Globe from "lucide-react/icons/globe";
import GraduationCap from "lucide-react/icons/graduation-cap";
import Handshake from "lucide-react/icons/handshake";
import Heart from "lucide-react/icons/heart";
import HeartHandshake from "lucide-react/icons/heart-handshake";
import Landmark from "lucide-react/icons/landmark";
import Lightbulb from "lucide-react/icons/lightbulb";
import Medal from "lucide-react/icons/medal";
import Megaphone from "lucide-react/icons/megaphone";
import Mic from "lucide-react/icons/mic";
import Microscope from "lucide-react/icons/microscope";
import Newspaper from "lucide-react/icons/newspaper";
import PenTool from "lucide-react/icons/pen-tool";
import Presentation from "lucide-react/icons/presentation";
import Quote from "lucide-react/icons/quote";
import Rocket from "lucide-react/icons/rocket";
import ScrollText from "lucide-react/icons/scroll-text";
import Star from "lucide-react/icons/star";
import Trophy from "lucide-react/icons/trophy";
import Users from "lucide-react/icons/users";
import Wrench from "lucide-react/icons/wrench";
import type { LucideIcon } from "lucide-react";
import type { ResumeIcon } from "../config/define-config.js";
import { idFragment } from "../slug.js";
import type {
  Interest,
  Language,
  Period,
  Reference,
  ResumeCard,
  SoftSkillGroup,
  TimelineEntry,
} from "../content/content-types.js";
import type { ShownSection, SkillGroup } from "../resume/resume-sections.js";
import { formatPartialDate, formatPeriod } from "../format-date.js";
import { formatPercent } from "../i18n/message.js";
import type { ResumeWords, ResumeScreenProps } from "../components/site-components.js";
import { outboundLinkIcon } from "../components/drawn-icons.js";

const sectionIcons: Record<ResumeIcon, LucideIcon> = {
  award: Award,
  "badge-check": BadgeCheck,
  "book-open": BookOpen,
  bookmark: Bookmark,
  "briefcase-business": BriefcaseBusiness,
  code: Code,
  "file-text": FileText,
  "flask-conical": FlaskConical,
  globe: Globe,
  "graduation-cap": GraduationCap,
  handshake: Handshake,
  heart: Heart,
  "heart-handshake": HeartHandshake,
  landmark: Landmark,
  lightbulb: Lightbulb,
  medal: Medal,
  megaphone: Megaphone,
  mic: Mic,
  microscope: Microscope,
  newspaper: Newspaper,
  "pen-tool": PenTool,
  presentation: Presentation,
  quote: Quote,
  rocket: Rocket,
  "scroll-text": ScrollText,
  star: Star,
  trophy: Trophy,
  users: Users,
  wrench: Wrench,
};

/**
 * The Resume: its sections in the config's order (resume-sections.ts), each drawn by its layout.
 * Timelines, cards, languages, interests and references are shown only when they have entries.
 */
export function ResumeScreen({ sections, title, t }: ResumeScreenProps) {
  return (
    <>
      <header>
        <h1 className="article-title">{title}</h1>
      </header>
      {sections.map((section) => (
        <SectionByLayout key={section.id} section={section} t={t} />
      ))}
    </>
  );
}

function SectionByLayout({ section, t }: { section: ShownSection; t: ResumeWords }) {
  switch (section.layout) {
    case "timeline":
      return <Timeline {...section} t={t} />;
    case "cards":
      return <DatedCards {...section} lang={t.lang} />;
    case "skills":
      return <SkillBars {...section} lang={t.lang} />;
    case "soft-skills":
      return <SoftSkills {...section} />;
    case "languages":
      return <Languages {...section} />;
    case "interests":
      return <Interests {...section} />;
    case "references":
      return <References {...section} />;
  }
}

function SkillBars({ id, title, entries, lang }: { id: string; title: string; entries: SkillGroup[]; lang: string }) {
  return (
    <section className="skill" aria-labelledby={id}>
      <h2 id={id} className="h3 skills-title">
        {title}
      </h2>
      <div className="skill-groups">
        {entries.map(({ category, skills }) => (
          <section
            key={category}
            className="skill-group content-card"
            aria-labelledby={`skills-${idFragment(category)}`}
          >
            <h3 id={`skills-${idFragment(category)}`} className="h4 skill-group-title">
              {category}
            </h3>
            <ul className="skills-list">
              {skills.map((skill) => (
                <li key={skill.name} className="skills-item">
                  <div className="title-wrapper">
                    <span className="skill-name">{skill.name}</span>
                    <data value={skill.percent}>{skill.level ?? formatPercent(skill.percent, lang)}</data>
                  </div>
                  <div className="skill-progress-bg" aria-hidden="true">
                    <div className="skill-progress-fill" data-percent={skill.percent} />
                  </div>
                  {skill.keywords && skill.keywords.length > 0 && (
                    <ul className="skill-keywords">
                      {skill.keywords.map((keyword) => (
                        <li key={keyword}>{keyword}</li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}

function SoftSkills({ id, title, entries }: { id: string; title: string; entries: SoftSkillGroup[] }) {
  return (
    <section className="soft-skills" aria-labelledby={id}>
      <h2 id={id} className="h3 skills-title">
        {title}
      </h2>
      <div className="soft-skill-groups">
        {entries.map((group) => (
          <section
            key={group.title}
            className="soft-skill-group content-card"
            aria-labelledby={`soft-${idFragment(group.title)}`}
          >
            <h3 id={`soft-${idFragment(group.title)}`} className="h4">
              {group.title}
            </h3>
            <ul className="soft-skill-list">
              {group.skills.map((skill) => (
                <li key={skill}>{skill}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}

function Languages({ id, title, entries }: { id: string; title: string; entries: Language[] }) {
  if (entries.length === 0) return null;
  return (
    <section className="languages" aria-labelledby={id}>
      <h2 id={id} className="h3 skills-title">
        {title}
      </h2>
      <dl className="language-list">
        {entries.map((language) => (
          <div key={`${language.language}: ${language.fluency}`} className="language-item content-card">
            <dt>{language.language}</dt>
            <dd>{language.fluency ?? ""}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Each interest as a small card: its name, and what it is about as tags (the skills' keyword chips). */
function Interests({
  id,
  title,
  icon,
  entries,
}: {
  id: string;
  title: string;
  icon?: ResumeIcon | undefined;
  entries: Interest[];
}) {
  if (entries.length === 0) return null;
  return (
    <section className="interests" aria-labelledby={id}>
      <SectionTitle id={id} title={title} icon={icon} />
      <ul className="interest-list">
        {entries.map((interest, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two interests may share a name; the list never reorders.
          <li key={index} className="interest-item content-card">
            <h3 className="h4 interest-name">{interest.name}</h3>
            {interest.keywords && interest.keywords.length > 0 && (
              <ul className="skill-keywords interest-keywords">
                {interest.keywords.map((keyword, keywordIndex) => (
                  /* biome-ignore lint/suspicious/noArrayIndexKey: two keywords may have the same text;
                     the list never reorders. */
                  <li key={keywordIndex}>{keyword}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Each reference as a quotation, its paragraphs as written, who gave it under it. */
function References({
  id,
  title,
  icon,
  entries,
}: {
  id: string;
  title: string;
  icon?: ResumeIcon | undefined;
  entries: Reference[];
}) {
  if (entries.length === 0) return null;
  return (
    <section className="references" aria-labelledby={id}>
      <SectionTitle id={id} title={title} icon={icon} />
      <ul className="reference-list">
        {entries.map((reference, index) => (
          /* biome-ignore lint/suspicious/noArrayIndexKey: two references may come from one person;
             the list never reorders. */
          <li key={index} className="reference-item content-card">
            {reference.reference === undefined ? (
              <p className="reference-name reference-name-alone">{reference.name}</p>
            ) : (
              <figure className="reference">
                <blockquote className="reference-text">
                  {paragraphsOf(reference.reference).map((paragraph, paragraphIndex) => (
                    /* biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are in the text's order,
                       which never changes. */
                    <p key={paragraphIndex}>{paragraph}</p>
                  ))}
                </blockquote>
                <figcaption className="reference-name">— {reference.name}</figcaption>
              </figure>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Plain text's paragraphs: a blank line starts one, a single line break is a space. */
function paragraphsOf(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

function SectionTitle({ id, title, icon }: { id: string; title: string; icon: ResumeIcon | undefined }) {
  const Icon = icon && sectionIcons[icon];
  return (
    <div className="title-wrapper">
      {Icon && (
        <span className="icon-box" aria-hidden="true">
          <Icon size={18} focusable="false" />
        </span>
      )}
      <h2 id={id} className="h3">
        {title}
      </h2>
    </div>
  );
}

function Timeline({
  id,
  title,
  icon,
  entries,
  t,
}: {
  id: string;
  title: string;
  icon?: ResumeIcon | undefined;
  entries: TimelineEntry[];
  t: ResumeWords;
}) {
  if (entries.length === 0) return null;
  return (
    <section className="timeline" aria-labelledby={id}>
      <SectionTitle id={id} title={title} icon={icon} />
      <ol className="timeline-list">
        {entries.map((entry) => (
          <li key={entry.slug} className="timeline-item">
            <h3 className="h4 timeline-item-title" lang={entry.lang}>
              {entry.title}
            </h3>
            <p className="timeline-organisation" lang={entry.lang}>
              {entry.url ? <OutboundLink href={entry.url}>{entry.organisation}</OutboundLink> : entry.organisation}
              {entry.location && <span className="timeline-location"> · {entry.location}</span>}
            </p>
            {entry.organisationDescription && (
              <p className="timeline-detail" lang={entry.lang}>
                {entry.organisationDescription}
              </p>
            )}
            {!("undated" in entry.period && entry.period.end === undefined) && (
              <p className="timeline-period">
                <PeriodText period={entry.period} lang={t.lang} present={t("resume.present")} />
              </p>
            )}
            <div
              className="timeline-text"
              lang={entry.lang}
              dangerouslySetInnerHTML={{ __html: entry.descriptionHtml }}
            />
            <TimelineDetails entry={entry} t={t} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What an entry lists besides its text: highlights, and for education the grade and the courses. */
function TimelineDetails({ entry, t }: { entry: TimelineEntry; t: ResumeWords }) {
  return (
    <>
      {entry.highlights && entry.highlights.length > 0 && (
        <ul className="timeline-highlights" lang={entry.lang}>
          {entry.highlights.map((highlight, index) => (
            /* biome-ignore lint/suspicious/noArrayIndexKey: two highlights may have the same text;
               the list never reorders. */
            <li key={index}>{highlight}</li>
          ))}
        </ul>
      )}
      {entry.score && <p className="timeline-detail">{t("resume.grade", { grade: entry.score })}</p>}
      {entry.courses && entry.courses.length > 0 && (
        <p className="timeline-detail">{t("resume.courses", { courses: entry.courses.join(", ") })}</p>
      )}
    </>
  );
}

/** "Mar 2022 — Present" in the site's language, each date a `<time>`; an old free-text period as written. */
function PeriodText({ period, lang, present }: { period: Period; lang: string; present: string }) {
  if ("text" in period) return period.text;
  if ("undated" in period)
    return period.end === undefined ? null : <time dateTime={period.end}>{formatPartialDate(period.end, lang)}</time>;
  const shown = formatPeriod(period.start, period.end, lang, present);
  return (
    <>
      <time dateTime={period.start}>{shown.start}</time>
      {shown.end !== undefined && " — "}
      {shown.end !== undefined &&
        (period.end === "present" ? shown.end : <time dateTime={period.end}>{shown.end}</time>)}
    </>
  );
}

function DatedCards({
  id,
  title,
  icon,
  entries: cards,
  lang,
}: {
  id: string;
  title: string;
  icon?: ResumeIcon | undefined;
  entries: ResumeCard[];
  lang: string;
}) {
  if (cards.length === 0) return null;
  return (
    <section className="resume-cards" aria-labelledby={id}>
      <SectionTitle id={id} title={title} icon={icon} />
      <ul className="resume-card-list">
        {cards.map((card) => (
          <li key={card.key} className="resume-card content-card">
            <h3 className="h4 resume-card-title" lang={card.lang}>
              {card.url ? <OutboundLink href={card.url}>{card.title}</OutboundLink> : card.title}
            </h3>
            <p className="resume-card-meta">
              <span className="resume-card-by" lang={card.lang}>
                {card.by}
              </span>
              {card.date !== undefined && (
                <time className="resume-card-date" dateTime={card.date}>
                  {formatPartialDate(card.date, lang)}
                </time>
              )}
            </p>
            {card.descriptionHtml && (
              <div
                className="resume-card-text"
                lang={card.lang}
                dangerouslySetInnerHTML={{ __html: card.descriptionHtml }}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A link to another site, marked with an icon so it is not mistaken for a page of this one; an
 * address to write to or call opens the visitor's own app, in place.
 */
function OutboundLink({ href, children }: { href: string; children: string }) {
  if (/^(mailto|tel):/i.test(href))
    return (
      <a className="outbound-link" href={href}>
        {children}
      </a>
    );
  return (
    <a className="outbound-link" href={href} rel="noopener noreferrer" target="_blank">
      {children}
      {outboundLinkIcon}
    </a>
  );
}
