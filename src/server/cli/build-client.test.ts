import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Configuration } from 'webpack';
import { buildClient, clientBuildIsStale, reportedBuild } from './build-client';
import { CLIENT_BUILD_INDEX, CLIENT_BUILD_SOURCES, projectTree as project, touch } from '../../../test/support/project-tree';

describe('whether npm start must build the client first', () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

  it('builds when there is no build, not when the build is newer than every source', () => {
    const root = project();
    roots.push(root);
    expect(clientBuildIsStale(root)).toBe(true);
    touch(root, CLIENT_BUILD_INDEX, -30);
    expect(clientBuildIsStale(root)).toBe(false);
  });

  it.each(CLIENT_BUILD_SOURCES)(
    'builds again once %s is newer than the build', (source) => {
      const root = project();
      roots.push(root);
      touch(root, CLIENT_BUILD_INDEX, -30);
      touch(root, source, -10);
      expect(clientBuildIsStale(root)).toBe(true);
    },
  );

  it('builds again for a new file deep in the client sources', () => {
    const root = project();
    roots.push(root);
    touch(root, CLIENT_BUILD_INDEX, -30);
    touch(root, 'src/client/modules/recycling/New.tsx', 0);
    expect(clientBuildIsStale(root)).toBe(true);
  });
});

describe('building the client', () => {
  /** A one-file project whose output folder already holds an index.html from an hour ago. */
  function tinyProject(source: string): { config: Configuration; index: string; root: string } {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tiny-client-'));
    fs.mkdirSync(path.join(root, 'out'));
    fs.writeFileSync(path.join(root, 'entry.js'), source);
    const index = path.join(root, 'out/index.html');
    fs.writeFileSync(index, '<!doctype html>');
    const hourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(index, hourAgo, hourAgo);
    return { root, index, config: { mode: 'production', context: root, entry: './entry.js', output: { path: path.join(root, 'out') }, infrastructureLogging: { level: 'error' } } };
  }

  it('marks the index as just built, even when webpack left it untouched, so the next start does not build again', async () => {
    const { root, index, config } = tinyProject('console.log("仓储");\n');
    try {
      const started = Date.now() - 1000;
      await buildClient({ config, index });
      expect(fs.readFileSync(path.join(root, 'out/main.js'), 'utf8')).toContain('仓储');
      expect(fs.statSync(index).mtimeMs).toBeGreaterThanOrEqual(started);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);

  it('fails with webpack\'s errors and leaves the index as it was', async () => {
    const { root, index, config } = tinyProject('export default {;\n');
    try {
      const before = fs.statSync(index).mtimeMs;
      await expect(buildClient({ config, index })).rejects.toThrow(/entry\.js/);
      expect(fs.statSync(index).mtimeMs).toBe(before);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);

  it('says how long a build took', async () => {
    const log = jest.fn();
    await reportedBuild(() => Promise.resolve(), log);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/^Client built in \d+\.\d s$/));
  });
});
