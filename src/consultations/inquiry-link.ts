import { STAGES } from '../contract/inquiry.js';
import type { InboxStore } from '../inquiries/ports.js';
import { moveStage, type PipelineDeps } from '../inquiries/pipeline.js';
import type { InquiryLink } from './ports.js';

// A booking and the inquiry it follows: the person who booked must be the one who sent it (same address,
// compared as the inbox compares them), and booking moves the inquiry to the consultation stage through the
// pipeline's own use case (an activity by `homeowner`, the webhook's inquiry.stage_changed) — forward only:
// an inquiry already at proposal, won or lost stays where the studio put it.

const CONSULTATION = STAGES.indexOf('consultation');

export function inquiryLink(inbox: Pick<InboxStore, 'find'>, pipeline: Omit<PipelineDeps, 'operators'>): InquiryLink {
  return {
    async belongsTo(inquiryId, contact) {
      const entry = await inbox.find(inquiryId);
      return entry !== undefined && entry.folder !== 'spam' && entry.contact === contact;
    },
    async toConsultation(inquiryId, by) {
      const entry = await inbox.find(inquiryId);
      if (entry && STAGES.indexOf(entry.stage) < CONSULTATION) await moveStage(pipeline, inquiryId, 'consultation', by);
    },
  };
}
