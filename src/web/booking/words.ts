import { CONSULTATION_PLACE_WORDS, CONSULTATION_PLACES, type ConsultationPlace } from '../../contract/consultation.js';

// Every word a person reads on the booking pages (the booking page, its answer, the manage page, the
// offer on the thank-you page) and in booking.js's data attributes: kept here, one place, so the Spanish
// catalog of a later issue replaces one file. Limits and times are never written here: they are passed in.

/** The contract's words for where ("by phone"), as a line of their own ("By phone"): written once, there. */
export const PLACE_WORDS = Object.fromEntries(CONSULTATION_PLACES.map((place) => {
  const words = CONSULTATION_PLACE_WORDS[place];
  return [place, words.charAt(0).toUpperCase() + words.slice(1)];
})) as Record<ConsultationPlace, string>;

export const BOOKING_WORDS = {
  nav: 'Book a consultation',
  title: 'Book a consultation',
  description: 'Pick a time for a first conversation with the studio: a call, or a meeting at the studio.',
  intro: 'A first conversation costs nothing and commits you to nothing. Choose a kind of consultation, then a time that suits you.',
  typesHeading: 'What you can book',
  minutes: (n: number) => `${n} minutes`,
  chooseType: (title: string) => `See the times for ${title.toLowerCase()}`,
  chosenType: 'Showing its times below',
  timesHeading: (title: string) => `Free times for ${title.toLowerCase()}`,
  zoneLine: (zoneName: string) => `Times are ${zoneName}.`,
  /** booking.js: the visitor's own time beside the studio's, when their zone differs. */
  yourTime: 'your time',
  /** booking.js, after the zone line, once it has added the visitor's times. */
  yourTimeLine: 'Beneath each, the same time where you are.',
  noTimes: 'There is no free time in these two weeks.',
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
  rateLimited: (wait: string) => `Too many booking attempts from this connection. Please wait ${wait} and try again.`,
  unavailable: 'Bookings cannot be taken just now. Please try again in a minute, or write to us by email.',
  notOffered: 'The studio offers no consultations to book at the moment. Please write to us instead.',
} as const;

export const BOOKED_WORDS = {
  title: 'Your consultation is booked',
  description: 'The time you booked with the studio.',
  lead: (title: string, when: string) => `${title}, ${when}.`,
  invitation: (email: string) => `An invitation is on its way to ${email}: add it to your calendar from there.`,
  manage: 'To move or cancel it, use your own link below. Keep it private: anyone with it can change the booking.',
  manageLink: 'Move or cancel this consultation',
} as const;

export const MANAGE_WORDS = {
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
  notFoundTitle: 'No such booking',
  notFound: 'This link names no booking. Please check it against the one in your invitation.',
  refused: 'That request did not come from this site, so nothing was changed.',
} as const;

export const OFFER_WORDS = {
  heading: 'Talk it over with us',
  text: 'You can book a first conversation with the studio now; your details are carried over.',
  button: 'Book a consultation',
} as const;
