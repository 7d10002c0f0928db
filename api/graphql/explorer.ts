import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import type { AppConfig } from '../config.js';

/** Where the explorer's own build lands (vite.explorer.config.ts). */
export const explorerFile = (config: AppConfig): string => path.join(config.webDir, 'explorer', 'explorer.html');

/**
 * GET /graphql from a browser (HTML preferred over JSON, no `query` parameter): the API explorer
 * (GraphiQL) for a signed-in user, and for anyone in development; otherwise a redirect to the sign-in
 * screen, which comes back here. Every other request (GET queries, POST, WebSocket upgrades) goes on to
 * the GraphQL server unchanged.
 */
export function explorerPage(config: AppConfig): RequestHandler {
  return (req, res, next) => {
    if (req.query.query !== undefined || req.accepts(['application/json', 'application/graphql-response+json', 'text/html']) !== 'text/html') return next();
    const signedIn = !!req.session?.userId && !req.apiToken;
    if (!signedIn && config.nodeEnv !== 'development') {
      res.redirect(302, `/login?returnTo=${encodeURIComponent('/graphql')}`);
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    const file = explorerFile(config);
    if (!existsSync(file)) {
      res.status(404).type('text').send('The API explorer is not built: run npm run build:web');
      return;
    }
    res.sendFile(file);
  };
}
