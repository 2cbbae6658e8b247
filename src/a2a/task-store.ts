import type { Task } from '@a2a-js/sdk';
import { UnsupportedOperationError } from '@a2a-js/sdk/errors';
import type { ServerCallContext, TaskStore } from '@a2a-js/sdk/server';
import type { Clock } from '../lib/clock.js';

// The tasks this agent creates are refusals, over when they are created, and inquiries told in words,
// waiting for their missing fields (src/a2a/replies.ts, plain-text.ts). They are kept a little while, so
// GetTask answers for the id a client was given and a follow-up finds its inquiry, and no more: at most
// MAX_TASKS for TASK_TTL_SECONDS, oldest first out, so no caller can grow the process. The SDK's
// in-memory store keeps every task forever. This store is the process's own; with REDIS_URL the tasks
// are kept in Redis under the same rules (src/redis/a2a-task-store.ts), so a follow-up may reach any
// instance, and this store holds only what is saved while Redis is away. Without Redis and with several
// instances, a follow-up that reaches another one is answered "task not found", and the client sends the
// fields the task's status gathered ("collected") with the missing ones as a submit_inquiry call instead.

export const MAX_TASKS = 1000;
export const TASK_TTL_SECONDS = 3600;

interface Kept {
  task: Task;
  /** The OAuth client that created it (ownerOf). */
  owner: string | undefined;
  expiresAt: number;
}

/** The OAuth client a call is made for; undefined for an anonymous caller, whose task id is its only key. */
export const ownerOf = (context: ServerCallContext): string | undefined => (context.user?.isAuthenticated ? context.user.userName : undefined);

/** A task of an identified client is that client's alone. */
export const mayLoad = (owner: string | undefined, context: ServerCallContext): boolean => owner === undefined || owner === ownerOf(context);

/**
 * A task as it is kept: without its history, which holds the caller's message (an inquiry's name, email
 * and text), answered already. A2A lets a server return less history than asked. A waiting inquiry's
 * fields are in its status message, replaced by the answer once it is submitted.
 */
export const keptForm = (task: Task): Task => ({ ...task, history: [] });

/** Anonymous callers share no identity to list by, and a refusal is worth nothing in a list. */
export function refuseListing(): never {
  throw new UnsupportedOperationError('Tasks are not listed: this agent keeps its refusals and waiting inquiries only for a while. Ask GetTask for the id you were given.');
}

export class RecentTasks implements TaskStore {
  /** In insertion order, so the first entry is the oldest. */
  private readonly tasks = new Map<string, Kept>();

  constructor(private readonly clock: Clock) {}

  /** Keeps the task without its history (keptForm). */
  async save(task: Task, context: ServerCallContext): Promise<void> {
    this.tasks.delete(task.id);
    this.tasks.set(task.id, { task: structuredClone(keptForm(task)), owner: ownerOf(context), expiresAt: this.clock() + TASK_TTL_SECONDS * 1000 });
    for (const id of this.tasks.keys()) {
      if (this.tasks.size <= MAX_TASKS) break;
      this.tasks.delete(id);
    }
  }

  async load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    const kept = this.tasks.get(taskId);
    if (!kept) return undefined;
    if (kept.expiresAt <= this.clock()) {
      this.tasks.delete(taskId);
      return undefined;
    }
    return mayLoad(kept.owner, context) ? structuredClone(kept.task) : undefined;
  }

  /** Whether a task of this id is kept here, whoever it belongs to (an expired one is dropped by load). */
  holds(taskId: string): boolean {
    return this.tasks.has(taskId);
  }

  /** Drops a task, once a newer copy of it is kept elsewhere (Redis). */
  forget(taskId: string): void {
    this.tasks.delete(taskId);
  }

  async list(): Promise<never> {
    refuseListing();
  }
}
