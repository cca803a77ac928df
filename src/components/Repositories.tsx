import Archive from "lucide-react/icons/archive";
import GitFork from "lucide-react/icons/git-fork";
import Star from "lucide-react/icons/star";
import type { Repository } from "../integrations/github-repositories.js";
import { formatDate } from "../format-date.js";
import type { Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";

type RepositoryStrings = Translate<StringKey>;

/** The owner's repositories on GitHub as cards: the Projects page's last section, on its first page. */
export function RepositoryCards({ repositories, t }: { repositories: Repository[]; t: RepositoryStrings }) {
  return (
    <section className="repositories" aria-labelledby="github-repositories">
      <h2 id="github-repositories" className="h3">
        {t("github.heading")}
      </h2>
      <ul className="repository-list">
        {repositories.map((repository) => (
          <li key={repository.fullName} className="repository content-card">
            <h3 className="repository-name h4">
              <a href={repository.url} rel="noopener noreferrer" target="_blank">
                {repository.name}
              </a>
            </h3>
            {repository.description && <p className="repository-description">{repository.description}</p>}
            <RepositoryFigures repository={repository} t={t} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What GitHub says of a repository, in one line: its language (with linguist's colour), stars,
 * forks, and its last push. Numbers are short to the eye (1.2K) and whole to a screen reader.
 */
export function RepositoryFigures({
  repository,
  t,
  label,
}: {
  repository: Repository;
  t: RepositoryStrings;
  /** Names the list, where it stands alone (a project's page). */
  label?: string | undefined;
}) {
  const lang = t.lang;
  const short = new Intl.NumberFormat(lang, { notation: "compact", maximumFractionDigits: 1 });
  return (
    <ul className="repository-figures" aria-label={label}>
      {repository.language && (
        <li className="repository-language">
          {/* A presentation attribute, not a style: the policy forbids inline styles. */}
          <svg aria-hidden="true" focusable="false" width="10" height="10" viewBox="0 0 10 10">
            <circle cx="5" cy="5" r="5" fill={repository.languageColour ?? "currentColor"} />
          </svg>
          <span>{repository.language}</span>
        </li>
      )}
      <li>
        <Star aria-hidden="true" focusable="false" size={14} />
        <span aria-hidden="true">{short.format(repository.stars)}</span>
        <span className="visually-hidden">{t("github.stars", { count: repository.stars })}</span>
      </li>
      <li>
        <GitFork aria-hidden="true" focusable="false" size={14} />
        <span aria-hidden="true">{short.format(repository.forks)}</span>
        <span className="visually-hidden">{t("github.forks", { count: repository.forks })}</span>
      </li>
      {repository.pushedAt && (
        <li>
          <time dateTime={repository.pushedAt}>
            {t("github.updated", { date: formatDate(repository.pushedAt.slice(0, 10), lang) })}
          </time>
        </li>
      )}
      {repository.archived && (
        <li className="repository-badge">
          <Archive aria-hidden="true" focusable="false" size={14} />
          <span>{t("github.archived")}</span>
        </li>
      )}
      {repository.fork && <li className="repository-badge">{t("github.fork")}</li>}
    </ul>
  );
}
