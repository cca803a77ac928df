import ArrowLeft from "lucide-react/icons/arrow-left";
import ExternalLink from "lucide-react/icons/external-link";
import Moon from "lucide-react/icons/moon";
import Search from "lucide-react/icons/search";
import Sun from "lucide-react/icons/sun";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { backArrowIcon, moonIcon, outboundLinkIcon, searchIcon, sunIcon } from "../src/components/drawn-icons.js";

describe("the Resume's outbound link icon, drawn once for every card", () => {
  it("is lucide's external-link icon, byte for byte as lucide draws it", () => {
    expect(renderToStaticMarkup(outboundLinkIcon)).toBe(
      renderToStaticMarkup(
        <ExternalLink className="outbound-link-icon" size={14} aria-hidden="true" focusable="false" />,
      ),
    );
  });
});

describe("the icons every page draws, made once", () => {
  it("are lucide's, byte for byte as lucide draws them", () => {
    const pairs = [
      [searchIcon, <Search key="search" aria-hidden="true" focusable="false" size={20} />],
      [
        moonIcon,
        <Moon key="moon" className="theme-icon theme-icon-moon" aria-hidden="true" focusable="false" size={20} />,
      ],
      [sunIcon, <Sun key="sun" className="theme-icon theme-icon-sun" aria-hidden="true" focusable="false" size={20} />],
      [backArrowIcon, <ArrowLeft key="back" aria-hidden="true" focusable="false" size={16} />],
    ];
    for (const [drawn, lucide] of pairs) expect(renderToStaticMarkup(drawn)).toBe(renderToStaticMarkup(lucide));
  });
});
