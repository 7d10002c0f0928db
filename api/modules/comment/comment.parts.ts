import type { ServiceContext } from '../../common/context.js';
import type { Task } from '../task/task.entity.js';
import type { TaskComment } from './comment.entity.js';

/**
 * What another module keeps per comment (the files attached to it) and how a comment's delete takes it
 * along. The comment module names none of those modules: the composition root (api/app.ts) hands their
 * parts to the service as AppRuntime.commentParts, as it does task parts (task-parts.ts).
 */
export interface CommentPart {
  /**
   * Stages the removal of the comment's rows in the delete's unit of work (audited on the task) and
   * answers what to do once it has committed (removing stored bytes).
   */
  stageDeleteOf(ctx: ServiceContext, comment: TaskComment, task: Task): Promise<() => Promise<void>>;
}

declare module '../../common/context.js' {
  interface AppRuntime {
    /** What comments carry of other modules through a delete (their files). */
    commentParts: readonly CommentPart[];
  }
}

declare module '../../common/module.js' {
  interface ServerModule {
    /** What this module keeps per comment, removed with it. */
    readonly commentPart?: CommentPart;
  }
}
