import type { Strings } from "../strings.js";

/** The interface in Italian. */
export const it: Strings = {
  // The frame of every page
  "layout.skipToContent": "Vai al contenuto",
  "layout.profile": "Profilo",
  "layout.menu": "Menu principale",
  "layout.copyright": "© {owner}",
  "layout.languages": "Lingue",
  "topbar.search": "Cerca",
  "topbar.searchHint": "Cerca (premi / o Ctrl+K)",
  "topbar.darkTheme": "Tema scuro",
  "sidebar.showContacts": "Mostra i contatti",
  "sidebar.email": "E-mail",
  "sidebar.phone": "Telefono",
  "sidebar.birthday": "Data di nascita",
  "sidebar.location": "Località",
  "sidebar.socialLinks": "Profili social",
  "sidebar.downloadCv": "Scarica il CV",

  // Pages: menu labels and titles
  "page.about": "Chi sono",
  "page.resume": "Curriculum",
  "page.projects": "Progetti",
  "page.blogs": "Blog",
  "page.contact": "Contatti",
  "page.search": "Ricerca",
  "page.title": "{page} | {owner}",
  "page.inCategory": "{page}: {category}",
  "page.numbered": "{page}, pagina {number} di {count}",
  "page.postsTagged": "Articoli con il tag {tag}",
  "page.projectsTagged": "Progetti con il tag {tag}",
  "page.series": "Serie: {series}",

  // Descriptions for search engines and link previews
  "description.resume": "Formazione, esperienza e competenze di {owner}, {jobTitle}.",
  "description.resumeJson": "Curriculum di {owner} (JSON Resume)",
  "description.projects": "Una selezione dei progetti di {owner}: {titles} e altri ancora.",
  "description.projectsInCategory": "Progetti di {owner} nella categoria {category}.",
  "description.blogs": "Articoli di {owner} su {categories}.",
  "description.contact": "Scrivi a {owner}, {jobTitle}, per un progetto, una proposta di lavoro o una domanda.",
  "description.contactWithLocation":
    "Scrivi a {owner}, {jobTitle} a {location}, per un progetto, una proposta di lavoro o una domanda.",
  "description.postsTagged": "Articoli di {owner} con il tag {tag}.",
  "description.projectsTagged": "Progetti di {owner} con il tag {tag}.",
  "description.series": {
    one: "Una serie di {count} articolo di {owner}: {titles}.",
    many: "Una serie di {count} di articoli di {owner}: {titles}.",
    other: "Una serie di {count} articoli di {owner}: {titles}.",
  },
  "description.search": "Cerca tra gli articoli e i progetti di {owner}.",
  "description.ownerImage": "{owner}, {jobTitle}",

  // Feeds
  "feed.title": "{owner}: Blog",
  "feed.description": "Articoli di {owner}, {jobTitle}.",

  // About
  "about.services": "Di cosa mi occupo",

  // Lists: filters and pagers
  "list.all": "Tutti",
  "list.categoryPage": "{category}, pagina {number} di {count}",
  "list.pageOf": "Pagina {number} di {count}",
  "list.page": "Pagina {number}",
  "list.pages": "Pagine",
  "list.newer": "Più recenti",
  "list.older": "Meno recenti",
  "list.draft": "Bozza",
  "list.tags": "Tag",
  "list.tagsOf": "Tag di {title}",

  // The blog
  "blogs.allPosts": "Tutti gli articoli",
  "blogs.heading": "Articoli",
  "blogs.filter": "Filtra gli articoli per categoria",
  "blogs.empty": "Nessun articolo in questa categoria.",
  "blogs.pages": "Pagine del blog",
  "blogs.categoryPages": "Pagine degli articoli in {category}",
  "blogs.author": "Autore",
  "blogs.date": "Data",
  "blogs.category": "Categoria",

  // A post's page
  "post.imageAlt": "Illustrazione per {title}",
  "post.draftNote": "Bozza: non pubblicata. Compare qui perché il sito è stato generato con --drafts.",
  "post.readingTime": {
    one: "{count} min di lettura",
    many: "{count} min di lettura",
    other: "{count} min di lettura",
  },
  "post.seriesPlace": "Parte {part} di {count} della serie {series}",
  "post.series": "Serie",
  "post.seriesParts": "Parti della serie {series}",
  "post.related": "Articoli correlati",
  "post.pager": "Altri articoli",
  "post.newer": "Articolo più recente",
  "post.older": "Articolo meno recente",
  "post.readAll": "Leggi l’articolo completo nella sua pagina",

  // A series' page
  "series.eyebrow": "Serie",
  "series.parts": { one: "{count} parte", many: "{count} di parti", other: "{count} parti" },
  "series.part": "Parte {number}",

  // Tag pages
  "tag.postsEyebrow": "Articoli con il tag",
  "tag.projectsEyebrow": "Progetti con il tag",
  "tag.postPages": "Pagine degli articoli con il tag {tag}",
  "tag.projectPages": "Pagine dei progetti con il tag {tag}",

  // Projects
  "projects.allProjects": "Tutti i progetti",
  "projects.heading": "Progetti in evidenza",
  "projects.filter": "Filtra i progetti per categoria",
  "projects.empty": "Nessun progetto in questa categoria.",
  "projects.pages": "Pagine dei progetti",
  "projects.categoryPages": "Pagine dei progetti in {category}",
  "projects.other": "Altri progetti",
  "projects.seeMore": "Scopri altri miei lavori su {site}",
  "project.imageAlt": "Schermata di {title}",
  "project.when": "Periodo",
  "project.year": "Anno",
  "project.for": "Per",
  "project.category": "Categoria",
  "project.type": "Tipo di progetto",
  "project.client": "Cliente",
  "project.roles": "Ruoli",
  "project.languages": "Tecnologie",
  "project.preview": "Demo",
  "project.features": "Funzionalità",
  "project.highlights": "Aspetti tecnici salienti",
  "project.components": "Componenti principali",
  "project.source": "Codice sorgente",
  "project.pager": "Altri progetti",
  "project.previous": "Progetto precedente",
  "project.next": "Progetto successivo",
  "project.readAll": "Leggi la descrizione completa nella pagina del progetto",

  // Dialogs and islands
  "dialog.close": "Chiudi",
  "dialog.loading": "Caricamento del resto…",
  "island.failed": "Si è verificato un errore imprevisto.",

  // Table of contents
  "toc.summary": "Contenuti",
  "toc.label": "Indice",

  // The Resume
  "resume.education": "Formazione",
  "resume.experience": "Esperienza",
  "resume.volunteer": "Volontariato",
  "resume.certificates": "Certificazioni",
  "resume.awards": "Premi",
  "resume.publications": "Pubblicazioni e interventi",
  "resume.skills": "Competenze tecniche",
  "resume.softSkills": "Competenze trasversali",
  "resume.languages": "Lingue",
  "resume.interests": "Interessi",
  "resume.references": "Referenze",
  "resume.present": "oggi",
  "resume.grade": "Voto: {grade}",
  "resume.courses": "Corsi: {courses}",

  // Contact
  "contact.heading": "Contattami",
  "contact.preferEmail": "Preferisci l’e-mail? Scrivi a {email}.",
  "contact.emailOnly": "Scrivimi a {email}: rispondo a tutti i messaggi.",
  "contact.name": "Nome",
  "contact.namePlaceholder": "Il tuo nome",
  "contact.email": "E-mail",
  "contact.emailPlaceholder": "tu@esempio.it",
  "contact.subject": "Oggetto",
  "contact.subjectPlaceholder": "Di cosa si tratta?",
  "contact.message": "Messaggio",
  "contact.messagePlaceholder": "Il tuo messaggio",
  "contact.sending": "Invio in corso…",
  "contact.send": "Invia",
  "contact.sent": "Messaggio inviato! Ti risponderò al più presto.",
  "contact.failed": "Errore durante l’invio del messaggio.",

  // Search
  "search.label": "Cerca negli articoli e nei progetti",
  "search.submit": "Cerca",
  "search.noScript":
    "La ricerca richiede JavaScript, che in questo browser è disattivato. Sfoglia {posts} o {projects}.",
  "search.allPosts": "tutti gli articoli",
  "search.allProjects": "tutti i progetti",
  "search.browse": "Sfoglia {posts} o {projects}.",
  "search.searching": "Ricerca in corso…",
  "search.found": {
    zero: "Nessun risultato per «{query}». Prova con un’altra parola.",
    one: "{count} risultato per «{query}»",
    many: "{count} di risultati per «{query}»",
    other: "{count} risultati per «{query}»",
  },
  "search.resultsFor": "Risultati per {query}",
  "search.more": "Altri risultati",
  "search.failed": "Impossibile caricare la ricerca.",
  "search.kindPost": "Articolo",
  "search.kindProject": "Progetto",
  "search.kindPage": "Pagina",
};
