import type { Strings } from "../strings.js";

/** The interface in (European) Portuguese. */
export const pt: Strings = {
  // The frame of every page
  "layout.skipToContent": "Saltar para o conteúdo",
  "layout.profile": "Perfil",
  "layout.menu": "Menu principal",
  "layout.copyright": "© {owner}",
  "layout.languages": "Idiomas",
  "topbar.search": "Pesquisar",
  "topbar.searchHint": "Pesquisar (prima / ou Ctrl+K)",
  "topbar.darkTheme": "Tema escuro",
  "sidebar.showContacts": "Mostrar contactos",
  "sidebar.email": "E-mail",
  "sidebar.phone": "Telefone",
  "sidebar.birthday": "Data de nascimento",
  "sidebar.location": "Localização",
  "sidebar.socialLinks": "Redes sociais",
  "sidebar.downloadCv": "Descarregar CV",

  // Pages: menu labels and titles
  "page.about": "Sobre mim",
  "page.resume": "Currículo",
  "page.projects": "Projetos",
  "page.blogs": "Blogue",
  "page.contact": "Contacto",
  "page.search": "Pesquisa",
  "page.title": "{page} | {owner}",
  "page.inCategory": "{page}: {category}",
  "page.numbered": "{page}, página {number} de {count}",
  "page.postsTagged": "Artigos com a etiqueta {tag}",
  "page.projectsTagged": "Projetos com a etiqueta {tag}",
  "page.series": "Série: {series}",

  // Descriptions for search engines and link previews
  "description.resume": "Formação, experiência e competências de {owner}, {jobTitle}.",
  "description.resumeJson": "Currículo de {owner} (JSON Resume)",
  "description.projects": "Projetos selecionados de {owner}: {titles} e outros.",
  "description.projectsInCategory": "Projetos de {owner} na categoria {category}.",
  "description.blogs": "Artigos de {owner} sobre {categories}.",
  "description.contact": "Escreva a {owner}, {jobTitle}, sobre um projeto, uma proposta de trabalho ou uma dúvida.",
  "description.contactWithLocation":
    "Escreva a {owner}, {jobTitle} ({location}), sobre um projeto, uma proposta de trabalho ou uma dúvida.",
  "description.postsTagged": "Artigos de {owner} com a etiqueta {tag}.",
  "description.projectsTagged": "Projetos de {owner} com a etiqueta {tag}.",
  "description.series": {
    one: "Uma série de {count} artigo de {owner}: {titles}.",
    many: "Uma série de {count} de artigos de {owner}: {titles}.",
    other: "Uma série de {count} artigos de {owner}: {titles}.",
  },
  "description.search": "Pesquise os artigos e projetos de {owner}.",
  "description.ownerImage": "{owner}, {jobTitle}",

  // Feeds
  "feed.title": "{owner}: Blogue",
  "feed.description": "Artigos de {owner}, {jobTitle}.",

  // About
  "about.services": "O que faço",

  // Lists: filters and pagers
  "list.all": "Todos",
  "list.categoryPage": "{category}, página {number} de {count}",
  "list.pageOf": "Página {number} de {count}",
  "list.page": "Página {number}",
  "list.pages": "Páginas",
  "list.newer": "Mais recentes",
  "list.older": "Mais antigos",
  "list.draft": "Rascunho",
  "list.tags": "Etiquetas",
  "list.tagsOf": "Etiquetas de {title}",

  // The blog
  "blogs.allPosts": "Todos os artigos",
  "blogs.heading": "Artigos",
  "blogs.filter": "Filtrar artigos por categoria",
  "blogs.empty": "Não há artigos nesta categoria.",
  "blogs.pages": "Páginas do blogue",
  "blogs.categoryPages": "Páginas dos artigos de {category}",
  "blogs.author": "Autor",
  "blogs.date": "Data",
  "blogs.category": "Categoria",

  // A post's page
  "post.imageAlt": "Ilustração de {title}",
  "post.draftNote": "Rascunho: não publicado. Aparece aqui porque o site foi gerado com --drafts.",
  "post.readingTime": {
    one: "{count} min de leitura",
    many: "{count} min de leitura",
    other: "{count} min de leitura",
  },
  "post.seriesPlace": "Parte {part} de {count} da série {series}",
  "post.series": "Série",
  "post.seriesParts": "Partes da série {series}",
  "post.related": "Artigos relacionados",
  "post.pager": "Mais artigos",
  "post.newer": "Artigo mais recente",
  "post.older": "Artigo mais antigo",
  "post.readAll": "Ler o artigo completo na sua página",

  // A series' page
  "series.eyebrow": "Série",
  "series.parts": { one: "{count} parte", many: "{count} de partes", other: "{count} partes" },
  "series.part": "Parte {number}",

  // Tag pages
  "tag.postsEyebrow": "Artigos com a etiqueta",
  "tag.projectsEyebrow": "Projetos com a etiqueta",
  "tag.postPages": "Páginas dos artigos com a etiqueta {tag}",
  "tag.projectPages": "Páginas dos projetos com a etiqueta {tag}",

  // Projects
  "projects.allProjects": "Todos os projetos",
  "projects.heading": "Projetos em destaque",
  "projects.filter": "Filtrar projetos por categoria",
  "projects.empty": "Não há projetos nesta categoria.",
  "projects.pages": "Páginas dos projetos",
  "projects.categoryPages": "Páginas dos projetos de {category}",
  "projects.other": "Outros projetos",
  "projects.seeMore": "Veja mais do meu trabalho em {site}",
  "project.imageAlt": "Captura de ecrã de {title}",
  "project.when": "Quando",
  "project.year": "Ano",
  "project.for": "Para",
  "project.category": "Categoria",
  "project.type": "Tipo de projeto",
  "project.client": "Cliente",
  "project.roles": "Funções",
  "project.languages": "Tecnologias",
  "project.preview": "Demonstração",
  "project.features": "Funcionalidades",
  "project.highlights": "Destaques técnicos",
  "project.components": "Componentes principais",
  "project.source": "Código-fonte",
  "project.pager": "Mais projetos",
  "project.previous": "Projeto anterior",
  "project.next": "Projeto seguinte",
  "project.readAll": "Ler a descrição completa na página do projeto",

  // Dialogs and islands
  "dialog.close": "Fechar",
  "dialog.loading": "A carregar o resto…",
  "island.failed": "Ocorreu um erro inesperado.",

  // Table of contents
  "toc.summary": "Conteúdo",
  "toc.label": "Índice",

  // The Resume
  "resume.education": "Formação",
  "resume.experience": "Experiência",
  "resume.volunteer": "Voluntariado",
  "resume.certificates": "Certificações",
  "resume.awards": "Prémios",
  "resume.publications": "Publicações e palestras",
  "resume.skills": "Competências técnicas",
  "resume.softSkills": "Competências interpessoais",
  "resume.languages": "Línguas",
  "resume.interests": "Interesses",
  "resume.references": "Referências",
  "resume.present": "presente",
  "resume.grade": "Classificação: {grade}",
  "resume.courses": "Unidades curriculares: {courses}",

  // Contact
  "contact.heading": "Entre em contacto",
  "contact.preferEmail": "Prefere o e-mail? Escreva para {email}.",
  "contact.emailOnly": "Escreva-me para {email}; respondo a todas as mensagens.",
  "contact.name": "Nome",
  "contact.namePlaceholder": "O seu nome",
  "contact.email": "E-mail",
  "contact.emailPlaceholder": "voce@exemplo.pt",
  "contact.subject": "Assunto",
  "contact.subjectPlaceholder": "Qual é o assunto?",
  "contact.message": "Mensagem",
  "contact.messagePlaceholder": "A sua mensagem",
  "contact.sending": "A enviar…",
  "contact.send": "Enviar",
  "contact.sent": "Mensagem enviada com sucesso! Entrarei em contacto em breve.",
  "contact.failed": "Erro ao enviar a mensagem.",

  // Search
  "search.label": "Pesquisar artigos e projetos",
  "search.submit": "Pesquisar",
  "search.noScript":
    "A pesquisa precisa de JavaScript, que está desativado neste navegador. Consulte {posts} ou {projects}.",
  "search.allPosts": "todos os artigos",
  "search.allProjects": "todos os projetos",
  "search.browse": "Consulte {posts} ou {projects}.",
  "search.searching": "A pesquisar…",
  "search.found": {
    zero: "Sem resultados para «{query}». Experimente outra palavra.",
    one: "{count} resultado para «{query}»",
    many: "{count} de resultados para «{query}»",
    other: "{count} resultados para «{query}»",
  },
  "search.resultsFor": "Resultados para {query}",
  "search.more": "Mais resultados",
  "search.failed": "Não foi possível carregar a pesquisa.",
  "search.kindPost": "Artigo",
  "search.kindProject": "Projeto",
  "search.kindPage": "Página",
};
