import { CONSULTATION_PLACE_WORDS, CONSULTATION_PLACES, type ConsultationPlace } from '../contract/consultation.js';
import { INQUIRY_ENUM_LABELS } from '../contract/inquiry-labels.js';
import type { WebMcpWords } from './webmcp.js';
import type { KindOfWork, ProjectStatus, TeamRole } from '../contract/project-facts.js';

// Every word a person reads from the studio in English: the website, its forms and their scripts, the
// booking pages, the acknowledgement email. es.ts is typed by this one, so a key missing there fails the
// typecheck. Limits, times and names are never written here: they are passed in.
//
// Each section belongs to one part of the service; its comment says which.

/** The contract's words for where a consultation is ("by phone"), as a line of their own ("By phone"): written once, there. */
const PLACE_LINES = Object.fromEntries(CONSULTATION_PLACES.map((place) => {
  const words = CONSULTATION_PLACE_WORDS[place];
  return [place, words.charAt(0).toUpperCase() + words.slice(1)];
})) as Record<ConsultationPlace, string>;

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
    /** webmcp.js, above a form an assistant in the browser filled in: the visitor checks it and sends it themselves. */
    assistantFilled: 'Your assistant filled in this form.',
    assistantCheck: 'Check every field, then send it: nothing is sent until you do.',
    assistantClear: 'Clear the form',
    /** webmcp.js, when the visitor's press got no answer it could read. */
    noAnswer: 'The site did not answer. Please try again.',
    gallery: 'Gallery',
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
    /** The studio's offices on a text page (show_offices) and a FAQ page: src/web/pages/text.ts, office-hours.ts. */
    studio: {
      offices: 'Our offices',
      hours: 'Hours',
      phone: 'Phone',
      /** Weekday names come from Intl in the page's language; two days are a pair, more a span. */
      dayRange: (first: string, last: string, count: number) => (count === 2 ? `${first} and ${last}` : `${first} to ${last}`),
      hoursLine: (days: string, times: string) => `${days}, ${times}`,
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
    /** The facts of a project page, a definition list under its title. */
    facts: {
      year: 'Year',
      status: 'Status',
      size: 'Size',
      /** The area already formatted for the language: "4,800", "446". */
      area: (squareFeet: string, squareMeters: string) => `${squareFeet} ft² (${squareMeters} m²)`,
      work: 'Kind of work',
      team: 'Team',
      photographer: 'Photographs',
      services: 'Services',
    },
    statuses: { completed: 'Completed', 'under-construction': 'Under construction', 'in-design': 'In design' } satisfies Record<ProjectStatus, string>,
    work: { 'new-house': 'New house', renovation: 'Renovation', garden: 'Garden', interior: 'Interior' } satisfies Record<KindOfWork, string>,
    roles: {
      architect: 'Architect',
      'interior-designer': 'Interior designer',
      'landscape-designer': 'Landscape designer',
      builder: 'Builder',
      'project-manager': 'Project manager',
      'structural-engineer': 'Structural engineer',
      'civil-engineer': 'Civil engineer',
      'mep-engineer': 'Mechanical, electrical and plumbing engineer',
      'lighting-designer': 'Lighting designer',
      'preservation-consultant': 'Preservation consultant',
      'owner-representative': 'Owner\'s representative',
    } satisfies Record<TeamRole, string>,
    /** The index's filters: plain links, the current one marked. */
    filters: {
      region: 'Region',
      work: 'Kind of work',
      allRegions: 'All regions',
      allWork: 'All kinds of work',
      /** How many projects the filters show, from how many. */
      showing: (shown: number, total: number) => (shown === total ? `All ${total} projects.` : `${shown} of ${total} projects.`),
      none: 'No project matches these filters yet.',
      /** When the address asks for a filter the page does not have: every project is shown instead. */
      unknown: 'We could not use the filter in this address, so every project is shown. Choose a region or a kind of work below.',
    },
    /** The links to the projects before and after this one, in the portfolio's order. */
    neighbours: { previous: 'Previous project', next: 'Next project' },
    /** An image opened large: the link around it and the dialog of images.js. */
    enlarge: { close: 'Close', dialog: 'Image' },
    /** On a service's page: the projects that show the service. */
    showingService: 'Projects that show this service',
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
  booking: {
    /** The main navigation's link to the booking page (src/web/layout.ts). */
    nav: 'Book a consultation',
    /** The Intl locale the times are written in: booking pages (luxon) and booking.js (the visitor's own time). */
    timeLocale: 'en-US',
    /** "New York time (EST/EDT)": the studio's zone by its place, with the abbreviations people know. */
    zone: (zone: { place: string; generic: string; abbreviations: string }) => `${zone.place} time (${zone.abbreviations})`,
    /** "Friday, December 4, 2026, 10:00 AM–10:30 AM New York time (EST)": a booked time in a sentence. */
    when: (day: string, start: string, end: string, zone: string) => `${day}, ${start}–${end} ${zone}`,
    /** Where a consultation takes place, as a line of its own ("By phone"): the contract's words. */
    places: PLACE_LINES,
    page: {
      title: 'Book a consultation',
      description: 'Pick a time for a first conversation with the studio: a call, or a meeting at the studio.',
      intro: 'A first conversation costs nothing and commits you to nothing. Choose a kind of consultation, then a time that suits you.',
      typesHeading: 'What you can book',
      minutes: (n: number) => `${n} minutes`,
      chooseType: (title: string) => `See the times for ${title.toLowerCase()}`,
      chosenType: 'Showing its times below',
      timesHeading: (title: string) => `Free times for ${title.toLowerCase()}`,
      zoneLine: (zone: string) => `Times are ${zone}.`,
      /** booking.js: the visitor's own time beside the studio's, when their zone differs. */
      yourTime: 'your time',
      /** booking.js, after the zone line, once it has added the visitor's times. */
      yourTimeLine: 'Beneath each, the same time where you are.',
      noTimes: 'There is no free time in these two weeks.',
      weeks: 'Weeks',
      later: 'Later times',
      earlier: 'Earlier times',
      pickLegend: 'Pick a time',
      detailsHeading: 'Your details',
      submit: 'Book this time',
      apiNote: (url: string) => `Agents and developers can book through the API: \`GET ${url}\` lists the consultations and the addresses of their free times.`,
      fields: {
        name: 'Your name',
        email: 'Email',
        phone: 'Phone',
        message: 'What would you like to talk about?',
      },
      prompts: {
        start: { missing: 'Please pick one of the times.' },
        name: { missing: 'Please tell us your name.', tooShort: 'Please write your full name' },
        email: { missing: 'Please give us the email address the invitation should go to.' },
        phone: { missing: 'Please give a phone number, or leave the field empty.' },
        message: { missing: 'Please write a little about what you would like to talk about, or leave the field empty.' },
        inquiry_id: { missing: 'The inquiry could not be linked; please book again from the booking page.' },
      },
      phoneHint: 'For a call, the number we should ring.',
      optional: '(optional)',
      problems: (count: number) => (count === 1 ? 'Please check the field marked below.' : `Please check the ${count} fields marked below.`),
      taken: 'Someone booked that time a moment ago. These are the nearest free times; your details are kept.',
      takenNone: 'Someone booked that time a moment ago, and no free time is near it. Please pick another day below.',
      tooMany: 'This email address already has the most upcoming consultations one person may book. Use the link in your invitation to move or cancel one.',
      rateLimited: (seconds: number) => `Too many booking attempts from this connection. Please wait ${seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`} and try again.`,
      unavailable: 'Bookings cannot be taken just now. Please try again in a minute, or write to us by email.',
      notOffered: 'The studio offers no consultations to book at the moment. Please write to us instead.',
    },
    /** The answer to a booking. */
    booked: {
      title: 'Your consultation is booked',
      description: 'The time you booked with the studio.',
      lead: (title: string, when: string) => `${title}, ${when}.`,
      invitation: (email: string) => `An invitation is on its way to ${email}: add it to your calendar from there.`,
      manage: 'To move or cancel it, use your own link below. Keep it private: anyone with it can change the booking.',
      manageLink: 'Move or cancel this consultation',
    },
    /** The person's own page of a booking (the manage link). */
    manage: {
      title: 'Your consultation',
      description: 'Move or cancel a consultation booked with the studio.',
      booked: (title: string, when: string) => `${title}, ${when}.`,
      cancelled: 'This consultation is cancelled. Its time is free again.',
      past: 'This consultation has taken place.',
      moveHeading: 'Move it to another time',
      moveSubmit: 'Move to this time',
      taken: 'Someone booked that time a moment ago. Please pick another of the free times below.',
      moved: 'Moved. A new invitation is on its way by email.',
      cancelHeading: 'Cancel it',
      cancelAsk: 'Cancel this consultation',
      cancelConfirm: 'Are you sure? The studio is told, and the time is offered to others.',
      cancelYes: 'Yes, cancel it',
      cancelNo: 'No, keep it',
      cancelledNow: 'Cancelled. The studio has been told, and a cancellation is on its way to your calendar.',
      bookAgain: 'Book another consultation',
      refused: 'That request did not come from this site, so nothing was changed.',
    },
    /** The offer to book on the thank-you page after an inquiry. */
    offer: {
      heading: 'Talk it over with us',
      text: 'You can book a first conversation with the studio now; your details are carried over.',
      button: 'Book a consultation',
    },
  },
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
  /**
   * The pages' WebMCP tools: src/web/webmcp-tools.ts. In English they are the agent operations' own words
   * (src/agent-tools: titles, descriptions and the contract's argument descriptions, shared with MCP and
   * A2A), so none here; another language gives every tool the pages offer in its own words.
   */
  webmcp: undefined as WebMcpWords | undefined,
};

export type Words = typeof EN;
