import type { EntityManager } from '@mikro-orm/core';
import { DEFAULT_CATEGORIES, DEFAULT_PRIORITIES } from '../../schema/domain/catalog.js';
import { hashPassword } from '../auth/passwords.js';
import { User } from '../modules/user/user.entity.js';
import { SystemConfig } from '../modules/config/config.entity.js';
import { Project } from '../modules/project/project.entity.js';
import { Task } from '../modules/task/task.entity.js';
import { TaskColumn, TaskStatus } from '../modules/task/task.enums.js';
import { Subtask } from '../modules/subtask/subtask.entity.js';
import { logger } from '../common/logger.js';

/** The demo accounts, seeded into an empty embedded database (docs/DECISIONS.md); the login screen's quick-fill buttons use them. */
export const DEMO_ACCOUNTS = [
  { username: 'admin', password: 'admin123', firstName: 'Ada', lastName: 'Admin', role: 'admin', email: 'admin@example.com' },
  { username: 'manager', password: 'manager123', firstName: 'Maya', lastName: 'Manager', role: 'manager', email: 'manager@example.com' },
  { username: 'user', password: 'user123', firstName: 'Uri', lastName: 'User', role: 'member', email: 'user@example.com' },
] as const;

/** Adds the default categories and priorities that are missing (every database gets these). */
export async function seedCatalog(em: EntityManager): Promise<void> {
  if ((await em.count(SystemConfig, {})) > 0) return;
  DEFAULT_CATEGORIES.forEach((c, i) =>
    em.persist(Object.assign(new SystemConfig(), { configType: 'categories', configKey: c.key, displayLabel: c.label, color: c.color, sortOrder: i })),
  );
  DEFAULT_PRIORITIES.forEach((p, i) =>
    em.persist(Object.assign(new SystemConfig(), { configType: 'priorities', configKey: p.key, displayLabel: p.label, color: p.color, sortOrder: i })),
  );
  await em.flush();
}

const day = (offset: number): Date => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + offset, 12));
};

/** Seeds the demo users, projects and tasks into an empty database. Returns false when users exist. */
export async function seedDemo(em: EntityManager): Promise<boolean> {
  if ((await em.count(User, {})) > 0) return false;
  const users: Record<string, User> = {};
  for (const account of DEMO_ACCOUNTS) {
    const { password, ...fields } = account;
    const user = Object.assign(new User(), { ...fields, passwordHash: await hashPassword(password) });
    em.persist(user);
    users[account.username] = user;
  }
  users.user.managerId = users.manager.id;

  const projects = [
    { name: 'Website Relaunch', description: 'New marketing site and blog', color: '#3b82f6', status: 'active', priority: 'high', progress: 40 },
    { name: 'Infrastructure Upgrade', description: 'Move services to the new cluster', color: '#14b8a6', status: 'planning', priority: 'medium', progress: 10 },
    { name: 'Onboarding Handbook', description: 'Everything a new teammate needs', color: '#a855f7', status: 'active', priority: 'low', progress: 65 },
  ];
  for (const p of projects) em.persist(Object.assign(new Project(), { ...p, createdById: users.admin.id, startDate: day(-14), endDate: day(30) }));

  type Seed = {
    title: string;
    who: string;
    by?: string;
    date: number | null;
    status: TaskStatus;
    project?: string;
    category?: string;
    priority?: string;
    time?: string;
    hours?: number;
    progress?: number;
    due?: number;
  };
  const tasks: Seed[] = [
    {
      title: 'Review pull requests',
      who: 'user',
      date: -1,
      status: TaskStatus.NOT_STARTED,
      project: 'Website Relaunch',
      category: 'dev',
      priority: 'high',
      hours: 1,
    },
    {
      title: 'Write release notes',
      who: 'user',
      date: -3,
      status: TaskStatus.PLANNED,
      project: 'Website Relaunch',
      category: 'documentation',
      hours: 2,
      due: -1,
    },
    {
      title: 'Plan sprint goals',
      who: 'user',
      by: 'manager',
      date: 0,
      status: TaskStatus.IN_PROGRESS,
      category: 'process',
      time: '09:00',
      hours: 1,
      progress: 20,
    },
    {
      title: 'Fix login redirect bug',
      who: 'user',
      date: 0,
      status: TaskStatus.IN_PROGRESS,
      project: 'Website Relaunch',
      category: 'dev',
      priority: 'critical',
      time: '11:30',
      hours: 3,
      progress: 50,
    },
    {
      title: 'Design new landing page hero',
      who: 'user',
      date: 1,
      status: TaskStatus.PLANNED,
      project: 'Website Relaunch',
      category: 'design',
      hours: 4,
      due: 3,
    },
    {
      title: 'Update onboarding checklist',
      who: 'user',
      date: null,
      status: TaskStatus.PLANNED,
      project: 'Onboarding Handbook',
      category: 'documentation',
      priority: 'low',
    },
    {
      title: 'Set up staging database',
      who: 'manager',
      date: 0,
      status: TaskStatus.IN_PROGRESS,
      project: 'Infrastructure Upgrade',
      category: 'infra',
      time: '14:00',
      hours: 2,
    },
    {
      title: 'Security patch rollout',
      who: 'manager',
      date: 1,
      status: TaskStatus.PLANNED,
      project: 'Infrastructure Upgrade',
      category: 'it ops',
      priority: 'high',
      due: 2,
    },
    { title: 'Quarterly budget review', who: 'admin', date: -1, status: TaskStatus.DONE, category: 'governance', progress: 100 },
    { title: 'Archive old tickets', who: 'admin', date: null, status: TaskStatus.PLANNED, category: 'process', priority: 'low' },
  ];
  let first: Task | null = null;
  for (const t of tasks) {
    const task = Object.assign(new Task(), {
      title: t.title,
      description: null,
      project: t.project ?? null,
      category: t.category ?? 'dev',
      priority: t.priority ?? 'medium',
      status: t.status,
      progress: t.progress ?? 0,
      column: TaskColumn.UNSCHEDULED,
      tags: t.project ? [t.project.split(' ')[0].toLowerCase()] : [],
      scheduledDate: t.date === null ? null : day(t.date),
      scheduledTime: t.time ?? null,
      dueDate: t.due === undefined ? null : day(t.due),
      estimatedHours: t.hours ?? null,
      assignedToId: users[t.who].id,
      createdById: users[t.by ?? t.who].id,
      completedAt: t.status === TaskStatus.DONE ? day(t.date ?? 0) : null,
      createdAt: day(-7),
      updatedAt: new Date(),
    });
    em.persist(task);
    first ??= task;
  }
  if (first) {
    for (const [i, title] of ['Check the CI results', 'Leave review comments', 'Approve or request changes'].entries()) {
      em.persist(
        Object.assign(new Subtask(), {
          taskId: first.id,
          title,
          status: i === 0 ? 'Done' : 'Not Started',
          estimatedHours: 0.5,
          createdAt: new Date(Date.now() + i),
        }),
      );
    }
  }
  await em.flush();
  logger.warn(
    'Seeded demo accounts admin/admin123, manager/manager123, user/user123 into the empty database. Set SEED_DEMO=false for a real deployment and create the first admin with npm run create-admin.',
  );
  return true;
}
