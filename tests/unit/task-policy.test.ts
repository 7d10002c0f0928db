import { describe, expect, it } from 'vitest';
import type { Actor } from '../../api/common/actor.js';
import { canWriteTask, writeNeedsAssigneeLine, type AssigneeLine, type TaskOwnership } from '../../api/modules/task/task.policy.js';

const actors: Actor[] = (['admin', 'manager', 'member'] as const).map((role) => ({ id: 'me', username: role, role, managerId: null }));
const people = [null, 'me', 'reportee', 'stranger'];
const lines: (AssigneeLine | null)[] = [null, { managerId: 'me' }, { managerId: 'someone else' }, { managerId: null }];

describe('writeNeedsAssigneeLine', () => {
  it('is true exactly where canWriteTask would answer differently for some assignee line', () => {
    let needed = 0;
    for (const actor of actors) {
      for (const assignedToId of people) {
        for (const createdById of people) {
          const task: TaskOwnership = { assignedToId, createdById };
          // An unassigned task has no line (assigneeLine gives null).
          const answers = new Set((assignedToId ? lines : [null]).map((line) => canWriteTask(actor, task, line)));
          const needs = writeNeedsAssigneeLine(actor, task);
          expect(needs, `${actor.role} on ${JSON.stringify(task)}`).toBe(answers.size > 1);
          // Where it is not needed, leaving the line out (null) gives the one answer there is.
          if (!needs) expect(canWriteTask(actor, task, null)).toBe([...answers][0]);
          if (needs) needed++;
        }
      }
    }
    expect(needed).toBeGreaterThan(0); // a manager's write of a task of someone else's does depend on it
  });
});
