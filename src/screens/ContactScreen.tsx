import { Mail } from "lucide-react";
import type { ResolvedConfig } from "../config/config-schema.js";
import { Island } from "../render/island.js";

export function ContactScreen({ config }: { config: ResolvedConfig }) {
  const email = config.owner.email;
  return (
    <>
      <header>
        <h1 className="article-title">Contact</h1>
      </header>
      <section className="contact-form" aria-labelledby="contact-us">
        <h2 id="contact-us" className="h3 form-title">
          Contact Us
        </h2>
        {config.emailjs ? (
          <>
            <Island name="ContactForm" props={{ emailjs: config.emailjs, ownerEmail: email }} />
            <p className="contact-direct">
              Prefer e-mail? Write to <a href={`mailto:${email}`}>{email}</a>.
            </p>
          </>
        ) : (
          <p className="contact-direct contact-direct-only">
            <Mail aria-hidden="true" focusable="false" size={20} />
            <span>
              Write to me at <a href={`mailto:${email}`}>{email}</a>; I answer every message.
            </span>
          </p>
        )}
      </section>
    </>
  );
}
