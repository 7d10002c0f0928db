import type { Router } from 'express';
import { quickAddRoutes } from '../modules/quick-add/quick-add.routes.js';
import { subtaskRoutes } from '../modules/subtask/subtask.routes.js';
import { commentRoutes } from '../modules/comment/comment.routes.js';
import { activityRoutes } from '../modules/activity/activity.routes.js';
import { userRoutes } from '../modules/user/user.routes.js';
import { userDeletionRoutes } from '../modules/user-deletion/user-deletion.routes.js';
import { projectRoutes } from '../modules/project/project.routes.js';
import { systemConfigRoutes } from '../modules/config/config.routes.js';
import { orgRoutes } from '../modules/org/org.routes.js';
import { templateRoutes } from '../modules/template/template.routes.js';
import { viewRoutes } from '../modules/view/view.routes.js';
import { managerRoutes } from '../modules/manager/manager.routes.js';
import { tokenRoutes } from '../modules/token/token.routes.js';
import { calendarRoutes } from '../modules/calendar/calendar.routes.js';
import { webhookRoutes } from '../modules/webhook/webhook.routes.js';
import { notificationRoutes } from '../modules/notification/notification.routes.js';

/** REST routers of the feature modules beyond auth and tasks; a module adds its router factory here. */
export const REST_MODULES: (() => Router)[] = [quickAddRoutes, subtaskRoutes, commentRoutes, activityRoutes, userRoutes, userDeletionRoutes, projectRoutes, systemConfigRoutes, orgRoutes, templateRoutes, viewRoutes, managerRoutes, tokenRoutes, calendarRoutes, webhookRoutes, notificationRoutes];
