import type { Stage } from '../contract/inquiry.js';
import { NOTE_LIMITS, NOTE_TEXT_PATTERN } from '../contract/pipeline.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { comparableAddress } from './email-address.js';
import type { NoteOutcome, NotificationChannel, PipelineOutcome, PipelineStore } from './ports.js';

// The pipeline of one inquiry, as an operator works it from the web inbox or the operator command: move
// its stage (the studio's tools hear of it on the webhook channel), assign it to an operator or to
// nobody, mark it read or unread (its folder stays), and keep internal notes that only their author
// edits or deletes. Every change but the unread flag is the inquiry's last activity (stale leads).

/** The operators an inquiry can be assigned to. */
export interface OperatorDirectory {
  emails(): Promise<string[]>;
}

export interface PipelineDeps {
  pipeline: PipelineStore;
  operators: OperatorDirectory;
  /** The configured studio channels: a stage change is told on the webhook's, when it is one of them. */
  channels: readonly NotificationChannel[];
  clock?: Clock;
  /** Asks the outbox worker to deliver now (the web inbox); the operator command leaves it to the poll. */
  wake?: () => void;
}

const now = (deps: Pick<PipelineDeps, 'clock'>) => (deps.clock ?? systemClock)();

/** The channels that carry inquiry.stage_changed: the webhook only (an email per stage change would be noise). */
const STAGE_CHANNELS: readonly NotificationChannel[] = ['webhook'];

export async function moveStage(deps: Omit<PipelineDeps, 'operators'>, id: string, stage: Stage, by: string): Promise<PipelineOutcome> {
  const notify = deps.channels.filter((channel) => STAGE_CHANNELS.includes(channel));
  const outcome = await deps.pipeline.setStage(id, stage, by, now(deps), notify);
  if (outcome === 'changed' && notify.length > 0) deps.wake?.();
  return outcome;
}

export type AssignOutcome = PipelineOutcome | 'unknown_operator';

/** Assigns to the operator of `email` (any letter case, as addresses compare), or to nobody (null). */
export async function assignTo(deps: PipelineDeps, id: string, email: string | null, by: string): Promise<AssignOutcome> {
  let assignee: string | null = null;
  if (email !== null) {
    const wanted = comparableAddress(email);
    const operator = (await deps.operators.emails()).find((address) => comparableAddress(address) === wanted);
    if (operator === undefined) return 'unknown_operator';
    assignee = comparableAddress(operator);
  }
  return deps.pipeline.assign(id, assignee, by, now(deps));
}

/** Read or unread; the inquiry stays in its folder, and no activity is recorded (opening one is not work on it). */
export function markUnread(deps: PipelineDeps, id: string, unread: boolean, by: string): Promise<PipelineOutcome> {
  return deps.pipeline.setUnread(id, unread, by, now(deps));
}

export type NoteText = { ok: true; text: string } | { ok: false; problem: string };

const NOTE_TEXT_RULE = new RegExp(NOTE_TEXT_PATTERN, 'u');

/** A note's text as stored: trimmed, 1 to NOTE_LIMITS.maxLength characters, no control character but line breaks and tabs. */
export function noteText(raw: string): NoteText {
  const text = raw.trim();
  const length = [...text].length;
  if (length < NOTE_LIMITS.minLength) return { ok: false, problem: 'The note is empty. Write something, or leave it.' };
  if (length > NOTE_LIMITS.maxLength) {
    return { ok: false, problem: `The note is ${length.toLocaleString('en-US')} characters long; a note takes at most ${NOTE_LIMITS.maxLength.toLocaleString('en-US')}. Shorten it, or split it in two.` };
  }
  if (!NOTE_TEXT_RULE.test(text)) return { ok: false, problem: 'The note contains control characters; line breaks and tabs are fine.' };
  return { ok: true, text };
}

export type NoteWriteOutcome = { kind: 'invalid'; problem: string } | { kind: NoteOutcome };

export async function addNote(deps: PipelineDeps, id: string, raw: string, author: string): Promise<NoteWriteOutcome> {
  const checked = noteText(raw);
  if (!checked.ok) return { kind: 'invalid', problem: checked.problem };
  const noteId = await deps.pipeline.addNote(id, author, checked.text, now(deps));
  return { kind: noteId === undefined ? 'not_found' : 'changed' };
}

export async function editNote(deps: PipelineDeps, id: string, noteId: string, raw: string, author: string): Promise<NoteWriteOutcome> {
  const checked = noteText(raw);
  if (!checked.ok) return { kind: 'invalid', problem: checked.problem };
  return { kind: await deps.pipeline.editNote(id, noteId, author, checked.text, now(deps)) };
}

export async function deleteNote(deps: PipelineDeps, id: string, noteId: string, author: string): Promise<NoteOutcome> {
  return deps.pipeline.deleteNote(id, noteId, author, now(deps));
}
