import { Task } from '@a2a-js/sdk';
import type { ServerCallContext, TaskStore } from '@a2a-js/sdk/server';
import type { Redis } from 'ioredis';
import type { Logger } from '../lib/logger.js';
import { throttledWarning } from '../lib/throttled-warning.js';
import { keptForm, mayLoad, ownerOf, refuseListing, TASK_TTL_SECONDS, type RecentTasks } from '../a2a/task-store.js';

/** Every A2A task key in Redis starts with this, followed by the task's id (exported so tests find their keys). */
export const TASK_KEY_PREFIX = 'studio:a2a:task:';

/** What a key holds: the task in the SDK's own JSON form (Task.toJSON, as the wire carries it) and its owner. */
interface Stored {
  owner?: string;
  task: unknown;
}

/**
 * The A2A tasks in Redis (REDIS_URL), shared by every instance, so a follow-up to a waiting inquiry may
 * reach any of them. The rules of RecentTasks (task-store.ts): a task is kept without its history, for
 * TASK_TTL_SECONDS, which Redis enforces (each save sets the key's expiry again), so keys never pile up
 * and no count is needed; a client's task loads for that client only; tasks are not listed.
 *
 * While Redis cannot answer, a save goes to the process's RecentTasks and a warning is logged (at most
 * every 30 s): the request is served, its follow-up found on this instance. A task saved there is newer
 * than any copy in Redis, so it is read first; its next save to Redis drops it from the process.
 */
export class RedisTaskStore implements TaskStore {
  private readonly warn: (error: unknown) => void;

  constructor(private readonly redis: Redis, private readonly fallback: RecentTasks, log: Logger) {
    this.warn = throttledWarning(log, 'Redis A2A task store unreachable; keeping tasks in process meanwhile');
  }

  async save(task: Task, context: ServerCallContext): Promise<void> {
    const stored: Stored = { owner: ownerOf(context), task: Task.toJSON(keptForm(task)) };
    try {
      await this.redis.set(TASK_KEY_PREFIX + task.id, JSON.stringify(stored), 'EX', TASK_TTL_SECONDS);
      this.fallback.forget(task.id);
    } catch (error) {
      this.warn(error);
      await this.fallback.save(task, context);
    }
  }

  async load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    if (this.fallback.holds(taskId)) return this.fallback.load(taskId, context);
    let value: string | null;
    try {
      value = await this.redis.get(TASK_KEY_PREFIX + taskId);
    } catch (error) {
      // "Task not found", as another instance without Redis would answer: the client may send the fields instead.
      this.warn(error);
      return undefined;
    }
    if (value === null) return undefined;
    const stored = JSON.parse(value) as Stored;
    return mayLoad(stored.owner, context) ? Task.fromJSON(stored.task) : undefined;
  }

  async list(): Promise<never> {
    refuseListing();
  }
}
