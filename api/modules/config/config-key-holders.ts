import type { ServiceContext } from '../../common/context.js';
import type { TaskEvent } from '../../realtime/task-event.entity.js';

/** The fields of tasks and templates that hold a config key as text. */
export type ConfigKeyField = 'category' | 'priority';

/**
 * Rows that hold config keys (tasks, templates), and how a renamed key is rewritten in them. The config
 * module names none of them: the composition root (api/app.ts) hands them to the services as
 * AppRuntime.configKeyHolders, so those modules may import the config module and not the other way round.
 */
export interface ConfigKeyHolder {
  /**
   * Rewrites `from` to `to` in `field` of its rows, staged in the caller's unit of work; returns the
   * board events to publish after the flush.
   */
  renameKey(ctx: ServiceContext, field: ConfigKeyField, from: string, to: string): Promise<TaskEvent[]>;
}
