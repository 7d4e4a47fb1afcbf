import { buildApp, type App, type AppOptions } from './app';
import { runAsScript } from './cli/script';
import { readConfig, type ServerConfig } from './config';
import { openPglite, openPostgres, type Db } from './db/database';
import { migrate } from './db/migrate';
import { seed } from './db/seed';

async function openDatabase(config: ServerConfig): Promise<Db> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(`${config.dataDir}/pg`);
}

export interface RunningServer {
  app: App;
  db: Db;
}

/** How long a stop waits for requests in flight before it cuts the connections still open. */
const SHUTDOWN_GRACE_MS = 20_000;

/**
 * Stops serving gracefully, as a rolling restart needs: hub clients get a Close that allows reconnecting (they come
 * back to whichever instance answers next), the listener takes no new connections, idle keep-alive sockets are
 * closed, and requests in flight finish (for at most SHUTDOWN_GRACE_MS).
 */
export async function stopServing(app: App): Promise<void> {
  const http = app.server.server;
  // Node closes the keep-alive sockets idle when the stop begins; one whose request finishes later would hold the stop
  // open until its keep-alive timeout, so idle sockets are closed as they appear.
  const reap = setInterval(() => http.closeIdleConnections(), 100);
  const cut = setTimeout(() => http.closeAllConnections(), SHUTDOWN_GRACE_MS);
  try {
    await app.server.close();
  } finally {
    clearInterval(reap);
    clearTimeout(cut);
  }
}

/** Stops serving, then closes the database. */
export async function shutdown({ app, db }: RunningServer): Promise<void> {
  await stopServing(app);
  await db.close();
}

/** Opens the database, applies migrations, seeds a new database, and listens. */
export async function startServer(config = readConfig(), options: AppOptions = {}): Promise<RunningServer> {
  const started = Date.now();
  const db = await openDatabase(config);
  const applied = await migrate(db);
  const seeded = await seed(db);
  const app = await buildApp(db, config, options);
  await app.server.listen({ port: config.port, host: config.host });
  app.server.log.info(`${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}; ${applied.length} migrations applied${seeded ? ', seeded' : ''}; ready in ${Date.now() - started} ms`);
  return { app, db };
}

/** The first SIGTERM or SIGINT stops the server gracefully and then ends the process (1 when the stop failed). */
export function stopOnSignals(running: RunningServer, exit: (code: number) => void = process.exit): void {
  const stop = (signal: NodeJS.Signals) => {
    // A second signal during the stop, of either kind, finds no handler and ends the process at once.
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    running.app.server.log.info(`${signal}: stopping`);
    shutdown(running).then(() => exit(0), (error: unknown) => {
      console.error(error);
      exit(1);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

runAsScript(module, () => startServer().then((running) => stopOnSignals(running)));
