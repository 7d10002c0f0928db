import type { ServerModule } from '../../common/module.js';
import { AuditEntry } from './audit.entity.js';
import { AuditReader } from './audit-reader.entity.js';

/** The audit module's manifest: what it offers the composition root (api/modules/index.ts). */
export const auditModule: ServerModule = {
  name: 'audit',
  entities: [AuditEntry, AuditReader],
};
