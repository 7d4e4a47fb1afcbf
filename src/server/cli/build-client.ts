import fs from 'node:fs';
import path from 'node:path';
import type { Configuration } from 'webpack';
import { runAsScript } from './script';

const ROOT = path.resolve(__dirname, '../../..');
const OUTPUT_INDEX = path.join(ROOT, 'dist/public/index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The client build is stale when any client, shared or public source, the webpack config or the lock file is newer
 * than it (`root`: the project's folder).
 */
export function clientBuildIsStale(root = ROOT): boolean {
  const index = path.join(root, path.relative(ROOT, OUTPUT_INDEX));
  if (!fs.existsSync(index)) return true;
  const built = fs.statSync(index).mtimeMs;
  const sources = Math.max(
    newestMtime(path.join(root, 'src/client')), newestMtime(path.join(root, 'src/shared')), newestMtime(path.join(root, 'public')),
    fs.statSync(path.join(root, 'webpack.config.ts')).mtimeMs, fs.statSync(path.join(root, 'package-lock.json')).mtimeMs,
  );
  return sources > built;
}

/**
 * Builds the client with the project's production configuration (`config`: another, whose output holds `index`), and
 * marks `index` as just built.
 */
export async function buildClient({ config, index = OUTPUT_INDEX }: { config?: Configuration; index?: string } = {}): Promise<void> {
  // Loaded only when a build is needed: importing webpack costs about a second of start-up.
  const { default: webpack } = await import('webpack');
  const compiler = webpack(config ?? (await import('../../../webpack.config')).createConfig('production'));
  await new Promise<void>((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    });
  });
  // Webpack leaves unchanged files untouched; without this, a source change that does not alter the bundle (a comment,
  // the lock file) would leave the build looking stale, and every start would build again.
  const now = new Date();
  fs.utimesSync(index, now, now);
}

/** Runs `build`, saying how long it took. */
export async function reportedBuild(build: () => Promise<void> = buildClient, log: (line: string) => void = console.log): Promise<void> {
  const started = Date.now();
  await build();
  log(`Client built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

runAsScript(module, () => reportedBuild());
