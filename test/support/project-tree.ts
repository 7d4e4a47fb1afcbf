// A project folder of the shape `npm start` checks before serving: one file of each kind the client build reads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const CLIENT_BUILD_SOURCES = ['src/client/app/App.tsx', 'src/shared/enums/index.ts', 'public/favicon.svg', 'webpack.config.ts', 'package-lock.json'];
export const CLIENT_BUILD_INDEX = 'dist/public/index.html';

/** Sets a file's times `secondsFromNow` (negative: in the past), creating it first when missing. */
export function touch(root: string, file: string, secondsFromNow: number): void {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  if (!fs.existsSync(full)) fs.writeFileSync(full, '<!doctype html>');
  const at = new Date(Date.now() + secondsFromNow * 1000);
  fs.utimesSync(full, at, at);
}

/** A new project folder with every source written a minute ago and no client build. */
export function projectTree(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'client-build-'));
  for (const file of CLIENT_BUILD_SOURCES) touch(root, file, -60);
  return root;
}
