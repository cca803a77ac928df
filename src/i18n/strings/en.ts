/**
 * Every word of the site's interface, in English: the dictionary the others follow. A key's message
 * is text with `{placeholders}`, or one text per plural form for a message about a `{count}`
 * (see message.ts). Another language's dictionary must have every key, with the same placeholders.
 */
export const en = {
  // The frame of every page
  "layout.skipToContent": "Skip to content",
  "layout.profile": "Profile",
  "layout.menu": "Main",
  "layout.copyright": "© {owner}",
  "layout.languages": "Languages",
  "topbar.search": "Search",
  "topbar.searchHint": "Search (press / or Ctrl+K)",
  "topbar.darkTheme": "Dark theme",
  "sidebar.showContacts": "Show contacts",
  "sidebar.email": "Email",
  "sidebar.phone": "Phone",
  "sidebar.birthday": "Birthday",
  "sidebar.location": "Location",
  "sidebar.socialLinks": "Social links",
  "sidebar.downloadCv": "Download CV",

  // Pages: menu labels and titles
  "page.about": "About",
  "page.resume": "Resume",
  "page.projects": "Projects",
  "page.blogs": "Blogs",
  "page.contact": "Contact",
  "page.search": "Search",
  "page.title": "{page} | {owner}",
  "page.inCategory": "{page}: {category}",
  "page.numbered": "{page}, page {number} of {count}",
  "page.postsTagged": "Posts tagged {tag}",
  "page.projectsTagged": "Projects tagged {tag}",
  "page.series": "Series: {series}",

  // Descriptions for search engines and link previews
  "description.resume": "Education, experience and skills of {owner}, {jobTitle}.",
  "description.resumeJson": "Résumé of {owner} (JSON Resume)",
  "description.projects": "Selected projects by {owner}: {titles} and more.",
  "description.projectsInCategory": "Projects by {owner} in {category}.",
  "description.blogs": "Writing by {owner} on {categories}.",
  "description.contact": "Write to {owner}, {jobTitle}, about a project, a role or a question.",
  "description.contactWithLocation":
    "Write to {owner}, {jobTitle} in {location}, about a project, a role or a question.",
  "description.postsTagged": "Posts by {owner} tagged {tag}.",
  "description.projectsTagged": "Projects by {owner} tagged {tag}.",
  "description.series": {
    one: "A series of {count} post by {owner}: {titles}.",
    other: "A series of {count} posts by {owner}: {titles}.",
  },
  "description.search": "Search the posts and projects of {owner}.",
  "description.ownerImage": "{owner}, {jobTitle}",

  // Feeds
  "feed.title": "{owner}: Blogs",
  "feed.description": "Writing by {owner}, {jobTitle}.",

  // About
  "about.services": "What I Do",

  // Lists: filters and pagers
  "list.all": "All",
  "list.categoryPage": "{category}, page {number} of {count}",
  "list.pageOf": "Page {number} of {count}",
  "list.page": "Page {number}",
  "list.pages": "Pages",
  "list.newer": "Newer",
  "list.older": "Older",
  "list.draft": "Draft",
  "list.tags": "Tags",
  "list.tagsOf": "Tags of {title}",

  // The blog
  "blogs.allPosts": "All posts",
  "blogs.heading": "Blog posts",
  "blogs.filter": "Filter blogs by category",
  "blogs.empty": "No blogs in the selected category.",
  "blogs.pages": "Pages of the blog",
  "blogs.categoryPages": "Pages of the {category} posts",
  "blogs.author": "Author",
  "blogs.date": "Date",
  "blogs.category": "Category",

  // A post's page
  "post.imageAlt": "Illustration for {title}",
  "post.draftNote": "Draft: not published. It is here because the site was built with --drafts.",
  "post.readingTime": { one: "{count} min read", other: "{count} min read" },
  "post.seriesPlace": "Part {part} of {count} in the series {series}",
  "post.series": "Series",
  "post.seriesParts": "Parts of the series {series}",
  "post.related": "Related posts",
  "post.pager": "More posts",
  "post.newer": "Newer post",
  "post.older": "Older post",
  "post.readAll": "Read it all on the post's own page",

  // A series' page
  "series.eyebrow": "Series",
  "series.parts": { one: "{count} part", other: "{count} parts" },
  "series.part": "Part {number}",

  // Tag pages
  "tag.postsEyebrow": "Posts tagged",
  "tag.projectsEyebrow": "Projects tagged",
  "tag.postPages": "Pages of the posts tagged {tag}",
  "tag.projectPages": "Pages of the projects tagged {tag}",

  // Projects
  "projects.allProjects": "All projects",
  "projects.heading": "Featured projects",
  "projects.filter": "Filter projects by category",
  "projects.empty": "No projects found in the selected category.",
  "projects.pages": "Pages of the projects",
  "projects.categoryPages": "Pages of the {category} projects",
  "projects.other": "Other Projects",
  "projects.seeMore": "See more of my work on {site}",
  "project.imageAlt": "Screenshot of {title}",
  "project.when": "When",
  "project.year": "Year",
  "project.for": "For",
  "project.category": "Category",
  "project.type": "Project type",
  "project.client": "Client",
  "project.roles": "Roles",
  "project.languages": "Languages",
  "project.preview": "Preview",
  "project.features": "Features",
  "project.highlights": "Technical highlights",
  "project.components": "Key components",
  "project.source": "Source code",
  "project.pager": "More projects",
  "project.previous": "Previous project",
  "project.next": "Next project",
  "project.readAll": "Read it all on the project's own page",

  // Dialogs and islands
  "dialog.close": "Close",
  "dialog.loading": "Loading the rest…",
  "island.failed": "Unexpected Application Error!",

  // Table of contents
  "toc.summary": "Contents",
  "toc.label": "Table of contents",

  // The Resume
  "resume.education": "Education",
  "resume.experience": "Experience",
  "resume.volunteer": "Volunteer work",
  "resume.certificates": "Certificates",
  "resume.awards": "Awards",
  "resume.publications": "Publications & talks",
  "resume.skills": "Technical skills",
  "resume.softSkills": "Soft skills",
  "resume.languages": "Languages",
  "resume.interests": "Interests",
  "resume.references": "References",
  "resume.present": "Present",
  "resume.grade": "Grade: {grade}",
  "resume.courses": "Courses: {courses}",

  // Contact
  "contact.heading": "Contact Us",
  "contact.preferEmail": "Prefer e-mail? Write to {email}.",
  "contact.emailOnly": "Write to me at {email}; I answer every message.",
  "contact.name": "Name",
  "contact.namePlaceholder": "Your name",
  "contact.email": "Email",
  "contact.emailPlaceholder": "you@example.com",
  "contact.subject": "Subject",
  "contact.subjectPlaceholder": "What is it about?",
  "contact.message": "Message",
  "contact.messagePlaceholder": "Your message",
  "contact.sending": "Loading...",
  "contact.send": "Submit",
  "contact.sent": "Email sent successfully! I'll contact you shortly.",
  "contact.failed": "Error sending email.",

  // Search
  "search.label": "Search posts and projects",
  "search.submit": "Search",
  "search.noScript": "Search needs JavaScript, which is off in this browser. Browse {posts} or {projects}.",
  "search.allPosts": "all posts",
  "search.allProjects": "all projects",
  "search.browse": "Browse {posts} or {projects}.",
  "search.searching": "Searching…",
  "search.found": {
    zero: "No results for “{query}”. Try another word.",
    one: "{count} result for “{query}”",
    other: "{count} results for “{query}”",
  },
  "search.resultsFor": "Results for {query}",
  "search.more": "More results",
  "search.failed": "Search could not be loaded.",
  "search.kindPost": "Post",
  "search.kindProject": "Project",
  "search.kindPage": "Page",
} as const;
