// `npm start`: build the client when its build is missing or older than the sources, then serve app and API.
import { startServer } from '../main';
import { buildClient, clientBuildIsStale } from './build-client';

async function main() {
  if (clientBuildIsStale()) {
    console.log('Building the client (first start or sources changed)…');
    const started = Date.now();
    await buildClient();
    console.log(`Client built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await startServer();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
