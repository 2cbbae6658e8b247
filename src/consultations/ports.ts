import type { BookingStatus } from '../contract/consultation.js';
import type { Interval } from './availability.js';

// What the consultations use cases need from outside: the bookings' store (SQLite or PostgreSQL, in
// src/store/consultations/), the studio's own calendars (ICS feeds), and the pipeline an inquiry moves in.

/** A booking as stored. Times are epoch milliseconds. */
export interface StoredBooking {
  id: string;
  type: string;
  start: number;
  end: number;
  status: BookingStatus;
  name: string;
  email: string;
  phone: string | null;
  message: string | null;
  inquiryId: string | null;
  /** A hold's lapse; null once booked. */
  holdExpiresAt: number | null;
  /** The iCalendar SEQUENCE: 0 when booked, one more at every reschedule and at the cancellation. */
  sequence: number;
  /** The unguessable token of the person's manage link. */
  manageToken: string;
  /** Who made it: the client IP (holds per caller), or `operator:<email>`. */
  caller: string;
  /** The surface it came through: web, api, mcp, a2a. */
  channel: string;
  createdAt: number;
  updatedAt: number;
  cancelledAt: number | null;
  /** `homeowner` or an operator's address. */
  cancelledBy: string | null;
}

/** Who is told of a booking's change, by an email with an iCalendar part. */
export type InvitationRecipient = 'homeowner' | 'studio';
export type InvitationMethod = 'REQUEST' | 'CANCEL';

/** An invitation to send, queued in the transaction that changed the booking (the outbox of bookings). */
export interface InvitationJob {
  recipient: InvitationRecipient;
  method: InvitationMethod;
  /** The booking as it was told (its time, sequence, names): every retry sends the same. */
  booking: StoredBooking;
}

export interface NewBooking {
  id: string;
  type: string;
  start: number;
  end: number;
  /** The end of the time it keeps from other bookings: its end plus the buffer. The database keeps these from overlapping. */
  blockedUntil: number;
  status: 'held' | 'booked';
  name: string;
  email: string;
  /** The address in comparable form (src/inquiries/email-address.ts), for the per-address limit. */
  contact: string;
  phone: string | null;
  message: string | null;
  inquiryId: string | null;
  holdExpiresAt: number | null;
  manageToken: string;
  caller: string;
  channel: string;
}

export interface BookingLimits {
  maxUpcomingPerAddress: number;
  maxHoldsPerCaller: number;
}

export type InsertOutcome =
  | { kind: 'inserted'; booking: StoredBooking }
  | { kind: 'overlap' | 'address_full' | 'caller_full' };

export type ChangeOutcome =
  | { kind: 'changed'; booking: StoredBooking }
  | { kind: 'overlap' | 'not_found' | 'unchanged' };

/** The invitations a change queues, given the booking as it is after the change. */
export type InvitationsOf = (booking: StoredBooking) => Array<Omit<InvitationJob, 'booking'>>;

export interface BookingStore {
  /**
   * Inserts the booking unless its blocked time overlaps a live one's (the database refuses it: an
   * exclusion constraint on PostgreSQL, a trigger in SQLite's single writer), the address has
   * `maxUpcomingPerAddress` upcoming ones, or (a hold) the caller has `maxHoldsPerCaller` live holds.
   * Lapsed holds are released first. The invitations are queued in the same transaction.
   */
  insert(booking: NewBooking, limits: BookingLimits, now: number, invitations: InvitationsOf): Promise<InsertOutcome>;
  /** Books a live hold of `type`; 'not_found' when it lapsed, was confirmed already, or never was. */
  confirm(holdId: string, type: string, now: number, invitations: InvitationsOf): Promise<ChangeOutcome>;
  /** Moves a live booking (SEQUENCE + 1); 'overlap' when its new time is taken. */
  reschedule(id: string, time: { start: number; end: number; blockedUntil: number }, now: number, invitations: InvitationsOf): Promise<ChangeOutcome>;
  /** Cancels a live booking or hold: its time is free again. */
  cancel(id: string, by: string, now: number, invitations: InvitationsOf): Promise<ChangeOutcome>;
  byId(id: string): Promise<StoredBooking | undefined>;
  byManageToken(token: string): Promise<StoredBooking | undefined>;
  /**
   * The time live bookings and holds keep ([start, blockedUntil)) that meets [from, to), lapsed holds left
   * out, and `except` (a booking being moved, which may move onto its own time).
   */
  blocked(from: number, to: number, now: number, except?: string): Promise<Interval[]>;
  /** Booked consultations (not holds) that meet [from, to), in time order: the inbox's agenda and the studio's calendar. */
  agenda(from: number, to: number, options?: { includeCancelled?: boolean }): Promise<StoredBooking[]>;
  /** The consultations (booked or cancelled, not holds) that follow one inquiry, in time order: its page in the inbox. */
  ofInquiry(inquiryId: string): Promise<StoredBooking[]>;
  /** Erasure: how many bookings of any status an address (comparable form) has. */
  countOfContact(contact: string): Promise<number>;
  /** Erasure: deletes every booking of an address (comparable form), their invitations' jobs with them; returns how many. */
  eraseContact(contact: string): Promise<number>;
  /** Retention: deletes every booking that ended before `before` (epoch ms), with its jobs; returns how many. */
  purge(before: number): Promise<number>;
}

/** The studio's own calendars (CALENDAR_BUSY_URLS): busy times from its last good copy of every feed. */
export interface BusyCalendar {
  /** Busy intervals meeting [from, to), sorted by start (they may overlap). */
  busy(from: number, to: number): readonly Interval[];
}

/** The pipeline as a booking moves it: to `consultation`, unless the inquiry is past that stage. */
export interface InquiryLink {
  /** Whether the inquiry exists and was sent from this address (comparable form). */
  belongsTo(inquiryId: string, contact: string): Promise<boolean>;
  /** Moves the inquiry to the consultation stage when it stands before it; errors are the caller's to log. */
  toConsultation(inquiryId: string, by: string): Promise<void>;
}
