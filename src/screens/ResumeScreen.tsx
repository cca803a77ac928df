import { BadgeCheck, BookOpen, BriefcaseBusiness, ExternalLink, HeartHandshake, Newspaper, Trophy, type LucideIcon } from "lucide-react";
import { idFragment } from "../content/slug.js";
import type { Period, SiteContent, TimelineEntry } from "../content/content-types.js";
import type { PartialDate } from "../content/partial-date.js";
import { formatPartialDate, formatPeriod } from "../format-date.js";

/**
 * The Resume: the spec's education, experience and skills, and the sections an owner may add
 * (volunteer work, certificates, awards, publications and talks, languages), each shown only when
 * it has entries.
 */
export function ResumeScreen({ content, skillCategories, lang }: { content: SiteContent; skillCategories: string[]; lang: string }) {
  const groups = skillCategories
    .map((category) => ({ category, skills: content.skills.filter((skill) => skill.category === category) }))
    .filter((group) => group.skills.length > 0);
  return (
    <>
      <header>
        <h1 className="article-title">Resume</h1>
      </header>
      <Timeline id="education" title="Education" icon={BookOpen} entries={content.education} lang={lang} />
      <Timeline id="experience" title="Experience" icon={BriefcaseBusiness} entries={content.experience} lang={lang} />
      <Timeline id="volunteer" title="Volunteer work" icon={HeartHandshake} entries={content.volunteer} lang={lang} />
      <DatedCards id="certificates" title="Certificates" icon={BadgeCheck} lang={lang}
        cards={content.certificates.map((certificate, index) => ({ key: String(index), title: certificate.name, url: certificate.url, by: certificate.issuer, date: certificate.date }))} />
      <DatedCards id="awards" title="Awards" icon={Trophy} lang={lang}
        cards={content.awards.map((award) => ({ key: award.slug, title: award.title, by: award.awarder, date: award.date, descriptionHtml: award.descriptionHtml }))} />
      <DatedCards id="publications" title="Publications & talks" icon={Newspaper} lang={lang}
        cards={content.publications.map((publication) => ({ key: publication.slug, title: publication.title, url: publication.url, by: publication.publisher, date: publication.date, descriptionHtml: publication.descriptionHtml }))} />

      <section className="skill" aria-labelledby="technical-skills">
        <h2 id="technical-skills" className="h3 skills-title">Technical skills</h2>
        <div className="skill-groups">
          {groups.map(({ category, skills }) => (
            <section key={category} className="skill-group content-card" aria-labelledby={`skills-${idFragment(category)}`}>
              <h3 id={`skills-${idFragment(category)}`} className="h4 skill-group-title">{category}</h3>
              <ul className="skills-list">
                {skills.map((skill) => (
                  <li key={skill.name} className="skills-item">
                    <div className="title-wrapper">
                      <span className="skill-name">{skill.name}</span>
                      <data value={skill.percent}>{`${skill.percent}%`}</data>
                    </div>
                    <div className="skill-progress-bg" aria-hidden="true">
                      <div className="skill-progress-fill" data-percent={skill.percent} />
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </section>

      <section className="soft-skills" aria-labelledby="soft-skills">
        <h2 id="soft-skills" className="h3 skills-title">Soft skills</h2>
        <div className="soft-skill-groups">
          {content.softSkills.map((group) => (
            <section key={group.title} className="soft-skill-group content-card" aria-labelledby={`soft-${idFragment(group.title)}`}>
              <h3 id={`soft-${idFragment(group.title)}`} className="h4">{group.title}</h3>
              <ul className="soft-skill-list">
                {group.skills.map((skill) => <li key={skill}>{skill}</li>)}
              </ul>
            </section>
          ))}
        </div>
      </section>

      {content.languages.length > 0 && (
        <section className="languages" aria-labelledby="languages">
          <h2 id="languages" className="h3 skills-title">Languages</h2>
          <dl className="language-list">
            {content.languages.map((language, index) => (
              <div key={index} className="language-item content-card">
                <dt>{language.language}</dt>
                <dd>{language.fluency}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </>
  );
}

function SectionTitle({ id, title, icon: Icon }: { id: string; title: string; icon: LucideIcon }) {
  return (
    <div className="title-wrapper">
      <span className="icon-box" aria-hidden="true"><Icon size={18} focusable="false" /></span>
      <h2 id={id} className="h3">{title}</h2>
    </div>
  );
}

function Timeline({ id, title, icon, entries, lang }: { id: string; title: string; icon: LucideIcon; entries: TimelineEntry[]; lang: string }) {
  if (entries.length === 0) return null;
  return (
    <section className="timeline" aria-labelledby={id}>
      <SectionTitle id={id} title={title} icon={icon} />
      <ol className="timeline-list">
        {entries.map((entry) => (
          <li key={entry.slug} className="timeline-item">
            <h3 className="h4 timeline-item-title">{entry.title}</h3>
            <p className="timeline-organisation">{entry.url ? <OutboundLink href={entry.url}>{entry.organisation}</OutboundLink> : entry.organisation}</p>
            <p className="timeline-period"><PeriodText period={entry.period} lang={lang} /></p>
            <div className="timeline-text" dangerouslySetInnerHTML={{ __html: entry.descriptionHtml }} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** "Mar 2022 — Present" in the site's language, each date a `<time>`; an old free-text period as written. */
function PeriodText({ period, lang }: { period: Period; lang: string }) {
  if ("text" in period) return period.text;
  const shown = formatPeriod(period.start, period.end, lang);
  return (
    <>
      <time dateTime={period.start}>{shown.start}</time>
      {shown.end !== undefined && " — "}
      {shown.end !== undefined && (period.end === "present" ? shown.end : <time dateTime={period.end}>{shown.end}</time>)}
    </>
  );
}

/** One card of a dated section: a certificate, an award, a publication or talk. */
interface DatedCard {
  key: string;
  title: string;
  /** Where it can be seen: the title links to it. */
  url?: string | undefined;
  /** Who issued or gave it, or where it appeared. */
  by: string;
  date: PartialDate;
  descriptionHtml?: string | undefined;
}

function DatedCards({ id, title, icon, cards, lang }: { id: string; title: string; icon: LucideIcon; cards: DatedCard[]; lang: string }) {
  if (cards.length === 0) return null;
  return (
    <section className="resume-cards" aria-labelledby={id}>
      <SectionTitle id={id} title={title} icon={icon} />
      <ul className="resume-card-list">
        {cards.map((card) => (
          <li key={card.key} className="resume-card content-card">
            <h3 className="h4 resume-card-title">{card.url ? <OutboundLink href={card.url}>{card.title}</OutboundLink> : card.title}</h3>
            <p className="resume-card-meta">
              <span className="resume-card-by">{card.by}</span>
              <time className="resume-card-date" dateTime={card.date}>{formatPartialDate(card.date, lang)}</time>
            </p>
            {card.descriptionHtml && <div className="resume-card-text" dangerouslySetInnerHTML={{ __html: card.descriptionHtml }} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A link to another site, marked with an icon so it is not mistaken for a page of this one. */
function OutboundLink({ href, children }: { href: string; children: string }) {
  return (
    <a className="outbound-link" href={href} rel="noopener noreferrer" target="_blank">
      {children}
      <ExternalLink className="outbound-link-icon" size={14} aria-hidden="true" focusable="false" />
    </a>
  );
}
