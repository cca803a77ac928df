import Mail from "lucide-react/icons/mail";
import { Island } from "../components/island.js";
import { Rich } from "../components/Rich.js";
import { pickStrings } from "../i18n/message.js";
import { contactFormStrings } from "../islands/ContactForm.js";
import { contactService } from "../config/contact-schema.js";
import type { ContactScreenProps } from "../components/site-components.js";

export function ContactScreen({ config, t }: ContactScreenProps) {
  const email = config.owner.email;
  const contact = config.contact;
  const service = contact && contactService(contact);
  return (
    <>
      <header>
        <h1 className="article-title">{t("page.contact")}</h1>
      </header>
      <section className="contact-form" aria-labelledby="contact-us">
        <h2 id="contact-us" className="h3 form-title">
          {t("contact.heading")}
        </h2>
        {contact && service ? (
          <>
            <Island
              name="ContactForm"
              props={{
                service,
                honeypot: contact.honeypot,
                sitePath: config.site.base,
                captcha: contact.captcha && { siteKey: contact.captcha.siteKey },
                ownerEmail: email,
                lang: config.site.lang,
                strings: pickStrings(config.strings, contactFormStrings),
              }}
            />
            <p className="contact-direct">
              <Rich parts={t.rich("contact.preferEmail", { email: <a href={`mailto:${email}`}>{email}</a> })} />
            </p>
          </>
        ) : (
          <p className="contact-direct contact-direct-only">
            <Mail aria-hidden="true" focusable="false" size={20} />
            <span>
              <Rich parts={t.rich("contact.emailOnly", { email: <a href={`mailto:${email}`}>{email}</a> })} />
            </span>
          </p>
        )}
      </section>
    </>
  );
}
