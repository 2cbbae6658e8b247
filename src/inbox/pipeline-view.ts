import { FOLDERS as FOLDER_VALUES, STAGES, type Folder } from '../contract/inquiry.js';
import { INBOX_PATHS } from '../contract/paths.js';
import { NOTE_LIMITS, STAGE_LABELS } from '../contract/pipeline.js';
import type { Activity, ContactInquiry, InboxEntry, InquiryHistory, Note } from '../inquiries/ports.js';
import type { StudioTime } from '../lib/studio-time.js';
import type { OperatorSession } from '../operators/operators.js';
import { html, type SafeHtml } from '../web/html.js';
import { mdLink, mdText } from '../web/markdown.js';
import { backInput } from './back.js';
import { csrfInput } from './csrf.js';
import { inquiryPath, timeHtml } from './entry-view.js';

// The pipeline part of an inquiry's page, in HTML and Markdown: the stage and assignee controls (plain
// forms: a select and a button), the timeline (every recorded change merged with the notes, oldest
// first, each note with its author's edit and delete forms), the form that adds a note, and the
// person's other inquiries. The page (inquiry-page.ts) places them.

export interface PipelineModel {
  entry: InboxEntry;
  history: InquiryHistory;
  /** Every operator's address: whom the inquiry can be assigned to. */
  operators: string[];
  /** The person's other inquiries, newest first. */
  others: ContactInquiry[];
  time: StudioTime;
  operator: OperatorSession;
  /** A note's text that was refused, kept in its form with the reason (noteId: an edit of that note). */
  draft?: NoteDraft;
  /** The list the operator came from (src/inbox/back.ts): every form carries it on. */
  back?: string;
}

export interface NoteDraft {
  noteId?: string;
  text: string;
  problem: string;
}

export const stageLabel = (stage: string): string => (Object.hasOwn(STAGE_LABELS, stage) ? STAGE_LABELS[stage as keyof typeof STAGE_LABELS] : stage);

const FOLDER_WORDS: Record<Folder, string> = { inbox: 'Inbox', archived: 'Archived', spam: 'Spam' };
const folderWord = (folder: string): string => (FOLDER_VALUES.includes(folder as Folder) ? FOLDER_WORDS[folder as Folder] : folder);

/** What one activity did, in words: "moved it from New to Contacted". */
export function activityText(activity: Activity): string {
  const { kind, from, to } = activity;
  if (kind === 'stage') return `moved it from ${stageLabel(from ?? 'new')} to ${stageLabel(to ?? 'new')}`;
  if (kind === 'folder') return `filed it from ${folderWord(from ?? '')} in ${folderWord(to ?? '')}`;
  if (to === null) return `unassigned it (was ${from ?? 'nobody'})`;
  return from === null ? `assigned it to ${to}` : `reassigned it from ${from} to ${to}`;
}

/** "assigned to grace@…" or "unassigned". */
export function assigneeText(assignee: string | null): string {
  return assignee === null ? 'Unassigned' : `Assigned to ${assignee}`;
}

function stageForm(model: PipelineModel): SafeHtml {
  const { entry } = model;
  return html`<form method="post" class="pipeline-control" action="${inquiryPath(entry.id, INBOX_PATHS.stage)}">${csrfInput(model.operator)}${backInput(model.back)}
<label for="stage">Stage</label>
<select id="stage" name="stage">${STAGES.map((stage) => html`<option value="${stage}"${stage === entry.stage ? ' selected' : ''}>${STAGE_LABELS[stage]}</option>`)}</select>
<button type="submit" class="button button-quiet">Move</button></form>`;
}

function assigneeForm(model: PipelineModel): SafeHtml {
  const { entry } = model;
  const options = [...model.operators].sort();
  return html`<form method="post" class="pipeline-control" action="${inquiryPath(entry.id, INBOX_PATHS.assignee)}">${csrfInput(model.operator)}${backInput(model.back)}
<label for="assignee">Assignee</label>
<select id="assignee" name="assignee"><option value=""${entry.assignee === null ? ' selected' : ''}>Nobody</option>${options.map((email) => html`<option value="${email}"${email.toLowerCase() === entry.assignee ? ' selected' : ''}>${email}${email.toLowerCase() === model.operator.email.toLowerCase() ? ' (me)' : ''}</option>`)}</select>
<button type="submit" class="button button-quiet">Assign</button></form>`;
}

export function pipelineControlsHtml(model: PipelineModel): SafeHtml {
  return html`<section aria-labelledby="h-pipeline" class="pipeline"><h2 id="h-pipeline" class="visually-hidden">Pipeline</h2>
<div class="pipeline-controls">${stageForm(model)}${assigneeForm(model)}</div></section>`;
}

function noteTextarea(id: string, text: string, problem: string | undefined, label: string): SafeHtml {
  const errorId = `${id}-error`;
  return html`<div class="field${problem ? ' has-error' : ''}"><label for="${id}">${label}</label>
<textarea id="${id}" name="text" rows="4" required maxlength="${NOTE_LIMITS.maxLength}"${problem ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''}>${text}</textarea>
${problem ? html`<p class="field-error" id="${errorId}">${problem}</p>` : ''}</div>`;
}

