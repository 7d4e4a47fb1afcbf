import { buildApp } from './app';
import { readConfig, type ServerConfig } from './config';
import { openPglite, openPostgres, type Db } from './db/database';
import { migrate } from './db/migrate';
import { seed } from './db/seed';

export async function openDatabase(config: ServerConfig): Promise<Db> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(`${config.dataDir}/pg`);
}

/** Opens the database, applies migrations, seeds a new database, and listens. */
export async function startServer(config = readConfig()) {
  const started = Date.now();
  const db = await openDatabase(config);
  const applied = await migrate(db);
  const seeded = await seed(db);
  const app = await buildApp(db, config);
  await app.server.listen({ port: config.port, host: config.host });
  app.server.log.info(`${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}; ${applied.length} migrations applied${seeded ? ', seeded' : ''}; ready in ${Date.now() - started} ms`);
  const stop = async () => {
    await app.server.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return app;
}

if (require.main === module) {
  startServer().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
