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
  form: {
    /** The studio's answer time, stated once: the contact page, the form's note and the thank-you words read it. */
    responseTime: 'within two working days',
    /** The section around the form, for screen readers. */
    label: 'Inquiry form',
    /** Each question's label; typed by the contract's asked fields (src/web/labels.ts). */
    fields: {
      name: 'Your name',
      email: 'Email',
      phone: 'Phone',
      message: 'About the project',
      location: 'Where is the project?',
      budget: 'Construction budget',
      phase: 'Where does it stand?',
    },
    /** Under each label, in a homeowner's words (the schema's descriptions are for developers, never shown here). */
    hints: {
      name: 'Your first and last name.',
      email: 'We answer you here. We never share it.',
      phone: 'If you would like us to call you.',
      message: 'The site, the house, what you would like to build or change, and when. Anything that helps.',
      location: 'Where the site or the house is.',
      budget: 'For the building work, in US dollars. A rough range is enough.',
      phase: 'Whether you are still planning, or already have drawings or permits.',
    },
    /** What the form asks of a person about one field: when it is empty, and when it is too short (followed by the limit). */
    prompts: {
      name: { missing: 'Please tell us your name.', tooShort: 'Please write your full name' },
      email: { missing: 'Please give us an email address to answer you at.' },
      phone: { missing: 'Please give a phone number, or leave the field empty.' },
      message: { missing: 'Please tell us about the project.', tooShort: 'Please tell us a little more about the project' },
      location: { missing: 'Please choose where the project is.' },
      budget: { missing: 'Please choose a construction budget.' },
      phase: { missing: 'Please choose where the project stands today.' },
    },
    /** A field's problem by the rule it broke (src/web/form-messages.ts); limits are passed in, from the schema. */
    problems: {
      tooShort: (prompt: string, limit: number) => `${prompt}: at least ${limit} characters.`,
      writeMore: 'Please write a little more',
      tooLong: (limit: number) => `Please shorten this to at most ${limit} characters.`,
      email: 'That email address doesn’t look complete: it should look like name@example.com.',
      singleLine: 'Please keep this to one line, without tabs or other invisible characters.',
      controlCharacters: 'Please remove the invisible control characters; line breaks are fine.',
      /** A field sent twice: only a hand-made form does that. */
      once: 'Please fill this in once.',
      check: 'Please check this field.',
    },
    /** The heading of the list of problems at the top of the form, each a link to its field. */
    summary: 'Please check the following',
    /** Before the page's title while the form shows an error. */
    errorTitle: 'Error: ',
    rateLimited: (wait: string) => `Too many inquiries from this connection. Please wait ${wait} and send it again.`,
    seconds: (n: number) => (n === 1 ? '1 second' : `${n} seconds`),
    minutes: (n: number) => (n === 1 ? '1 minute' : `${n} minutes`),
    network: 'Your inquiry could not reach us: the connection dropped. Please check it and send the form again.',
    unavailable: 'Our inbox cannot take inquiries just now. Please try again in a few minutes, or write to us by email.',
    failed: 'Your inquiry could not be sent. Please try again, or write to us by email.',
    optional: '(optional)',
    choose: 'Choose…',
    submit: 'Send inquiry',
    note: (responseTime: string) => `Fields without “(optional)” are required. We answer every serious inquiry ${responseTime}.`,
    /** The honeypot's label: hidden from people, read only by bots that fill in every field. */
    honeypot: 'Leave this field empty',
    /** What happens next: the thank-you page, and the form's script after a sent inquiry (the same words). */
    thanks: {
      reached: 'Your inquiry has reached the studio.',
      who: (responseTime: string) => `One of the principals reads it in person and answers ${responseTime}, by email, or by phone if you gave us a number.`,
      ask: 'To prepare a first conversation, they may ask for the address of the site, a survey or photos of the house as it is, drawings you already have, and when you would like to start.',
    },
  },
  /** The booking pages and booking.js: src/web/booking/. */
  booking: {},
  /** The email that tells a person their inquiry arrived: src/inquiries/notifiers/acknowledgement.ts. */
  acknowledgement: {},
};

export type Words = typeof EN;
