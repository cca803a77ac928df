import type { Strings } from "../strings.js";

/**
 * The interface in French. French typography puts a no-break space before a colon (`\u00A0`), and a
 * narrow one (`\u202F`) before `;`, `!` and `?` and inside « guillemets ».
 */
export const fr: Strings = {
  // The frame of every page
  "layout.skipToContent": "Aller au contenu",
  "layout.profile": "Profil",
  "layout.menu": "Menu principal",
  "layout.copyright": "© {owner}",
  "layout.languages": "Langues",
  "topbar.search": "Rechercher",
  "topbar.searchHint": "Rechercher (appuyez sur / ou Ctrl+K)",
  "topbar.darkTheme": "Thème sombre",
  "sidebar.showContacts": "Afficher les coordonnées",
  "sidebar.email": "E-mail",
  "sidebar.phone": "Téléphone",
  "sidebar.birthday": "Date de naissance",
  "sidebar.location": "Localisation",
  "sidebar.socialLinks": "Réseaux sociaux",
  "sidebar.downloadCv": "Télécharger le CV",

  // Pages: menu labels and titles
  "page.about": "À propos",
  "page.resume": "CV",
  "page.projects": "Projets",
  "page.blogs": "Blog",
  "page.contact": "Contact",
  "page.search": "Recherche",
  "page.title": "{page} | {owner}",
  "page.inCategory": "{page}\u00A0: {category}",
  "page.numbered": "{page}, page {number} sur {count}",
  "page.postsTagged": "Articles avec l’étiquette {tag}",
  "page.projectsTagged": "Projets avec l’étiquette {tag}",
  "page.series": "Série\u00A0: {series}",

  // Descriptions for search engines and link previews
  "description.resume": "Formation, expérience et compétences de {owner}, {jobTitle}.",
  "description.resumeJson": "CV de {owner} (JSON Resume)",
  "description.projects": "Une sélection de projets de {owner}\u00A0: {titles} et bien d’autres.",
  "description.projectsInCategory": "Projets de {owner} dans la catégorie {category}.",
  "description.blogs": "Articles de {owner} sur {categories}.",
  "description.contact": "Écrivez à {owner}, {jobTitle}, au sujet d’un projet, d’un poste ou d’une question.",
  "description.contactWithLocation":
    "Écrivez à {owner}, {jobTitle} à {location}, au sujet d’un projet, d’un poste ou d’une question.",
  "description.postsTagged": "Articles de {owner} avec l’étiquette {tag}.",
  "description.projectsTagged": "Projets de {owner} avec l’étiquette {tag}.",
  "description.series": {
    one: "Une série de {count} article de {owner}\u00A0: {titles}.",
    many: "Une série de {count} d’articles de {owner}\u00A0: {titles}.",
    other: "Une série de {count} articles de {owner}\u00A0: {titles}.",
  },
  "description.search": "Recherchez parmi les articles et les projets de {owner}.",
  "description.ownerImage": "{owner}, {jobTitle}",

  // Feeds
  "feed.title": "{owner}\u00A0: Blog",
  "feed.description": "Articles de {owner}, {jobTitle}.",

  // About
  "about.services": "Ce que je fais",

  // Lists: filters and pagers
  "list.all": "Tous",
  "list.categoryPage": "{category}, page {number} sur {count}",
  "list.pageOf": "Page {number} sur {count}",
  "list.page": "Page {number}",
  "list.pages": "Pages",
  "list.newer": "Plus récents",
  "list.older": "Plus anciens",
  "list.draft": "Brouillon",
  "list.tags": "Étiquettes",
  "list.tagsOf": "Étiquettes de {title}",

  // The blog
  "blogs.allPosts": "Tous les articles",
  "blogs.heading": "Articles",
  "blogs.filter": "Filtrer les articles par catégorie",
  "blogs.empty": "Aucun article dans cette catégorie.",
  "blogs.pages": "Pages du blog",
  "blogs.categoryPages": "Pages des articles de la catégorie {category}",
  "blogs.author": "Auteur",
  "blogs.date": "Date",
  "blogs.category": "Catégorie",

  // A post's page
  "post.imageAlt": "Illustration de {title}",
  "post.draftNote": "Brouillon\u00A0: non publié. Il apparaît ici parce que le site a été généré avec --drafts.",
  "post.readingTime": {
    one: "{count} min de lecture",
    many: "{count} min de lecture",
    other: "{count} min de lecture",
  },
  "post.seriesPlace": "Partie {part} sur {count} de la série {series}",
  "post.series": "Série",
  "post.seriesParts": "Parties de la série {series}",
  "post.related": "Articles similaires",
  "post.pager": "Autres articles",
  "post.newer": "Article plus récent",
  "post.older": "Article plus ancien",
  "post.readAll": "Lire l’article complet sur sa page",

  // A series' page
  "series.eyebrow": "Série",
  "series.parts": { one: "{count} partie", many: "{count} de parties", other: "{count} parties" },
  "series.part": "Partie {number}",

  // Tag pages
  "tag.postsEyebrow": "Articles avec l’étiquette",
  "tag.projectsEyebrow": "Projets avec l’étiquette",
  "tag.postPages": "Pages des articles avec l’étiquette {tag}",
  "tag.projectPages": "Pages des projets avec l’étiquette {tag}",

  // Projects
  "projects.allProjects": "Tous les projets",
  "projects.heading": "Projets phares",
  "projects.filter": "Filtrer les projets par catégorie",
  "projects.empty": "Aucun projet dans cette catégorie.",
  "projects.pages": "Pages des projets",
  "projects.categoryPages": "Pages des projets de la catégorie {category}",
  "projects.other": "Autres projets",
  "projects.seeMore": "Découvrez d’autres réalisations sur {site}",
  "project.imageAlt": "Capture d’écran de {title}",
  "project.when": "Période",
  "project.year": "Année",
  "project.for": "Pour",
  "project.category": "Catégorie",
  "project.type": "Type de projet",
  "project.client": "Client",
  "project.roles": "Rôles",
  "project.languages": "Technologies",
  "project.preview": "Démo",
  "project.features": "Fonctionnalités",
  "project.highlights": "Points techniques marquants",
  "project.components": "Composants clés",
  "project.source": "Code source",
  "project.pager": "Plus de projets",
  "project.previous": "Projet précédent",
  "project.next": "Projet suivant",
  "project.readAll": "Lire la description complète sur la page du projet",
  "github.heading": "Sur GitHub",
  "github.stars": { one: "{count} étoile", many: "{count} d’étoiles", other: "{count} étoiles" },
  "github.forks": { one: "{count} fork", many: "{count} de forks", other: "{count} forks" },
  "github.updated": "Mis à jour le {date}",
  "github.archived": "Archivé",
  "github.fork": "Fork",
  "github.figures": "Sur GitHub : {repository}",
  "comments.heading": "Commentaires",
  "comments.link": "Rejoindre la discussion sur GitHub",
  "comments.show": "Afficher les commentaires",
  "comments.note": "Les commentaires sont des discussions GitHub, affichées par giscus.app.",

  // Dialogs and islands
  "dialog.close": "Fermer",
  "dialog.loading": "Chargement de la suite…",
  "island.failed": "Une erreur inattendue s’est produite.",

  // Table of contents
  "toc.summary": "Sommaire",
  "toc.label": "Table des matières",

  "writing.note": "Remarque",
  "writing.tip": "Astuce",
  "writing.important": "Important",
  "writing.warning": "Avertissement",
  "writing.caution": "Attention",
  "writing.footnotes": "Notes de bas de page",
  "writing.backToReference": "Retour à la référence {label}",
  "writing.headingLink": "Lien vers cette section : {heading}",

  // The Resume
  "resume.education": "Formation",
  "resume.experience": "Expérience",
  "resume.volunteer": "Bénévolat",
  "resume.certificates": "Certifications",
  "resume.awards": "Distinctions",
  "resume.publications": "Publications et conférences",
  "resume.skills": "Compétences techniques",
  "resume.softSkills": "Compétences relationnelles",
  "resume.languages": "Langues",
  "resume.interests": "Centres d’intérêt",
  "resume.references": "Références",
  "resume.present": "aujourd’hui",
  "resume.grade": "Note\u00A0: {grade}",
  "resume.courses": "Cours\u00A0: {courses}",

  // Contact
  "contact.heading": "Contactez-moi",
  "contact.preferEmail": "Vous préférez l’e-mail\u202F? Écrivez à {email}.",
  "contact.emailOnly": "Écrivez-moi à {email}\u202F; je réponds à chaque message.",
  "contact.name": "Nom",
  "contact.namePlaceholder": "Votre nom",
  "contact.email": "E-mail",
  "contact.emailPlaceholder": "vous@exemple.fr",
  "contact.subject": "Objet",
  "contact.subjectPlaceholder": "De quoi s’agit-il\u202F?",
  "contact.message": "Message",
  "contact.messagePlaceholder": "Votre message",
  "contact.sending": "Envoi en cours…",
  "contact.send": "Envoyer",
  "contact.sent": "Message envoyé\u202F! Je vous répondrai très vite.",
  "contact.failed": "Erreur lors de l’envoi du message.",

  // Search
  "search.label": "Rechercher dans les articles et les projets",
  "search.submit": "Rechercher",
  "search.noScript":
    "La recherche nécessite JavaScript, qui est désactivé dans ce navigateur. Parcourez {posts} ou {projects}.",
  "search.allPosts": "tous les articles",
  "search.allProjects": "tous les projets",
  "search.browse": "Parcourez {posts} ou {projects}.",
  "search.searching": "Recherche en cours…",
  "search.found": {
    zero: "Aucun résultat pour «\u202F{query}\u202F». Essayez un autre mot.",
    one: "{count} résultat pour «\u202F{query}\u202F»",
    many: "{count} de résultats pour «\u202F{query}\u202F»",
    other: "{count} résultats pour «\u202F{query}\u202F»",
  },
  "search.resultsFor": "Résultats pour {query}",
  "search.more": "Plus de résultats",
  "search.failed": "Impossible de charger la recherche.",
  "search.kindPost": "Article",
  "search.kindProject": "Projet",
  "search.kindPage": "Page",
};
