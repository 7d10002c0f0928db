/**
 * Every server module, the one place that names them all. The order is the order of the REST routes
 * (auth and tasks first), of the resolvers, of the task parts (subtasks, then comments) and of the
 * config key holders (tasks, then templates). A new module adds its manifest (its folder's index.ts) here.
 */
import type { ServerModule } from '../common/module.js';
import { authModule } from '../auth/index.js';
import { realtimeModule } from '../realtime/index.js';
import { taskModule } from './task/index.js';
import { quickAddModule } from './quick-add/index.js';
import { subtaskModule } from './subtask/index.js';
import { commentModule } from './comment/index.js';
import { attachmentModule } from './attachment/index.js';
import { timeModule } from './time/index.js';
import { auditModule } from './audit/index.js';
import { activityModule } from './activity/index.js';
import { userModule } from './user/index.js';
import { userDeletionModule } from './user-deletion/index.js';
import { projectModule } from './project/index.js';
import { configModule } from './config/index.js';
import { orgModule } from './org/index.js';
import { templateModule } from './template/index.js';
import { viewModule } from './view/index.js';
import { managerModule } from './manager/index.js';
import { systemModule } from './system/index.js';
import { tokenModule } from './token/index.js';
import { calendarModule } from './calendar/index.js';
import { webhookModule } from './webhook/index.js';
import { notificationModule } from './notification/index.js';
import { presenceModule } from './presence/index.js';
import { emailInModule } from './email-in/index.js';
import { importModule } from './import/index.js';
import { workspaceTransferModule } from './workspace-transfer/index.js';
import { myDataModule } from './my-data/index.js';

export const SERVER_MODULES: readonly ServerModule[] = [
  authModule,
  taskModule,
  quickAddModule,
  subtaskModule,
  commentModule,
  attachmentModule,
  timeModule,
  auditModule,
  activityModule,
  realtimeModule,
  userModule,
  userDeletionModule,
  projectModule,
  configModule,
  orgModule,
  templateModule,
  viewModule,
  managerModule,
  systemModule,
  tokenModule,
  calendarModule,
  webhookModule,
  notificationModule,
  presenceModule,
  emailInModule,
  importModule,
  myDataModule,
  workspaceTransferModule,
];
