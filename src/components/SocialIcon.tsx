import BriefcaseBusiness from "lucide-react/icons/briefcase-business";
import Globe from "lucide-react/icons/globe";
import {
  siBitbucket,
  siBluesky,
  siCodeberg,
  siDiscord,
  siFlickr,
  siGithub,
  siGitlab,
  siInstagram,
  siMastodon,
  siPixelfed,
  siSignal,
  siTelegram,
  siWhatsapp,
  siX,
  siXing,
  siYoutube,
  type SimpleIcon,
} from "simple-icons";
import type { SocialIcon as SocialIconName } from "../config/define-config.js";

const brandIcons: Partial<Record<SocialIconName, SimpleIcon>> = {
  github: siGithub,
  gitlab: siGitlab,
  codeberg: siCodeberg,
  bitbucket: siBitbucket,
  xing: siXing,
  whatsapp: siWhatsapp,
  telegram: siTelegram,
  signal: siSignal,
  discord: siDiscord,
  instagram: siInstagram,
  flickr: siFlickr,
  pixelfed: siPixelfed,
  mastodon: siMastodon,
  bluesky: siBluesky,
  x: siX,
  youtube: siYoutube,
};

/**
 * A social network's mark as inline SVG. simple-icons has no LinkedIn mark (the brand withdrew it),
 * so professional networks without one get Lucide's briefcase.
 */
export function SocialIcon({ name }: { name: SocialIconName }) {
  const brand = brandIcons[name];
  if (!brand) {
    const Fallback = name === "linkedin" ? BriefcaseBusiness : Globe;
    return <Fallback aria-hidden="true" focusable="false" size={18} />;
  }
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="currentColor">
      <path d={brand.path} />
    </svg>
  );
}
