import { User } from '../../modules/user/user.entity.js';
import { Project } from '../../modules/project/project.entity.js';
import type { Random } from './random.js';
import type { ScalePlan } from './plan.js';
import type { BulkWriter } from './bulk.js';

/** The demo accounts the company is built beside (api/db/seed.ts). */
export interface DemoPeople {
  admin: User;
  manager: User;
  user: User;
}

/** The people and projects of one generated company. */
export interface Company {
  /** Everyone who owns work: the generated managers and people, then the demo manager and user. */
  staff: User[];
  managerOf: Map<string, User>;
  projects: Project[];
}

const FIRST_NAMES = [
  'Alex',
  'Sam',
  'Jordan',
  'Taylor',
  'Morgan',
  'Casey',
  'Riley',
  'Jamie',
  'Avery',
  'Quinn',
  'Robin',
  'Drew',
  'Kim',
  'Lee',
  'Noa',
  'Ines',
  'Omar',
  'Priya',
  'Chen',
  'Mateo',
  'Zoe',
  'Lars',
  'Aiko',
  'Sven',
];
const LAST_NAMES = [
  'Smith',
  'Garcia',
  'Müller',
  'Rossi',
  'Dubois',
  'Nowak',
  'Silva',
  'Tanaka',
  'Kowalski',
  'Jensen',
  'Okafor',
  'Haddad',
  'Novak',
  'Larsen',
  'Moreau',
  'Costa',
];
const PROJECT_WORDS = [
  'Billing',
  'Onboarding',
  'Data',
  'Mobile',
  'Security',
  'Payments',
  'Search',
  'Reporting',
  'Migration',
  'Platform',
  'Support',
  'Compliance',
  'Marketing',
  'Logistics',
];
const PROJECT_KINDS = ['Revamp', 'Rollout', 'Pilot', 'Upgrade', 'Audit', 'Launch', 'Cleanup', 'Integration'];
const PROJECT_STATUSES = ['planning', 'active', 'active', 'active', 'on-hold', 'completed', 'cancelled'];
const PRIORITIES = ['low', 'medium', 'medium', 'high', 'critical'];
const COLORS = ['#3b82f6', '#14b8a6', '#a855f7', '#f97316', '#ef4444', '#22c55e', '#eab308', '#64748b'];

const DAY_MS = 86_400_000;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The username prefix of company number `n` (scale1.manager01, scale1.person001, ...). */
export const companyPrefix = (n: number): string => `scale${n}`;

function person(random: Random, username: string, role: 'manager' | 'member', managerId: string, passwordHash: string, createdAt: Date): User {
  const user = new User();
  user.id = random.uuid();
  user.username = username;
  user.email = `${username}@scale.example.com`;
  user.firstName = random.pick(FIRST_NAMES);
  user.lastName = random.pick(LAST_NAMES);
  user.role = role;
  user.managerId = managerId;
  user.passwordHash = passwordHash;
  user.dailyCapacityHours = 8;
  user.createdAt = createdAt;
  user.updatedAt = createdAt;
  return user;
}

/** Stages the managers (reporting to the demo admin) and their people, a team each of about 20. */
function stagePeople(
  random: Random,
  plan: ScalePlan,
  prefix: string,
  demo: DemoPeople,
  passwordHash: string,
  start: Date,
  writer: BulkWriter,
): Pick<Company, 'staff' | 'managerOf'> {
  const managers: User[] = [];
  const people: User[] = [];
  for (let i = 0; i < plan.managers; i++) managers.push(person(random, `${prefix}.manager${pad(i + 1, 2)}`, 'manager', demo.admin.id, passwordHash, start));
  for (let i = 0; i < plan.people; i++) {
    const manager = managers[i % managers.length];
    people.push(person(random, `${prefix}.person${pad(i + 1, 3)}`, 'member', manager.id, passwordHash, start));
  }
  for (const u of [...managers, ...people]) writer.stage(u);
  const managerOf = new Map<string, User>();
  for (const p of people)
    managerOf.set(
      p.id,
      managers.find((m) => m.id === p.managerId)!,
    );
  for (const m of managers) managerOf.set(m.id, demo.admin);
  managerOf.set(demo.user.id, demo.manager);
  managerOf.set(demo.manager.id, demo.admin);
  return { staff: [...managers, ...people, demo.manager, demo.user], managerOf };
}

function stageProjects(random: Random, plan: ScalePlan, prefix: string, managers: User[], demo: DemoPeople, now: Date, writer: BulkWriter): Project[] {
  const projects: Project[] = [];
  for (let i = 0; i < plan.projects; i++) {
    const startDate = new Date(now.getTime() - random.int(plan.days) * DAY_MS);
    const project = new Project();
    Object.assign(project, {
      id: random.uuid(),
      name: `${random.pick(PROJECT_WORDS)} ${random.pick(PROJECT_KINDS)} ${prefix.replace('scale', 'S')}-${pad(i + 1, 3)}`,
      description: random.chance(0.7) ? 'A cross-team effort with a clear owner and a quarterly goal.' : null,
      color: random.pick(COLORS),
      status: random.pick(PROJECT_STATUSES),
      priority: random.pick(PRIORITIES),
      progress: random.int(101),
      projectManagerId: random.pick(managers).id,
      startDate,
      endDate: new Date(startDate.getTime() + (30 + random.int(300)) * DAY_MS),
      createdById: random.chance(0.5) ? demo.admin.id : random.pick(managers).id,
      createdAt: startDate,
      updatedAt: startDate,
    });
    writer.stage(project);
    projects.push(project);
  }
  return projects;
}

/** Stages the company's people and projects (written by the next flush). */
export function stageCompany(
  random: Random,
  plan: ScalePlan,
  companyNumber: number,
  demo: DemoPeople,
  passwordHash: string,
  now: Date,
  writer: BulkWriter,
): Company {
  const prefix = companyPrefix(companyNumber);
  const start = new Date(now.getTime() - plan.days * DAY_MS);
  const { staff, managerOf } = stagePeople(random, plan, prefix, demo, passwordHash, start, writer);
  const managers = staff.filter((u) => u.role === 'manager' && u.id !== demo.manager.id);
  return { staff, managerOf, projects: stageProjects(random, plan, prefix, managers, demo, now, writer) };
}
