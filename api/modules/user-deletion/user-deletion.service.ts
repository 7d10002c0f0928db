import { raw } from '@mikro-orm/core';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { endUserSessions } from '../../auth/auth.service.js';
import { TwoFactorLogin } from '../../auth/two-factor/two-factor.entity.js';
import { UserIdentity } from '../../auth/oidc/identity.entity.js';
import { Passkey } from '../../auth/passkeys/passkey.entity.js';
import { recordAudit } from '../audit/audit.service.js';
import { presentFields } from '../audit/audit.diff.js';
import { publishStagedEvents } from '../../realtime/task-events.js';
import { Subtask } from '../subtask/subtask.entity.js';
import { Project } from '../project/project.entity.js';
import { OrgFunction, Team, TeamMember } from '../org/org.entity.js';
import { TaskTemplate } from '../template/template.entity.js';
import { TaskView } from '../view/view.entity.js';
import { deleteEmailInAddress } from '../email-in/email-in.service.js';
import { rewriteTaskReferences } from '../task/task-references.js';
import { User } from '../user/user.entity.js';
import { displayName, getUser, USER_AUDIT_FIELDS } from '../user/user.service.js';
import { assertCanManageUsers, assertNotOwnAccount } from '../user/user.policy.js';

// Deleting a user reaches into every module that can name one, so it sits above them all: the user
// module itself imports none of them (tests/unit/module-imports.test.ts).

/**
 * Deletes a user (admins, not themselves). Their tasks and subtasks become unassigned (audited and
 * pushed live), reportees lose their reporting manager, team memberships and their saved views go,
 * and the functions, teams, projects and templates that named them name nobody. Tasks they created
 * keep them as creator (shown as an unknown user). Their email-in address stops taking mail, and their
 * single sign-on links go. Their sessions and subscriptions end.
 */
export async function deleteUser(ctx: ServiceContext, userId: string): Promise<string> {
  const actor = requireActor(ctx);
  assertCanManageUsers(actor);
  const user = await getUser(ctx, userId);
  assertNotOwnAccount(actor, user.id, 'delete');
  const name = displayName(user);

  const events = await ctx.em.transactional(async (em) => {
    const tx: ServiceContext = { ...ctx, em };
    const staged = await rewriteTaskReferences(
      tx,
      { assignedToId: user.id },
      { assignedToId: null },
      (t) => `Unassigned task "${t.title}": its assignee ${name} was deleted`,
    );
    await em.nativeUpdate(Subtask, { assignedToId: user.id }, { assignedToId: null });
    await em.nativeUpdate(User, { managerId: user.id }, { managerId: null });
    await em.nativeDelete(TeamMember, { userId: user.id });
    await em.nativeUpdate(Team, { managerId: user.id }, { managerId: null });
    await em.nativeUpdate(OrgFunction, { headId: user.id }, { headId: null });
    await em.nativeUpdate(Project, { projectManagerId: user.id }, { projectManagerId: null });
    await em.nativeUpdate(TaskTemplate, { defaultAssigneeId: user.id }, { defaultAssigneeId: null });
    await em.nativeDelete(TaskView, { createdById: user.id });
    await deleteEmailInAddress(em, user.id);
    await em.nativeDelete(TwoFactorLogin, { userId: user.id });
    await em.nativeDelete(UserIdentity, { userId: user.id });
    await em.nativeDelete(Passkey, { userId: user.id });
    const sharedText = raw((alias: string) => `cast(${alias}.shared_with as text)`);
    const shared = await em.find(TaskView, { [sharedText]: { $like: `%${user.id}%` } } as never);
    for (const view of shared) view.sharedWith = view.sharedWith.filter((id) => id !== user.id);
    recordAudit(tx, {
      action: 'deleted',
      description: `Deleted user "${user.username}"${staged.length ? ` and unassigned ${staged.length} task${staged.length === 1 ? '' : 's'}` : ''}`,
      entityType: 'user',
      entityId: user.id,
      taskId: null,
      oldValues: presentFields(user, USER_AUDIT_FIELDS),
    });
    em.remove(em.getReference(User, user.id));
    return staged;
  });
  publishStagedEvents(ctx, events);
  await endUserSessions(ctx, user.id, 'deleted');
  return user.id;
}
