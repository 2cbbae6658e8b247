import { INQUIRY_ENUM_LABELS } from '../contract/inquiry-labels.js';

// Every word a person reads from the studio in English: the website, its forms and their scripts, the
// booking pages, the acknowledgement email. es.ts is typed by this one, so a key missing there fails the
// typecheck. Limits, times and names are never written here: they are passed in.
//
// Each section belongs to one part of the service; its comment says which.

export const EN = {
  /** The frame of every page: src/web/layout.ts and head.ts. */
  site: {
    skipLink: 'Skip to content',
    mainNav: 'Main',
    projects: 'Projects',
    services: 'Services',
    contact: 'Contact',
    /** The header's call to action, on every page. */
    startProject: 'Start a project',
    languageNav: 'Language',
    /** The switcher's link to this language, written in it, with the language's own name for screen readers. */
    languageName: 'English',
    switchTo: 'Read this page in English',
    studio: 'Studio',
    call: 'Call',
    write: 'Write',
    forDevelopers: 'For developers',
    /** Above a page whose text has no translation yet: shown in the default language, saying so. */
    untranslated: 'This page has not been translated into English yet.',
    homeTitle: 'Home',
  },
  /** The pages built from the catalog: src/web/pages/. */
  pages: {
    home: {
      selectedProjects: 'Selected projects',
      allProjects: 'See all projects',
      services: 'Services',
      allServices: 'All services',
      studio: 'The studio',
      offices: 'Offices',
      startHeading: 'Start a project',
      start: (inquiry: string, email: string) => `Tell us about the site, the house and the timing: ${inquiry}, or write to ${email}.`,
      sendInquiry: 'send an inquiry',
    },
    services: {
      title: 'Services',
      description: (firm: string) => `What ${firm} does, from the first site visit to the last coat of paint.`,
      intro: 'One studio for design and construction.',
      allServices: 'All services',
      capabilities: 'Capabilities',
      start: 'Tell us about your project',
      fallbackDescription: (service: string, firm: string) => `${service} at ${firm}.`,
    },
    contact: {
      title: 'Contact',
      description: (firm: string) => `Tell ${firm} about your project: where it is, where it stands and the budget you have in mind.`,
      heading: 'Start a conversation',
      intro: (responseTime: string) => `Tell us where the project is, where it stands and the budget you have in mind. A principal reads every inquiry and answers ${responseTime}.`,
      reach: (email: string, phone: string | undefined) => (phone ? `Write to ${email} or call ${phone}.` : `Write to ${email}.`),
      formHeading: 'Send an inquiry',
    },
    thanks: {
      title: 'Thank you',
      description: 'Your inquiry has reached the studio.',
      heading: 'Thank you',
      meanwhile: (projects: string, services: string) => `Meanwhile, see ${projects} or ${services}.`,
      ourProjects: 'our projects',
      ourServices: 'our services',
    },
    notFound: {
      title: 'Page not found',
      description: 'There is no page at this address.',
      text: 'There is no page at this address. It may have moved, or the link may be mistyped.',
      tryThese: (home: string, projects: string, services: string, write: string) => `Try the ${home}, the ${projects} or the ${services}, or ${write}.`,
      home: 'home page',
      projects: 'projects',
      services: 'services',
      write: 'write to us',
    },
  },
  /** The words for the Inquiry's enum values (the form, the portfolio's regions, the studio's email). */
  enums: INQUIRY_ENUM_LABELS,
  /** The project pages' facts, filters and neighbours: src/web/pages/projects.ts. */
  projects: {
    title: 'Projects',
    description: (firm: string) => `Selected houses and gardens designed and built by ${firm}.`,
    intro: (firm: string) => `Selected houses and gardens, designed and built by ${firm}.`,
    fallbackDescription: (project: string, firm: string) => `${project}, a project by ${firm}.`,
    scope: 'Scope',
    allProjects: 'All projects',
    startConversation: 'Start a conversation about your house',
  },
  /** The inquiry form, with and without its script: src/web/contact-form.ts, form-messages.ts, assets/contact.js. */
  form: {},
  /** The booking pages and booking.js: src/web/booking/. */
  booking: {},
  /** The email that tells a person their inquiry arrived: src/inquiries/notifiers/acknowledgement.ts. */
  acknowledgement: {
    subject: (studio: string) => `We received your inquiry — ${studio}`,
    greeting: 'Hello,',
    /** `day` and `time` as the studio's clock said them when it arrived ("Monday, November 23, 2026", "09:05 EST"). */
    received: (studio: string, day: string, time: string) =>
      `Thank you for your inquiry to ${studio}. It reached the studio on ${day} at ${time}, and we will answer it at this address.`,
    addMore: (email: string) => `To add anything, reply to this email or write to ${email}, quoting the reference below.`,
    reference: (id: string) => `Reference: ${id}`,
    signature: (studio: string, site: string) => `— ${studio}, ${site}`,
    why: (site: string) => `This message was sent automatically because an inquiry sent through ${site} gave this address. It does not repeat what was submitted. If you did not send an inquiry, please ignore it.`,
  },
};

export type Words = typeof EN;
