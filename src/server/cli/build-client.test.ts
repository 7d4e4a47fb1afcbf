import fs from 'node:fs';
import { clientBuildIsStale } from './build-client';
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
