import { defineConfig } from "portfolio-ssg";

// SAMPLE: this is the example portfolio of a made-up developer. Replace every value with your own.
export default defineConfig({
  site: {
    title: "Maya Okafor — Full-Stack Developer",
    description:
      "Maya Okafor is a full-stack developer in Lisbon who builds web, mobile and AI products, from the first sketch to production.",
    url: "https://maya-okafor.example",
    image: "images/social-card.jpg",
    base: "/",
    lang: "en",
  },
  owner: {
    name: "Maya Okafor",
    jobTitle: "Full-Stack Developer",
    photo: "images/avatar.svg",
    email: "hello@maya-okafor.example",
    phone: "+351 912 345 678",
    location: "Lisbon, Portugal",
    birthday: "March 14, 1994",
  },
  social: [
    { kind: "code", label: "GitHub", url: "https://github.com/maya-okafor-sample", icon: "github" },
    {
      kind: "professional",
      label: "LinkedIn",
      url: "https://www.linkedin.com/in/maya-okafor-sample",
      icon: "linkedin",
    },
    { kind: "messaging", label: "WhatsApp", url: "https://wa.me/351912345678", icon: "whatsapp" },
    { kind: "photos", label: "Instagram", url: "https://www.instagram.com/maya.okafor.sample", icon: "instagram" },
  ],
  cv: {
    file: "cv/maya-okafor-cv.pdf",
    downloadAs: "Maya-Okafor-CV.pdf",
  },
  // SAMPLE placeholders: with them the form is shown and sending takes the error path. Put your own
  // EmailJS keys here, or set EMAILJS_PUBLIC_KEY, EMAILJS_SERVICE_ID and EMAILJS_TEMPLATE_ID when building.
  emailjs: {
    publicKey: "sample-public-key",
    serviceId: "sample_service",
    templateId: "sample_template",
  },
  projectCategories: ["Mobile & Web", "AI/ML", "Web", "Mobile", "Hardware"],
  blogCategories: ["Programming", "AI", "Design", "Other"],
  skillCategories: ["Web", "Mobile", "AI/ML", "Desktop", "Embedded"],
});
