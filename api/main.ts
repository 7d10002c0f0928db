/** Process entry: read the configuration, start the server, stop cleanly on SIGTERM/SIGINT. */
import { loadConfig } from './config.js';
import { createApp } from './app.js';
import { logger } from './common/logger.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  const port = await app.listen();
  logger.info(
    `Let work flow is listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port} (${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}${config.redisUrl ? ' + Redis' : ''})`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: finishing requests in flight and shutting down`);
    const force = setTimeout(() => {
      logger.error('Shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        logger.error('Error during shutdown', err);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err) => {
  logger.error(err instanceof Error && err.name === 'ConfigError' ? err.message : 'Failed to start', err);
  process.exit(1);
});
