// The four test projects share one transform and resolution; each differs only in what it runs and how it starts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** ESM-only packages that Jest must transform like our own code. */
const esmPackages = ['jose', 'sql-template-tag', 'file-type', 'strtok3', 'token-types', 'uint8array-extras', '@tokenizer', '@borewit', 'pdfjs-dist'];

function project(displayName, testMatch, setup = {}) {
  return {
    displayName,
    rootDir,
    testMatch: [testMatch],
    testEnvironment: 'node',
    transform: {
      '^.+\\.(t|j|mj)sx?$': ['@swc/jest', {
        jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
      }],
    },
    moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
    moduleNameMapper: { '\\.css$': '<rootDir>/test/support/style-stub.ts' },
    transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
    ...setup,
  };
}

export default {
  rootDir,
  testTimeout: 30000,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  projects: [
    project('unit', '<rootDir>/src/**/*.test.ts?(x)', { setupFiles: ['<rootDir>/test/support/far-from-china.ts', '<rootDir>/test/support/jsdom-polyfills.ts'] }),
    // `*.postgres.test.ts` needs a database server (ending its sessions, say): PGlite runs in-process and has none.
    project('server:pglite', '<rootDir>/test/server/**/*.test.ts', {
      setupFiles: ['<rootDir>/test/support/far-from-china.ts', '<rootDir>/test/support/db-pglite.ts'], testPathIgnorePatterns: ['\\.postgres\\.test\\.ts$'],
    }),
    project('server:postgres', '<rootDir>/test/server/**/*.test.ts', { setupFiles: ['<rootDir>/test/support/far-from-china.ts', '<rootDir>/test/support/db-postgres.ts'] }),
    project('browser', '<rootDir>/test/browser/**/*.test.ts', { globalSetup: '<rootDir>/test/browser/global-setup.ts', setupFiles: ['<rootDir>/test/support/far-from-china.ts'] }),
  ],
};
