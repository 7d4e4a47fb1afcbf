// `npm start`: build the client when its build is missing or older than the sources, then serve app and API.
import type { AppOptions } from '../app';
import { readConfig, type ServerConfig } from '../config';
import { startServer, stopOnSignals, type RunningServer } from '../main';
import { buildClient, clientBuildIsStale, reportedBuild } from './build-client';
import { runAsScript } from './script';

export interface StartOptions {
  config?: ServerConfig;
  app?: AppOptions;
  /** The project folder whose client build is checked. */
  root?: string;
  build?: () => Promise<void>;
}

/** Builds the client first when it must (a failed build serves nothing), then starts the server. */
export async function start({ config = readConfig(), app, root, build = buildClient }: StartOptions = {}): Promise<RunningServer> {
  if (clientBuildIsStale(root)) {
    console.log('Building the client (first start or sources changed)…');
    await reportedBuild(build);
  }
  return startServer(config, app);
}

runAsScript(module, () => start().then((running) => stopOnSignals(running)));
