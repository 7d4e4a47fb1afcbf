// Browser tests drive the real production bundle: build it once before the suite when sources are newer.
import { buildClient, clientBuildIsStale } from '../../src/server/cli/build-client';

export default async function globalSetup(): Promise<void> {
  if (clientBuildIsStale()) await buildClient();
}
