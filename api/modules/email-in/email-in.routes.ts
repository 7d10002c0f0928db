import { Router } from 'express';
import { handle } from '../../rest/http.js';
import * as emailIn from './email-in.service.js';

/** REST adapter of the email-in address: /api/email-in (GET, rotate). */
export function emailInRoutes(): Router {
  const r = Router();
  r.get(
    '/email-in',
    handle((_req, ctx) => emailIn.emailInAddress(ctx)),
  );
  r.post(
    '/email-in/rotate',
    handle((_req, ctx) => emailIn.rotateEmailInAddress(ctx)),
  );
  return r;
}
