import type { NonEmptyArray } from 'type-graphql';
import { AuthResolver } from '../auth/auth.resolver.js';
import { TaskResolver } from '../modules/task/task.resolver.js';
import { QuickAddResolver } from '../modules/quick-add/quick-add.resolver.js';
import { SubtaskResolver, TaskSubtasksResolver } from '../modules/subtask/subtask.resolver.js';
import { CommentResolver, TaskCommentsResolver } from '../modules/comment/comment.resolver.js';
import { ActivityConnectionResolver, ActivityResolver } from '../modules/activity/activity.resolver.js';
import { BoardResolver } from '../realtime/board.resolver.js';
import { UserResolver } from '../modules/user/user.resolver.js';
import { UserDeletionResolver } from '../modules/user-deletion/user-deletion.resolver.js';
import { ProjectResolver } from '../modules/project/project.resolver.js';
import { SystemConfigResolver } from '../modules/config/config.resolver.js';
import { OrgFunctionResolver, TeamMemberResolver, TeamResolver } from '../modules/org/org.resolver.js';
import { TaskTemplateResolver } from '../modules/template/template.resolver.js';
import { TaskViewResolver } from '../modules/view/view.resolver.js';
import { ManagerInsightResolver, ManagerResolver } from '../modules/manager/manager.resolver.js';
import { SystemStatusResolver } from '../modules/system/system.resolver.js';
import { ApiTokenResolver } from '../modules/token/token.resolver.js';
import { CalendarFeedResolver } from '../modules/calendar/calendar.resolver.js';
import { WebhookResolver } from '../modules/webhook/webhook.resolver.js';
import { NotificationResolver } from '../modules/notification/notification.resolver.js';

/** Every resolver class of the schema; a module adds its resolver here. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const RESOLVERS: NonEmptyArray<Function> = [AuthResolver, TaskResolver, QuickAddResolver, SubtaskResolver, TaskSubtasksResolver, CommentResolver, TaskCommentsResolver, ActivityResolver, ActivityConnectionResolver, BoardResolver, UserResolver, UserDeletionResolver, ProjectResolver, SystemConfigResolver, OrgFunctionResolver, TeamResolver, TeamMemberResolver, TaskTemplateResolver, TaskViewResolver, ManagerResolver, ManagerInsightResolver, SystemStatusResolver, ApiTokenResolver, CalendarFeedResolver, WebhookResolver, NotificationResolver];