/** The author's own forms on a note: edit (its text in a disclosure, open when a refused edit is shown again) and delete. */
function ownNoteForms(model: PipelineModel, note: Note): SafeHtml {
  const path = inquiryPath(model.entry.id, INBOX_PATHS.note).replace(':noteId', encodeURIComponent(note.id));
  const draft = model.draft?.noteId === note.id ? model.draft : undefined;
  return html`<div class="note-tools"><details${draft ? ' open' : ''}><summary>Edit</summary>
<form method="post" action="${path}">${csrfInput(model.operator)}${backInput(model.back)}${noteTextarea(`note-${note.id}`, draft?.text ?? note.text, draft?.problem, 'Edit the note')}
<button type="submit" class="button button-quiet">Save</button></form></details>
<form method="post" action="${path}/delete">${csrfInput(model.operator)}${backInput(model.back)}<button type="submit" class="button button-quiet button-danger">Delete note</button></form></div>`;
}

type TimelineItem = { at: number; activity: Activity } | { at: number; note: Note };

/** Activities and notes in the order they happened (a note by when it was written). */
export function timelineOf(history: InquiryHistory): TimelineItem[] {
  const items: TimelineItem[] = [
    ...history.activities.map((activity) => ({ at: activity.at, activity })),
    ...history.notes.map((note) => ({ at: note.at, note })),
  ];
  return items.sort((a, b) => a.at - b.at);
}

function editedHtml(note: Note, time: StudioTime): SafeHtml | string {
  return note.editedAt === null ? '' : html` · <span class="note-edited" title="${time.text(note.editedAt)}">edited</span>`;
}

function timelineItemHtml(model: PipelineModel, item: TimelineItem): SafeHtml {
  if ('activity' in item) {
    return html`<li class="timeline-activity"><p><strong>${item.activity.actor}</strong> ${activityText(item.activity)} <span class="timeline-when">${timeHtml(model.time, item.at)}</span></p></li>`;
  }
  const { note } = item;
  const own = note.author.toLowerCase() === model.operator.email.toLowerCase();
  return html`<li class="timeline-note"><p class="note-head"><strong>${note.author}</strong> noted <span class="timeline-when">${timeHtml(model.time, note.at)}${editedHtml(note, model.time)}</span></p>
<div class="note-text">${note.text}</div>${own ? ownNoteForms(model, note) : ''}</li>`;
}

export function timelineHtml(model: PipelineModel): SafeHtml {
  const items = timelineOf(model.history);
  const adding = model.draft && model.draft.noteId === undefined ? model.draft : undefined;
  return html`<section aria-labelledby="h-timeline"><h2 id="h-timeline">Notes and activity</h2>
${items.length === 0 ? html`<p class="timeline-empty">No notes or changes yet.</p>` : html`<ol class="timeline">${items.map((item) => timelineItemHtml(model, item))}</ol>`}
<form method="post" class="note-form" action="${inquiryPath(model.entry.id, INBOX_PATHS.notes)}">${csrfInput(model.operator)}${backInput(model.back)}
${noteTextarea('note-new', adding?.text ?? '', adding?.problem, 'Add a note (only the studio sees it)')}
<button type="submit" class="button">Add note</button></form></section>`;
}

function otherCells(other: ContactInquiry, time: StudioTime): { received: string; stage: string; folder: string } {
  return { received: time.text(other.receivedAt), stage: stageLabel(other.stage), folder: folderWord(other.folder) };
}

export function othersHtml(model: PipelineModel): SafeHtml | string {
  if (model.others.length === 0) return '';
  return html`<section aria-labelledby="h-others"><h2 id="h-others">Other inquiries from this person</h2>
<ul class="contact-inquiries">${model.others.map((other) => {
    const cells = otherCells(other, model.time);
    return html`<li><a href="${inquiryPath(other.id)}">${timeHtml(model.time, other.receivedAt)}</a> · ${cells.stage} · in ${cells.folder}</li>`;
  })}</ul></section>`;
}

export function pipelineMarkdown(model: PipelineModel): string[] {
  const { entry, time } = model;
  const timeline = timelineOf(model.history).map((item) => ('activity' in item
    ? `- ${time.text(item.at)}: ${mdText(item.activity.actor)} ${mdText(activityText(item.activity))}`
    : `- ${time.text(item.at)}: ${mdText(item.note.author)} noted${item.note.editedAt === null ? '' : ' (edited)'}:\n\n${item.note.text.split(/\r?\n/).map((line) => `    > ${mdText(line)}`).join('\n')}\n`));
  return [
    '## Notes and activity', '',
    `Stage: ${stageLabel(entry.stage)} · ${assigneeText(entry.assignee)}`, '',
    ...(timeline.length > 0 ? timeline : ['No notes or changes yet.']), '',
    ...(model.others.length > 0 ? ['## Other inquiries from this person', '',
      ...model.others.map((other) => { const cells = otherCells(other, time); return `- ${mdLink(cells.received, inquiryPath(other.id))} · ${cells.stage} · in ${cells.folder}`; }), ''] : []),
  ];
}
