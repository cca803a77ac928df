import ExternalLink from "lucide-react/icons/external-link";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { outboundLinkIcon } from "../src/screens/ResumeScreen.js";

describe("the Resume's outbound link icon, drawn once for every card", () => {
  it("is lucide's external-link icon, byte for byte as lucide draws it", () => {
    expect(renderToStaticMarkup(outboundLinkIcon)).toBe(
      renderToStaticMarkup(
        <ExternalLink className="outbound-link-icon" size={14} aria-hidden="true" focusable="false" />,
      ),
    );
  });
});
