import type { ServiceContext } from '../../common/context.js';
import type { TaskEvent } from '../../realtime/task-event.entity.js';

/** The fields of tasks and templates that hold a config key as text. */
export type ConfigKeyField = 'category' | 'priority';

/**
 * Rows that hold config keys (tasks, templates), and how a renamed key is rewritten in them. The config
 * module names none of them: the composition root (api/app.ts) hands them to the services as
 * AppRuntime.configKeyHolders, so those modules may import the config module and not the other way round.
 * A module offers its holder as its manifest's `configKeyHolder`.
 */
export interface ConfigKeyHolder {
  /**
   * Rewrites `from` to `to` in `field` of its rows, staged in the caller's unit of work; returns the
   * board events to publish after the flush.
   */
  renameKey(ctx: ServiceContext, field: ConfigKeyField, from: string, to: string): Promise<TaskEvent[]>;
}

declare module '../../common/context.js' {
  interface AppRuntime {
    /** The rows that hold config keys, rewritten when a key is renamed (tasks, templates). */
    configKeyHolders: readonly ConfigKeyHolder[];
  }
}

declare module '../../common/module.js' {
  interface ServerModule {
    /** The config keys this module's rows hold, rewritten when a key is renamed. */
    readonly configKeyHolder?: ConfigKeyHolder;
  }
}
