import { Router } from 'express';
import { requireActor } from '../../common/context.js';
import { logger } from '../../common/logger.js';
import { handle, runtimeOf } from '../../rest/http.js';
import { archiveStream } from './transfer.archive.js';
import { exportWorkspace } from './transfer.export.js';
import { assertCanExportWorkspace } from './transfer.policy.js';
import { withStaging, workspaceLocation } from './transfer.service.js';

/** The download's file name: let-work-flow-workspace-2026-11-28.tar.gz. */
const fileName = (now: Date): string => `let-work-flow-workspace-${now.toISOString().slice(0, 10)}.tar.gz`;

/** GET /api/admin/workspace-export: the workspace export (docs/WORKSPACE-FORMAT.md) as a download, admins only. */
export function workspaceTransferRoutes(): Router {
  const r = Router();
  r.get(
    '/admin/workspace-export',
    handle(async (req, ctx, res) => {
      assertCanExportWorkspace(requireActor(ctx));
      const { orm, config } = runtimeOf(req);
      await withStaging(async (dir) => {
        await exportWorkspace(orm, { ...workspaceLocation(config.databaseUrl, config.dataDir), sessionSecret: config.sessionSecret }, dir);
        const tar = archiveStream(dir);
        let errors = '';
        tar.stderr.on('data', (chunk) => (errors += chunk));
        res.status(200).set({
          'content-type': 'application/gzip',
          'content-disposition': `attachment; filename="${fileName(ctx.now())}"`,
          'cache-control': 'no-store',
        });
        tar.stdout.pipe(res);
        const code = await new Promise<number | null>((resolve) => tar.once('close', resolve));
        if (code !== 0) {
          logger.error(`The workspace export's tar failed (${code}): ${errors.trim()}`);
          res.destroy();
        }
      });
    }),
  );
  return r;
}
