import ArrowLeft from "lucide-react/icons/arrow-left";
import ArrowRight from "lucide-react/icons/arrow-right";
import { backArrowIcon } from "./drawn-icons.js";
import type { ReactNode } from "react";

/** The way back from an item's page to its list. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a className="back-link" href={href}>
      {backArrowIcon}
      <span>{children}</span>
    </a>
  );
}

interface PagerLink {
  href: string;
  title: string;
  /** What the link is to the reader: "Previous project", "Older post". */
  rel: string;
}

/** Links to the items before and after this one in their list. */
export function Pager({
  label,
  previous,
  next,
}: {
  label: string;
  previous: PagerLink | undefined;
  next: PagerLink | undefined;
}) {
  if (!previous && !next) return null;
  return (
    <nav className="item-pager" aria-label={label}>
      {previous && (
        <a className="item-pager-link previous" href={previous.href}>
          <span className="item-pager-rel">
            <ArrowLeft aria-hidden="true" focusable="false" size={14} />
            {previous.rel}
          </span>
          <span className="item-pager-title">{previous.title}</span>
        </a>
      )}
      {next && (
        <a className="item-pager-link next" href={next.href}>
          <span className="item-pager-rel">
            {next.rel}
            <ArrowRight aria-hidden="true" focusable="false" size={14} />
          </span>
          <span className="item-pager-title">{next.title}</span>
        </a>
      )}
    </nav>
  );
}
