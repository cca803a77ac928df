import Calendar from "lucide-react/icons/calendar";
import ChevronDown from "lucide-react/icons/chevron-down";
import Download from "lucide-react/icons/download";
import Mail from "lucide-react/icons/mail";
import MapPin from "lucide-react/icons/map-pin";
import Phone from "lucide-react/icons/phone";
import UserRound from "lucide-react/icons/user-round";
import type { ReactNode } from "react";
import type { ResolvedConfig } from "../config/config-schema.js";
import type { SiteImage } from "../images/prepare-images.js";
import { withBase } from "../site-paths.js";
import { Picture } from "./Picture.js";
import { SocialIcon } from "./SocialIcon.js";
import type { Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";

/**
 * The owner's card, the same on every page: its markup is rendered once per build (a third of a
 * page's render time otherwise) and placed into each page's `<aside>` as it is.
 */
export function SidebarFrame({
  html,
  label,
  className = "sidebar",
}: {
  html: string;
  label: string;
  /** A layout's own place for the card: `owner-badge` in the column layout's header. */
  className?: string;
}) {
  return <aside className={className} aria-label={label} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The owner's photo, with the placeholder the page shows in its place if it fails to load. */
export function OwnerPhoto({
  photo,
  name,
  iconSize,
  className,
}: {
  photo: SiteImage;
  name: string;
  iconSize: number;
  className?: string;
}) {
  return (
    <figure className={className ? `avatar-box ${className}` : "avatar-box"}>
      <Picture image={photo} alt={name} decoding="async" fetchPriority="high" />
      <span className="image-placeholder" data-image-placeholder hidden>
        <UserRound aria-hidden="true" focusable="false" size={iconSize} />
      </span>
    </figure>
  );
}

/** What the owner's card is drawn from. */
export interface SidebarProps {
  /** The site's config in the page's language: the owner, their social links, the CV. */
  config: ResolvedConfig;
  /** The owner's photo at the card's sizes. */
  photo: SiteImage;
  /** The site's words in the page's language: `t("sidebar.email")`. */
  t: Translate<StringKey>;
}

/**
 * The owner's card: photo, name, job title, contacts and social links. On narrow screens the
 * contacts fold away behind a summary. An owner may replace or wrap it (`components/Sidebar.tsx`).
 */
export function Sidebar({ config, photo, t }: SidebarProps) {
  return (
    <>
      <OwnerIdentity config={config} photo={photo} />
      <details className="sidebar-more">
        <summary className="sidebar-more-button">
          <span>{t("sidebar.showContacts")}</span>
          <ChevronDown aria-hidden="true" focusable="false" size={16} />
        </summary>
        <div className="sidebar-more-content">
          <hr className="separator" />
          <OwnerContacts config={config} t={t} />
          {(config.social.length > 0 || config.cv) && <hr className="separator" />}
          <SocialLinks config={config} t={t} />
          <CvButton config={config} t={t} />
        </div>
      </details>
    </>
  );
}

/** The owner's photo, name and job title: the head of the card, and of a layout's header. */
export function OwnerIdentity({ config, photo }: Omit<SidebarProps, "t">) {
  const { owner } = config;
  return (
    <div className="sidebar-info">
      <OwnerPhoto photo={photo} name={owner.name} iconSize={48} />
      <div className="info-content">
        <p className="name">{owner.name}</p>
        <p className="job-title">{owner.jobTitle}</p>
      </div>
    </div>
  );
}

/** The owner's email, and phone, birthday and location where the config has them. */
export function OwnerContacts({ config, t }: Omit<SidebarProps, "photo">) {
  const { owner } = config;
  return (
    <ul className="contacts-list">
      <Contact icon={<Mail size={18} aria-hidden="true" focusable="false" />} label={t("sidebar.email")}>
        <a href={`mailto:${owner.email}`} className="contact-link">
          {owner.email}
        </a>
      </Contact>
      {owner.phone && (
        <Contact icon={<Phone size={18} aria-hidden="true" focusable="false" />} label={t("sidebar.phone")}>
          <a href={`tel:${owner.phone.replace(/[^\d+]/g, "")}`} className="contact-link">
            {owner.phone}
          </a>
        </Contact>
      )}
      {owner.birthday && (
        <Contact icon={<Calendar size={18} aria-hidden="true" focusable="false" />} label={t("sidebar.birthday")}>
          <span>{owner.birthday}</span>
        </Contact>
      )}
      {owner.location && (
        <Contact icon={<MapPin size={18} aria-hidden="true" focusable="false" />} label={t("sidebar.location")}>
          <address>{owner.location}</address>
        </Contact>
      )}
    </ul>
  );
}

/** The owner's social links as icons, each named for assistive technology; nothing without any. */
export function SocialLinks({ config, t }: Omit<SidebarProps, "photo">) {
  if (config.social.length === 0) return null;
  return (
    <ul className="social-list" aria-label={t("sidebar.socialLinks")}>
      {config.social.map((link) => (
        <li key={link.url}>
          <a
            href={link.url}
            className="social-link"
            aria-label={link.label}
            title={link.label}
            rel="me noopener noreferrer"
            target="_blank"
          >
            <SocialIcon name={link.icon} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The link that downloads the owner's CV, when the config has one. */
export function CvButton({ config, t }: Omit<SidebarProps, "photo">) {
  const { cv, site } = config;
  if (!cv) return null;
  return (
    <a className="cv-button" href={withBase(site.base, cv.file)} download={cv.downloadAs} type="application/pdf">
      <Download aria-hidden="true" focusable="false" size={18} />
      <span>{t("sidebar.downloadCv")}</span>
    </a>
  );
}

function Contact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="contact-item">
      <span className="icon-box">{icon}</span>
      <div className="contact-info">
        <p className="contact-title">{label}</p>
        {children}
      </div>
    </li>
  );
}
