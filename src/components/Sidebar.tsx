import Calendar from "lucide-react/icons/calendar";
import ChevronDown from "lucide-react/icons/chevron-down";
import Download from "lucide-react/icons/download";
import Mail from "lucide-react/icons/mail";
import MapPin from "lucide-react/icons/map-pin";
import Phone from "lucide-react/icons/phone";
import UserRound from "lucide-react/icons/user-round";
import type { ReactNode } from "react";
import type { ResolvedConfig } from "../config/config-schema.js";
import type { SiteImage } from "../pipeline/prepare-images.js";
import { withBase } from "../site-paths.js";
import { Picture } from "./Picture.js";
import { SocialIcon } from "./SocialIcon.js";
import type { Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";

/**
 * The owner's card, the same on every page: its markup is rendered once per build (a third of a
 * page's render time otherwise) and placed into each page's `<aside>` as it is.
 */
export function SidebarFrame({ html, label }: { html: string; label: string }) {
  return <aside className="sidebar" aria-label={label} dangerouslySetInnerHTML={{ __html: html }} />;
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
  const { owner, social, cv, site } = config;
  return (
    <>
      <div className="sidebar-info">
        <figure className="avatar-box">
          <Picture image={photo} alt={owner.name} decoding="async" fetchPriority="high" />
          <span className="image-placeholder" data-image-placeholder hidden>
            <UserRound aria-hidden="true" focusable="false" size={48} />
          </span>
        </figure>
        <div className="info-content">
          <p className="name">{owner.name}</p>
          <p className="job-title">{owner.jobTitle}</p>
        </div>
      </div>

      <details className="sidebar-more">
        <summary className="sidebar-more-button">
          <span>{t("sidebar.showContacts")}</span>
          <ChevronDown aria-hidden="true" focusable="false" size={16} />
        </summary>
        <div className="sidebar-more-content">
          <hr className="separator" />
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
          {(social.length > 0 || cv) && <hr className="separator" />}
          {social.length > 0 && (
            <ul className="social-list" aria-label={t("sidebar.socialLinks")}>
              {social.map((link) => (
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
          )}
          {cv && (
            <a
              className="cv-button"
              href={withBase(site.base, cv.file)}
              download={cv.downloadAs}
              type="application/pdf"
            >
              <Download aria-hidden="true" focusable="false" size={18} />
              <span>{t("sidebar.downloadCv")}</span>
            </a>
          )}
        </div>
      </details>
    </>
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
