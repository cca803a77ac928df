import type { Strings } from "../strings.js";

/**
 * The interface in Modern Standard Arabic. A count's noun follows Arabic's rules: one and two are
 * said without the number (نتيجة واحدة، نتيجتان), 3–10 take a plural, 11–99 a singular in the
 * accusative, 100 and up a singular.
 */
export const ar: Strings = {
  // The frame of every page
  "layout.skipToContent": "انتقل إلى المحتوى",
  "layout.profile": "الملف الشخصي",
  "layout.menu": "القائمة الرئيسية",
  "layout.copyright": "© {owner}",
  "layout.languages": "اللغات",
  "topbar.search": "بحث",
  "topbar.searchHint": "بحث (اضغط / أو Ctrl+K)",
  "topbar.darkTheme": "الوضع الداكن",
  "sidebar.showContacts": "عرض بيانات التواصل",
  "sidebar.email": "البريد الإلكتروني",
  "sidebar.phone": "الهاتف",
  "sidebar.birthday": "تاريخ الميلاد",
  "sidebar.location": "الموقع",
  "sidebar.socialLinks": "حسابات التواصل الاجتماعي",
  "sidebar.downloadCv": "تنزيل السيرة الذاتية",

  // Pages: menu labels and titles
  "page.about": "نبذة عني",
  "page.resume": "السيرة الذاتية",
  "page.projects": "المشاريع",
  "page.blogs": "المدونة",
  "page.contact": "اتصل بي",
  "page.search": "البحث",
  "page.title": "{page} | {owner}",
  "page.inCategory": "{page}: {category}",
  "page.numbered": "{page}، الصفحة {number} من {count}",
  "page.postsTagged": "المقالات ذات الوسم {tag}",
  "page.projectsTagged": "المشاريع ذات الوسم {tag}",
  "page.series": "سلسلة: {series}",

  // Descriptions for search engines and link previews
  "description.resume": "المسيرة التعليمية والمهنية ومهارات {owner}، {jobTitle}.",
  "description.resumeJson": "سيرة {owner} الذاتية (JSON Resume)",
  "description.projects": "مشاريع مختارة من أعمال {owner}: {titles} وغيرها.",
  "description.projectsInCategory": "مشاريع {owner} في فئة {category}.",
  "description.blogs": "مقالات بقلم {owner} حول {categories}.",
  "description.contact": "راسل {owner}، {jobTitle}، بشأن مشروع أو فرصة عمل أو أي استفسار.",
  "description.contactWithLocation": "راسل {owner}، {jobTitle} في {location}، بشأن مشروع أو فرصة عمل أو أي استفسار.",
  "description.postsTagged": "مقالات {owner} ذات الوسم {tag}.",
  "description.projectsTagged": "مشاريع {owner} ذات الوسم {tag}.",
  "description.series": {
    zero: "سلسلة مقالات بقلم {owner}: {titles}.",
    one: "سلسلة من مقالة واحدة بقلم {owner}: {titles}.",
    two: "سلسلة من مقالتين بقلم {owner}: {titles}.",
    few: "سلسلة من {count} مقالات بقلم {owner}: {titles}.",
    many: "سلسلة من {count} مقالة بقلم {owner}: {titles}.",
    other: "سلسلة من {count} مقالة بقلم {owner}: {titles}.",
  },
  "description.search": "ابحث في مقالات ومشاريع {owner}.",
  "description.ownerImage": "{owner}، {jobTitle}",

  // Feeds
  "feed.title": "{owner}: المدونة",
  "feed.description": "مقالات بقلم {owner}، {jobTitle}.",

  // About
  "about.services": "ما أقدّمه",

  // Lists: filters and pagers
  "list.all": "الكل",
  "list.categoryPage": "{category}، الصفحة {number} من {count}",
  "list.pageOf": "الصفحة {number} من {count}",
  "list.page": "الصفحة {number}",
  "list.pages": "الصفحات",
  "list.newer": "الأحدث",
  "list.older": "الأقدم",
  "list.draft": "مسودة",
  "list.tags": "الوسوم",
  "list.tagsOf": "وسوم {title}",

  // The blog
  "blogs.allPosts": "كل المقالات",
  "blogs.heading": "مقالات المدونة",
  "blogs.filter": "تصفية المقالات حسب الفئة",
  "blogs.empty": "لا توجد مقالات في الفئة المختارة.",
  "blogs.pages": "صفحات المدونة",
  "blogs.categoryPages": "صفحات مقالات فئة {category}",
  "blogs.author": "الكاتب",
  "blogs.date": "التاريخ",
  "blogs.category": "الفئة",

  // A post's page
  "post.imageAlt": "صورة توضيحية لمقالة {title}",
  "post.draftNote": "مسودة: غير منشورة. تظهر هنا لأن الموقع بُني باستخدام الخيار --drafts.",
  "post.readingTime": {
    zero: "قراءة في أقل من دقيقة",
    one: "قراءة في دقيقة واحدة",
    two: "قراءة في دقيقتين",
    few: "قراءة في {count} دقائق",
    many: "قراءة في {count} دقيقة",
    other: "قراءة في {count} دقيقة",
  },
  "post.seriesPlace": "الجزء {part} من {count} في سلسلة {series}",
  "post.series": "السلسلة",
  "post.seriesParts": "أجزاء سلسلة {series}",
  "post.related": "مقالات ذات صلة",
  "post.pager": "مزيد من المقالات",
  "post.newer": "المقالة الأحدث",
  "post.older": "المقالة الأقدم",
  "post.readAll": "اقرأ المقالة كاملة في صفحتها",

  // A series' page
  "series.eyebrow": "سلسلة",
  "series.parts": {
    zero: "بلا أجزاء",
    one: "جزء واحد",
    two: "جزآن",
    few: "{count} أجزاء",
    many: "{count} جزءًا",
    other: "{count} جزء",
  },
  "series.part": "الجزء {number}",

  // Tag pages
  "tag.postsEyebrow": "مقالات ذات الوسم",
  "tag.projectsEyebrow": "مشاريع ذات الوسم",
  "tag.postPages": "صفحات المقالات ذات الوسم {tag}",
  "tag.projectPages": "صفحات المشاريع ذات الوسم {tag}",

  // Projects
  "projects.allProjects": "كل المشاريع",
  "projects.heading": "مشاريع مميّزة",
  "projects.filter": "تصفية المشاريع حسب الفئة",
  "projects.empty": "لا توجد مشاريع في الفئة المختارة.",
  "projects.pages": "صفحات المشاريع",
  "projects.categoryPages": "صفحات مشاريع فئة {category}",
  "projects.other": "مشاريع أخرى",
  "projects.seeMore": "اطّلع على مزيد من أعمالي على {site}",
  "project.imageAlt": "لقطة شاشة من {title}",
  "project.when": "الفترة",
  "project.year": "السنة",
  "project.for": "لصالح",
  "project.category": "الفئة",
  "project.type": "نوع المشروع",
  "project.client": "العميل",
  "project.roles": "الأدوار",
  "project.languages": "التقنيات",
  "project.preview": "عرض تجريبي",
  "project.features": "الميزات",
  "project.highlights": "أبرز الجوانب التقنية",
  "project.components": "المكوّنات الرئيسية",
  "project.source": "الشيفرة المصدرية",
  "project.pager": "مزيد من المشاريع",
  "project.previous": "المشروع السابق",
  "project.next": "المشروع التالي",
  "project.readAll": "اقرأ الوصف كاملًا في صفحة المشروع",

  // Dialogs and islands
  "dialog.close": "إغلاق",
  "dialog.loading": "جارٍ تحميل البقية…",
  "island.failed": "حدث خطأ غير متوقع.",

  // Table of contents
  "toc.summary": "المحتويات",
  "toc.label": "جدول المحتويات",

  // The Resume
  "resume.education": "التعليم",
  "resume.experience": "الخبرة المهنية",
  "resume.volunteer": "العمل التطوعي",
  "resume.certificates": "الشهادات",
  "resume.awards": "الجوائز",
  "resume.publications": "المنشورات والمحاضرات",
  "resume.skills": "المهارات التقنية",
  "resume.softSkills": "المهارات الشخصية",
  "resume.languages": "اللغات",
  "resume.interests": "الاهتمامات",
  "resume.references": "التوصيات",
  "resume.present": "حتى الآن",
  "resume.grade": "التقدير: {grade}",
  "resume.courses": "المقررات: {courses}",

  // Contact
  "contact.heading": "تواصل معي",
  "contact.preferEmail": "تفضّل البريد الإلكتروني؟ راسلني على {email}.",
  "contact.emailOnly": "راسلني على {email}؛ أردّ على كل الرسائل.",
  "contact.name": "الاسم",
  "contact.namePlaceholder": "اسمك",
  "contact.email": "البريد الإلكتروني",
  "contact.emailPlaceholder": "ahmad@mithal.com",
  "contact.subject": "الموضوع",
  "contact.subjectPlaceholder": "ما موضوع رسالتك؟",
  "contact.message": "الرسالة",
  "contact.messagePlaceholder": "رسالتك",
  "contact.sending": "جارٍ الإرسال…",
  "contact.send": "إرسال",
  "contact.sent": "تم إرسال رسالتك بنجاح! سأتواصل معك قريبًا.",
  "contact.failed": "حدث خطأ أثناء إرسال الرسالة.",

  // Search
  "search.label": "البحث في المقالات والمشاريع",
  "search.submit": "بحث",
  "search.noScript": "يتطلب البحث JavaScript، وهو معطّل في هذا المتصفح. تصفّح {posts} أو {projects}.",
  "search.allPosts": "كل المقالات",
  "search.allProjects": "كل المشاريع",
  "search.browse": "تصفّح {posts} أو {projects}.",
  "search.searching": "جارٍ البحث…",
  "search.found": {
    zero: "لا توجد نتائج عن «{query}». جرّب كلمة أخرى.",
    one: "نتيجة واحدة عن «{query}»",
    two: "نتيجتان عن «{query}»",
    few: "{count} نتائج عن «{query}»",
    many: "{count} نتيجة عن «{query}»",
    other: "{count} نتيجة عن «{query}»",
  },
  "search.resultsFor": "نتائج البحث عن {query}",
  "search.more": "مزيد من النتائج",
  "search.failed": "تعذّر تحميل البحث.",
  "search.kindPost": "مقالة",
  "search.kindProject": "مشروع",
  "search.kindPage": "صفحة",
};
