import { RATE_LIMIT_POLICIES } from '../contract/rate-limits.js';
import type { ToolHints } from './operation.js';

// What the read operations share: they change nothing, and each surface's route counts them as a read.

// Idempotent by being reads; a closed world: the studio's own catalog and calendar, nothing outside is reached.
export const READ_ONLY: ToolHints = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const { read } = RATE_LIMIT_POLICIES;

export const READ_LIMIT_TEXT = `Counts against the read limit (${read.limit} per ${read.windowSeconds} s per client).`;
