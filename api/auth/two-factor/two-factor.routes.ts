import { Router } from 'express';
import { body, handle, param } from '../../rest/http.js';
import * as twoFactor from './two-factor.service.js';
import { getRequirement, setRequirement } from './two-factor.requirement.js';

/**
 * The two-factor routes of docs/API.md: GET /api/auth/two-factor (the viewer's state), POST
 * /api/auth/two-factor/setup (secret and QR code), /confirm `{ code }` (answers the recovery codes),
 * /disable `{ code }`, /recovery-codes `{ code }`, and the admins' POST /api/users/:id/two-factor/reset
 * and GET/PUT /api/auth/two-factor/requirement `{ required: 'off' | 'admins' | 'everyone' }`.
 */
export function twoFactorRoutes(): Router {
  const r = Router();
  r.get(
    '/auth/two-factor',
    handle(async (_req, ctx) => twoFactor.twoFactorStatus(ctx)),
  );
  r.post(
    '/auth/two-factor/setup',
    handle(async (_req, ctx) => twoFactor.startSetup(ctx)),
  );
  r.post(
    '/auth/two-factor/confirm',
    handle(async (req, ctx) => ({ enabled: true, recoveryCodes: await twoFactor.confirmSetup(ctx, body(req).code) })),
  );
  r.post(
    '/auth/two-factor/disable',
    handle(async (req, ctx) => {
      await twoFactor.turnOff(ctx, body(req).code);
      return { enabled: false };
    }),
  );
  r.post(
    '/auth/two-factor/recovery-codes',
    handle(async (req, ctx) => ({ recoveryCodes: await twoFactor.renewRecoveryCodes(ctx, body(req).code) })),
  );
  r.get(
    '/auth/two-factor/requirement',
    handle(async (_req, ctx) => ({ required: await getRequirement(ctx) })),
  );
  r.put(
    '/auth/two-factor/requirement',
    handle(async (req, ctx) => ({ required: await setRequirement(ctx, body(req).required) })),
  );
  r.post(
    '/users/:id/two-factor/reset',
    handle(async (req, ctx) => ({ ok: true, wasOn: await twoFactor.resetTwoFactor(ctx, param(req, 'id')) })),
  );
  return r;
}
