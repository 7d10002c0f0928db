import { wrap } from '@mikro-orm/core';
import type { ServiceContext } from '../../common/context.js';
import type { PlainRow } from '../../common/plain-rows.js';
import type { Task } from './task.entity.js';
import { taskColumn } from './task.placement.js';

/** A task as REST JSON (and webhook payloads): the entity's fields with the board column derived for the viewer. */
export const taskJson = (ctx: ServiceContext, task: Task) => ({ ...wrap(task).toObject(), column: taskColumn(ctx, task) });

/** A task row of a list (plain columns, no entity) as REST JSON, with the board column derived for the viewer. */
export const taskRowJson = (ctx: ServiceContext, row: PlainRow<Task>) => ({ ...row, column: taskColumn(ctx, row) });
