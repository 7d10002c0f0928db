import { Router } from 'express';
import { body, handle, param, toJson } from '../../rest/http.js';
import * as passkeys from './passkeys.service.js';
import { signInOptions, signInWithPasskey } from './passkey-sign-in.js';

/**
 * The passkey routes of docs/API.md: POST /api/auth/passkeys/registration/options, POST
 * /api/auth/passkeys/registration `{ name, response }`, GET /api/auth/passkeys, PATCH and DELETE
 * /api/auth/passkeys/:id; sign-in: POST /api/auth/passkey/options and /api/auth/passkey/login `{ response }`.
 */
export function passkeyRoutes(): Router {
  const r = Router();
  r.post(
    '/auth/passkeys/registration/options',
    handle(async (_req, ctx) => passkeys.registrationOptions(ctx)),
  );
  r.post(
    '/auth/passkeys/registration',
    handle(async (req, ctx) => {
      const { name, response } = body(req);
      return passkeys.passkeyJson(await passkeys.addPasskey(ctx, { name, response }));
    }, 201),
  );
  r.get(
    '/auth/passkeys',
    handle(async (_req, ctx) => (await passkeys.listPasskeys(ctx)).map(passkeys.passkeyJson)),
  );
  r.patch(
    '/auth/passkeys/:id',
    handle(async (req, ctx) => passkeys.passkeyJson(await passkeys.renamePasskey(ctx, param(req, 'id'), body(req).name))),
  );
  r.delete(
    '/auth/passkeys/:id',
    handle(async (req, ctx) => {
      await passkeys.removePasskey(ctx, param(req, 'id'));
      return { ok: true };
    }),
  );
  r.post(
    '/auth/passkey/options',
    handle(async (_req, ctx) => signInOptions(ctx)),
  );
  r.post(
    '/auth/passkey/login',
    handle(async (req, ctx) => toJson(await signInWithPasskey(ctx, body(req).response))),
  );
  return r;
}
