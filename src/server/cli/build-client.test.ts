import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clientBuildIsStale } from './build-client';

/** A project tree with one file of each kind the build reads, all written a minute ago. */
function project(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'client-build-'));
  for (const file of ['src/client/app/App.tsx', 'src/shared/enums/index.ts', 'public/favicon.svg', 'webpack.config.ts', 'package-lock.json']) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), 'x');
    touch(root, file, -60);
  }
  return root;
}

function touch(root: string, file: string, secondsFromNow: number): void {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  if (!fs.existsSync(full)) fs.writeFileSync(full, '<!doctype html>');
  const at = new Date(Date.now() + secondsFromNow * 1000);
  fs.utimesSync(full, at, at);
}

describe('whether npm start must build the client first', () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

  it('builds when there is no build, not when the build is newer than every source', () => {
    const root = project();
    roots.push(root);
    expect(clientBuildIsStale(root)).toBe(true);
    touch(root, 'dist/public/index.html', -30);
    expect(clientBuildIsStale(root)).toBe(false);
  });

  it.each(['src/client/app/App.tsx', 'src/shared/enums/index.ts', 'public/favicon.svg', 'webpack.config.ts', 'package-lock.json'])(
    'builds again once %s is newer than the build', (source) => {
      const root = project();
      roots.push(root);
      touch(root, 'dist/public/index.html', -30);
      touch(root, source, -10);
      expect(clientBuildIsStale(root)).toBe(true);
    },
  );

  it('builds again for a new file deep in the client sources', () => {
    const root = project();
    roots.push(root);
    touch(root, 'dist/public/index.html', -30);
    touch(root, 'src/client/modules/recycling/New.tsx', 0);
    expect(clientBuildIsStale(root)).toBe(true);
  });
});
