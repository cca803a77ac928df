import { BookOpen, BriefcaseBusiness, type LucideIcon } from "lucide-react";
import { idFragment } from "../content/slug.js";
import type { Period, SiteContent, TimelineEntry } from "../content/content-types.js";
import { formatPeriod } from "../format-date.js";

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
    </>
  );
}

function Timeline({ id, title, icon: Icon, entries, lang }: { id: string; title: string; icon: LucideIcon; entries: TimelineEntry[]; lang: string }) {
  if (entries.length === 0) return null;
  return (
    <section className="timeline" aria-labelledby={id}>
      <div className="title-wrapper">
        <span className="icon-box" aria-hidden="true"><Icon size={18} focusable="false" /></span>
        <h2 id={id} className="h3">{title}</h2>
      </div>
      <ol className="timeline-list">
        {entries.map((entry) => (
          <li key={entry.slug} className="timeline-item">
            <h3 className="h4 timeline-item-title">{entry.title}</h3>
            <p className="timeline-organisation">{entry.url ? <a href={entry.url} rel="noopener noreferrer" target="_blank">{entry.organisation}</a> : entry.organisation}</p>
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
