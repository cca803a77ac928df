import type { Strings } from "../strings.js";

/** The interface in German (the visitor is addressed as "Sie"). */
export const de: Strings = {
  // The frame of every page
  "layout.skipToContent": "Zum Inhalt springen",
  "layout.profile": "Profil",
  "layout.menu": "Hauptmenü",
  "layout.copyright": "© {owner}",
  "layout.languages": "Sprachen",
  "topbar.search": "Suchen",
  "topbar.searchHint": "Suchen (/ oder Ctrl+K drücken)",
  "topbar.darkTheme": "Dunkles Design",
  "sidebar.showContacts": "Kontaktdaten anzeigen",
  "sidebar.email": "E-Mail",
  "sidebar.phone": "Telefon",
  "sidebar.birthday": "Geburtstag",
  "sidebar.location": "Standort",
  "sidebar.socialLinks": "Soziale Netzwerke",
  "sidebar.downloadCv": "Lebenslauf herunterladen",

  // Pages: menu labels and titles
  "page.about": "Über mich",
  "page.resume": "Lebenslauf",
  "page.projects": "Projekte",
  "page.blogs": "Blog",
  "page.contact": "Kontakt",
  "page.search": "Suche",
  "page.title": "{page} | {owner}",
  "page.inCategory": "{page}: {category}",
  "page.numbered": "{page}, Seite {number} von {count}",
  "page.postsTagged": "Beiträge mit dem Schlagwort {tag}",
  "page.projectsTagged": "Projekte mit dem Schlagwort {tag}",
  "page.series": "Serie: {series}",

  // Descriptions for search engines and link previews
  "description.resume": "Ausbildung, Berufserfahrung und Kenntnisse von {owner}, {jobTitle}.",
  "description.resumeJson": "Lebenslauf von {owner} (JSON Resume)",
  "description.projects": "Ausgewählte Projekte von {owner}: {titles} und mehr.",
  "description.projectsInCategory": "Projekte von {owner} in der Kategorie {category}.",
  "description.blogs": "Beiträge von {owner} über {categories}.",
  "description.contact": "Schreiben Sie {owner}, {jobTitle}, zu einem Projekt, einer Stelle oder einer Frage.",
  "description.contactWithLocation":
    "Schreiben Sie {owner}, {jobTitle} in {location}, zu einem Projekt, einer Stelle oder einer Frage.",
  "description.postsTagged": "Beiträge von {owner} mit dem Schlagwort {tag}.",
  "description.projectsTagged": "Projekte von {owner} mit dem Schlagwort {tag}.",
  "description.series": {
    one: "Eine Serie aus {count} Beitrag von {owner}: {titles}.",
    other: "Eine Serie aus {count} Beiträgen von {owner}: {titles}.",
  },
  "description.search": "Durchsuchen Sie die Beiträge und Projekte von {owner}.",
  "description.ownerImage": "{owner}, {jobTitle}",

  // Feeds
  "feed.title": "{owner}: Blog",
  "feed.description": "Beiträge von {owner}, {jobTitle}.",

  // About
  "about.services": "Meine Leistungen",

  // Lists: filters and pagers
  "list.all": "Alle",
  "list.categoryPage": "{category}, Seite {number} von {count}",
  "list.pageOf": "Seite {number} von {count}",
  "list.page": "Seite {number}",
  "list.pages": "Seiten",
  "list.newer": "Neuer",
  "list.older": "Älter",
  "list.draft": "Entwurf",
  "list.tags": "Schlagwörter",
  "list.tagsOf": "Schlagwörter zu {title}",

  // The blog
  "blogs.allPosts": "Alle Beiträge",
  "blogs.heading": "Blogbeiträge",
  "blogs.filter": "Beiträge nach Kategorie filtern",
  "blogs.empty": "In dieser Kategorie gibt es keine Beiträge.",
  "blogs.pages": "Seiten des Blogs",
  "blogs.categoryPages": "Seiten der Beiträge in {category}",
  "blogs.author": "Autor",
  "blogs.date": "Datum",
  "blogs.category": "Kategorie",

  // A post's page
  "post.imageAlt": "Illustration zu {title}",
  "post.draftNote": "Entwurf: nicht veröffentlicht. Er erscheint hier, weil die Website mit --drafts erstellt wurde.",
  "post.readingTime": { one: "{count} Min. Lesezeit", other: "{count} Min. Lesezeit" },
  "post.seriesPlace": "Teil {part} von {count} der Serie {series}",
  "post.series": "Serie",
  "post.seriesParts": "Teile der Serie {series}",
  "post.related": "Ähnliche Beiträge",
  "post.pager": "Weitere Beiträge",
  "post.newer": "Neuerer Beitrag",
  "post.older": "Älterer Beitrag",
  "post.readAll": "Den ganzen Beitrag auf seiner eigenen Seite lesen",

  // A series' page
  "series.eyebrow": "Serie",
  "series.parts": { one: "{count} Teil", other: "{count} Teile" },
  "series.part": "Teil {number}",

  // Tag pages
  "tag.postsEyebrow": "Beiträge mit dem Schlagwort",
  "tag.projectsEyebrow": "Projekte mit dem Schlagwort",
  "tag.postPages": "Seiten der Beiträge mit dem Schlagwort {tag}",
  "tag.projectPages": "Seiten der Projekte mit dem Schlagwort {tag}",

  // Projects
  "projects.allProjects": "Alle Projekte",
  "projects.heading": "Ausgewählte Projekte",
  "projects.filter": "Projekte nach Kategorie filtern",
  "projects.empty": "In dieser Kategorie wurden keine Projekte gefunden.",
  "projects.pages": "Seiten der Projekte",
  "projects.categoryPages": "Seiten der Projekte in {category}",
  "projects.other": "Weitere Projekte",
  "projects.seeMore": "Mehr von meiner Arbeit auf {site}",
  "project.imageAlt": "Screenshot von {title}",
  "project.when": "Zeitraum",
  "project.year": "Jahr",
  "project.for": "Für",
  "project.category": "Kategorie",
  "project.type": "Projektart",
  "project.client": "Auftraggeber",
  "project.roles": "Rollen",
  "project.languages": "Technologien",
  "project.preview": "Live-Demo",
  "project.features": "Funktionen",
  "project.highlights": "Technische Besonderheiten",
  "project.components": "Zentrale Komponenten",
  "project.source": "Quellcode",
  "project.pager": "Mehr Projekte",
  "project.previous": "Vorheriges Projekt",
  "project.next": "Nächstes Projekt",
  "project.readAll": "Die ganze Beschreibung auf der Projektseite lesen",

  // Dialogs and islands
  "dialog.close": "Schließen",
  "dialog.loading": "Der Rest wird geladen…",
  "island.failed": "Ein unerwarteter Fehler ist aufgetreten.",

  // Table of contents
  "toc.summary": "Inhalt",
  "toc.label": "Inhaltsverzeichnis",

  // The Resume
  "resume.education": "Ausbildung",
  "resume.experience": "Berufserfahrung",
  "resume.volunteer": "Ehrenamt",
  "resume.certificates": "Zertifikate",
  "resume.awards": "Auszeichnungen",
  "resume.publications": "Veröffentlichungen und Vorträge",
  "resume.skills": "Fachkenntnisse",
  "resume.softSkills": "Soziale Kompetenzen",
  "resume.languages": "Sprachen",
  "resume.interests": "Interessen",
  "resume.references": "Referenzen",
  "resume.present": "heute",
  "resume.grade": "Note: {grade}",
  "resume.courses": "Kurse: {courses}",

  // Contact
  "contact.heading": "Kontakt aufnehmen",
  "contact.preferEmail": "Lieber per E-Mail? Schreiben Sie an {email}.",
  "contact.emailOnly": "Schreiben Sie mir an {email} – ich beantworte jede Nachricht.",
  "contact.name": "Name",
  "contact.namePlaceholder": "Ihr Name",
  "contact.email": "E-Mail",
  "contact.emailPlaceholder": "name@beispiel.de",
  "contact.subject": "Betreff",
  "contact.subjectPlaceholder": "Worum geht es?",
  "contact.message": "Nachricht",
  "contact.messagePlaceholder": "Ihre Nachricht",
  "contact.sending": "Wird gesendet…",
  "contact.send": "Senden",
  "contact.sent": "Nachricht erfolgreich gesendet! Ich melde mich in Kürze.",
  "contact.failed": "Beim Senden der Nachricht ist ein Fehler aufgetreten.",

  // Search
  "search.label": "Beiträge und Projekte durchsuchen",
  "search.submit": "Suchen",
  "search.noScript":
    "Die Suche benötigt JavaScript, das in diesem Browser deaktiviert ist. Sehen Sie sich {posts} oder {projects} an.",
  "search.allPosts": "alle Beiträge",
  "search.allProjects": "alle Projekte",
  "search.browse": "Sehen Sie sich {posts} oder {projects} an.",
  "search.searching": "Suche läuft…",
  "search.found": {
    zero: "Keine Ergebnisse für „{query}“. Versuchen Sie es mit einem anderen Wort.",
    one: "{count} Ergebnis für „{query}“",
    other: "{count} Ergebnisse für „{query}“",
  },
  "search.resultsFor": "Ergebnisse für {query}",
  "search.more": "Weitere Ergebnisse",
  "search.failed": "Die Suche konnte nicht geladen werden.",
  "search.kindPost": "Beitrag",
  "search.kindProject": "Projekt",
  "search.kindPage": "Seite",
};
