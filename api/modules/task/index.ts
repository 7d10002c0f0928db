import type { ServerModule } from '../../common/module.js';
import { Task } from './task.entity.js';
import { TaskResolver } from './task.resolver.js';
import { taskRoutes } from './task.routes.js';
import { taskLoaders } from './task.loaders.js';
import { taskConfigKeys } from './task-references.js';

/** The task module's manifest: what it offers the composition root (api/modules/index.ts). */
export const taskModule: ServerModule = {
  name: 'task',
  entities: [Task],
  resolvers: [TaskResolver],
  routes: taskRoutes,
  loaders: taskLoaders,
  configKeyHolder: taskConfigKeys,
};

// What the modules above call: the writes (one file each under commands/), the access checks and the
// people of a task's fields.
export { createTask, stageNewTask, type StageTaskOptions } from './commands/create-task.js';
export { updateTask } from './commands/update-task.js';
export { moveTask, type MoveTaskRequest } from './commands/move-task.js';
export { deleteTask, deleteTasks } from './commands/delete-tasks.js';
export { restoreDeletedTasks, restoreFromAudit } from './commands/restore-task.js';
export { assertAssignee, getReadableTask, getWritableTask, mayAssignTo, taskPermissions, type TaskPermissions } from './task.access.js';
export { loadUser } from './task.preload.js';
export { parseCheckedFields } from './task.write.js';
export {
  Mention,
  MentionCandidate,
  MENTIONABLE_MAX,
  MENTIONS_PER_TEXT_MAX,
  descriptionMentionsOf,
  keepReadableMentions,
  mentionableUsers,
  mentionsOf,
} from './task.mentions.js';
