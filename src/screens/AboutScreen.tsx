import Brain from "lucide-react/icons/brain";
import Cloud from "lucide-react/icons/cloud";
import Code from "lucide-react/icons/code";
import Cpu from "lucide-react/icons/cpu";
import Database from "lucide-react/icons/database";
import Globe from "lucide-react/icons/globe";
import Monitor from "lucide-react/icons/monitor";
import Palette from "lucide-react/icons/palette";
import PenTool from "lucide-react/icons/pen-tool";
import Server from "lucide-react/icons/server";
import Shield from "lucide-react/icons/shield";
import Smartphone from "lucide-react/icons/smartphone";
import type { LucideIcon } from "lucide-react";
import type { ServiceIcon } from "../content/content-schema.js";
import type { Service } from "../content/content-types.js";
import type { SiteContent } from "../content/site-content.js";
import type { Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";
import type { AboutScreenProps } from "../components/site-components.js";
import { PublicationEntry } from "../components/PublicationEntry.js";
import { withBase } from "../site-paths.js";

const serviceIcons: Record<ServiceIcon, LucideIcon> = {
  code: Code,
  smartphone: Smartphone,
  brain: Brain,
  monitor: Monitor,
  cpu: Cpu,
  cloud: Cloud,
  palette: Palette,
  database: Database,
  shield: Shield,
  "pen-tool": PenTool,
  server: Server,
  globe: Globe,
};

/** Each card's colour is chosen by its title; titles the spec does not name get one from the palette. */
const serviceColours: Record<string, string> = {
  "Full-Stack Development": "blue",
  "Mobile App Development": "green",
  "AI/ML Development": "violet",
  "Desktop Development": "orange",
  "Embedded Systems": "red",
  "DevOps & Deployment": "teal",
  "UI/UX Design": "pink",
};
const palette = ["blue", "green", "violet", "orange", "red", "teal", "pink"];

export function serviceColour(title: string): string {
  const known = serviceColours[title];
  if (known) return known;
  const hash = [...title].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7);
  return palette[hash % palette.length]!;
}

/**
 * The About page: its sections in the order of the config's `about.sections` (the bio, What I Do,
 * and sections of the owner's own from content/about/), those left out not shown.
 */
export function AboutScreen({ content, sections, t, heading: Heading = "h1", base = "/" }: AboutScreenProps) {
  return (
    <>
      <header>
        <Heading className="article-title">{content.about.title}</Heading>
      </header>
      {sections.map((name) => (
        <AboutSection key={name} name={name} content={content} t={t} base={base} />
      ))}
    </>
  );
}

function AboutSection({
  name,
  content,
  t,
  base,
}: {
  name: string;
  content: SiteContent;
  t: Translate<StringKey>;
  base: string;
}) {
  if (name === "bio")
    return (
      <section
        className="about-text"
        lang={content.about.lang}
        dangerouslySetInnerHTML={{ __html: content.about.bioHtml }}
      />
    );
  if (name === "services")
    return (
      <section className="service" aria-labelledby="what-i-do">
        <h2 id="what-i-do" className="h3 service-title">
          {t("about.services")}
        </h2>
        <ul className="service-list">
          {content.services.map((service) => (
            <ServiceCard key={service.slug} service={service} />
          ))}
        </ul>
      </section>
    );
  if (name === "publications") return <SelectedPublications content={content} t={t} base={base} />;
  const own = content.aboutSections.find((section) => section.slug === name);
  if (!own) return null;
  const headingId = `about-${name}`;
  return (
    <section className="about-section" aria-labelledby={headingId} lang={own.lang}>
      <h2 id={headingId} className="h3 service-title">
        {own.title}
      </h2>
      <div className="about-text" dangerouslySetInnerHTML={{ __html: own.html }} />
    </section>
  );
}

function ServiceCard({ service }: { service: Service }) {
  const Icon = serviceIcons[service.icon];
  return (
    <li className={`service-item tone-${serviceColour(service.title)}`}>
      <span className="service-icon-box" aria-hidden="true">
        <Icon size={28} focusable="false" />
      </span>
      <div className="service-content-box">
        <h3 className="h4 service-item-title" lang={service.lang}>
          {service.title}
        </h3>
        <div
          className="service-item-text"
          lang={service.lang}
          dangerouslySetInnerHTML={{ __html: service.descriptionHtml }}
        />
      </div>
    </li>
  );
}

/**
 * The publications of the .bib files marked `selected = {true}`, newest first, and a link to all
 * of them; none, no section.
 */
function SelectedPublications({ content, t, base }: { content: SiteContent; t: Translate<StringKey>; base: string }) {
  const selected = content.bibliography.filter((work) => work.selected);
  if (!selected.length) return null;
  return (
    <section className="about-section" aria-labelledby="about-publications">
      <h2 id="about-publications" className="h3 service-title">
        {t("about.publications")}
      </h2>
      <ol className="publication-list">
        {selected.map((work) => (
          <li key={work.slug}>
            <PublicationEntry work={work} t={t} base={base} />
          </li>
        ))}
      </ol>
      <p>
        <a href={withBase(base, "publications")}>{t("publications.allPublications")}</a>
      </p>
    </section>
  );
}
