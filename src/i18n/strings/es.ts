import type { Strings } from "../strings.js";

/** The interface in Spanish. */
export const es: Strings = {
  // The frame of every page
  "layout.skipToContent": "Saltar al contenido",
  "layout.profile": "Perfil",
  "layout.menu": "Menú principal",
  "layout.copyright": "© {owner}",
  "layout.languages": "Idiomas",
  "topbar.search": "Buscar",
  "topbar.searchHint": "Buscar (pulsa / o Ctrl+K)",
  "topbar.darkTheme": "Tema oscuro",
  "sidebar.showContacts": "Mostrar contacto",
  "sidebar.email": "Correo electrónico",
  "sidebar.phone": "Teléfono",
  "sidebar.birthday": "Fecha de nacimiento",
  "sidebar.location": "Ubicación",
  "sidebar.socialLinks": "Redes sociales",
  "sidebar.downloadCv": "Descargar CV",

  // Pages: menu labels and titles
  "page.about": "Sobre mí",
  "page.resume": "Currículum",
  "page.projects": "Proyectos",
  "page.blogs": "Blog",
  "page.contact": "Contacto",
  "page.search": "Búsqueda",
  "page.title": "{page} | {owner}",
  "page.inCategory": "{page}: {category}",
  "page.numbered": "{page}, página {number} de {count}",
  "page.postsTagged": "Artículos con la etiqueta {tag}",
  "page.projectsTagged": "Proyectos con la etiqueta {tag}",
  "page.series": "Serie: {series}",

  // Descriptions for search engines and link previews
  "description.resume": "Formación, experiencia y competencias de {owner}, {jobTitle}.",
  "description.resumeJson": "Currículum de {owner} (JSON Resume)",
  "description.projects": "Proyectos destacados de {owner}: {titles} y más.",
  "description.projectsInCategory": "Proyectos de {owner} en la categoría {category}.",
  "description.blogs": "Artículos de {owner} sobre {categories}.",
  "description.contact": "Escribe a {owner}, {jobTitle}, sobre un proyecto, una oferta de empleo o cualquier consulta.",
  "description.contactWithLocation":
    "Escribe a {owner}, {jobTitle} en {location}, sobre un proyecto, una oferta de empleo o cualquier consulta.",
  "description.postsTagged": "Artículos de {owner} con la etiqueta {tag}.",
  "description.projectsTagged": "Proyectos de {owner} con la etiqueta {tag}.",
  "description.series": {
    one: "Una serie de {count} artículo de {owner}: {titles}.",
    many: "Una serie de {count} de artículos de {owner}: {titles}.",
    other: "Una serie de {count} artículos de {owner}: {titles}.",
  },
  "description.search": "Busca entre los artículos y proyectos de {owner}.",
  "description.ownerImage": "{owner}, {jobTitle}",

  // Feeds
  "feed.title": "{owner}: Blog",
  "feed.description": "Artículos de {owner}, {jobTitle}.",

  // About
  "about.services": "Qué hago",

  // Lists: filters and pagers
  "list.all": "Todos",
  "list.categoryPage": "{category}, página {number} de {count}",
  "list.pageOf": "Página {number} de {count}",
  "list.page": "Página {number}",
  "list.pages": "Páginas",
  "list.newer": "Más recientes",
  "list.older": "Más antiguos",
  "list.draft": "Borrador",
  "list.tags": "Etiquetas",
  "list.tagsOf": "Etiquetas de {title}",

  // The blog
  "blogs.allPosts": "Todos los artículos",
  "blogs.heading": "Artículos",
  "blogs.filter": "Filtrar artículos por categoría",
  "blogs.empty": "No hay artículos en esta categoría.",
  "blogs.pages": "Páginas del blog",
  "blogs.categoryPages": "Páginas de los artículos de {category}",
  "blogs.author": "Autor",
  "blogs.date": "Fecha",
  "blogs.category": "Categoría",

  // A post's page
  "post.imageAlt": "Ilustración de {title}",
  "post.draftNote": "Borrador: no publicado. Aparece aquí porque el sitio se generó con --drafts.",
  "post.readingTime": {
    one: "{count} min de lectura",
    many: "{count} min de lectura",
    other: "{count} min de lectura",
  },
  "post.seriesPlace": "Parte {part} de {count} de la serie {series}",
  "post.series": "Serie",
  "post.seriesParts": "Partes de la serie {series}",
  "post.related": "Artículos relacionados",
  "post.pager": "Más artículos",
  "post.newer": "Artículo más reciente",
  "post.older": "Artículo más antiguo",
  "post.readAll": "Lee el artículo completo en su página",

  // A series' page
  "series.eyebrow": "Serie",
  "series.parts": { one: "{count} parte", many: "{count} de partes", other: "{count} partes" },
  "series.part": "Parte {number}",

  // Tag pages
  "tag.postsEyebrow": "Artículos con la etiqueta",
  "tag.projectsEyebrow": "Proyectos con la etiqueta",
  "tag.postPages": "Páginas de los artículos con la etiqueta {tag}",
  "tag.projectPages": "Páginas de los proyectos con la etiqueta {tag}",

  // Projects
  "projects.allProjects": "Todos los proyectos",
  "projects.heading": "Proyectos destacados",
  "projects.filter": "Filtrar proyectos por categoría",
  "projects.empty": "No hay proyectos en esta categoría.",
  "projects.pages": "Páginas de los proyectos",
  "projects.categoryPages": "Páginas de los proyectos de {category}",
  "projects.other": "Otros proyectos",
  "projects.seeMore": "Descubre más de mi trabajo en {site}",
  "project.imageAlt": "Captura de pantalla de {title}",
  "project.when": "Cuándo",
  "project.year": "Año",
  "project.for": "Para",
  "project.category": "Categoría",
  "project.type": "Tipo de proyecto",
  "project.client": "Cliente",
  "project.roles": "Funciones",
  "project.languages": "Tecnologías",
  "project.preview": "Demo",
  "project.features": "Funcionalidades",
  "project.highlights": "Aspectos técnicos destacados",
  "project.components": "Componentes clave",
  "project.source": "Código fuente",
  "project.pager": "Más proyectos",
  "project.previous": "Proyecto anterior",
  "project.next": "Proyecto siguiente",
  "project.readAll": "Lee la descripción completa en la página del proyecto",

  // Dialogs and islands
  "dialog.close": "Cerrar",
  "dialog.loading": "Cargando el resto…",
  "island.failed": "Se ha producido un error inesperado.",

  // Table of contents
  "toc.summary": "Contenido",
  "toc.label": "Índice",

  // The Resume
  "resume.education": "Formación",
  "resume.experience": "Experiencia",
  "resume.volunteer": "Voluntariado",
  "resume.certificates": "Certificaciones",
  "resume.awards": "Premios",
  "resume.publications": "Publicaciones y charlas",
  "resume.skills": "Competencias técnicas",
  "resume.softSkills": "Habilidades interpersonales",
  "resume.languages": "Idiomas",
  "resume.interests": "Intereses",
  "resume.references": "Referencias",
  "resume.present": "actualidad",
  "resume.grade": "Calificación: {grade}",
  "resume.courses": "Asignaturas: {courses}",

  // Contact
  "contact.heading": "Contacta conmigo",
  "contact.preferEmail": "¿Prefieres el correo electrónico? Escribe a {email}.",
  "contact.emailOnly": "Escríbeme a {email}; respondo a todos los mensajes.",
  "contact.name": "Nombre",
  "contact.namePlaceholder": "Tu nombre",
  "contact.email": "Correo electrónico",
  "contact.emailPlaceholder": "tu@ejemplo.es",
  "contact.subject": "Asunto",
  "contact.subjectPlaceholder": "¿De qué se trata?",
  "contact.message": "Mensaje",
  "contact.messagePlaceholder": "Tu mensaje",
  "contact.sending": "Enviando…",
  "contact.send": "Enviar",
  "contact.sent": "¡Mensaje enviado! Te responderé en breve.",
  "contact.failed": "Error al enviar el mensaje.",

  // Search
  "search.label": "Buscar artículos y proyectos",
  "search.submit": "Buscar",
  "search.noScript":
    "La búsqueda necesita JavaScript, que está desactivado en este navegador. Consulta {posts} o {projects}.",
  "search.allPosts": "todos los artículos",
  "search.allProjects": "todos los proyectos",
  "search.browse": "Consulta {posts} o {projects}.",
  "search.searching": "Buscando…",
  "search.found": {
    zero: "No hay resultados para «{query}». Prueba con otra palabra.",
    one: "{count} resultado para «{query}»",
    many: "{count} de resultados para «{query}»",
    other: "{count} resultados para «{query}»",
  },
  "search.resultsFor": "Resultados para {query}",
  "search.more": "Más resultados",
  "search.failed": "No se ha podido cargar la búsqueda.",
  "search.kindPost": "Artículo",
  "search.kindProject": "Proyecto",
  "search.kindPage": "Página",
};
