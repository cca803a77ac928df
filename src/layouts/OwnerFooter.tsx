import type { ResolvedConfig } from "../config/config-schema.js";
import { CvButton, OwnerContacts, SocialLinks } from "../components/Sidebar.js";
import type { Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";

/**
 * The foot of a page in the layouts without a sidebar: the owner's contacts, social links and CV
 * (the sidebar's, which these layouts leave out of their header), then the copyright line.
 */
export function OwnerFooter({ config, t }: { config: ResolvedConfig; t: Translate<StringKey> }) {
  return (
    <footer className="site-footer owner-footer">
      <div className="owner-footer-contacts">
        <OwnerContacts config={config} t={t} />
        <div className="owner-footer-links">
          <SocialLinks config={config} t={t} />
          <CvButton config={config} t={t} />
        </div>
      </div>
      <p>{t("layout.copyright", { owner: config.owner.name })}</p>
    </footer>
  );
}
