import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Sql } from 'sql-template-tag';
import { textOf } from '../../shared/json';
import { instantFromDatabase } from '../time/instants';

/** The one database interface of the server; PGlite and PostgreSQL both implement it with the same SQL. */
export interface Db {
  /**
   * A fixed statement with `$n` placeholders and its values, a composed `sql` fragment that carries its own, or a
   * `HotStatement` the database keeps planned.
   */
  query<T = Record<string, unknown>>(statement: Statement, params?: readonly unknown[]): Promise<T[]>;
  /** Runs `work` in one transaction: everything it does is committed together or not at all. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` once the current transaction has committed (never after a rollback); outside a transaction, at once.
   * Pushes to clients go here, so nobody hears of a change that did not happen.
   */
  onCommit(fn: () => void | Promise<void>): void;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

// Both drivers get the same parsers so rows look identical: 64-bit ids and counts as numbers, numerics as numbers,
// dates as `YYYY-MM-DD`, instants (timestamptz) in the server's one shape whatever the session's zone, and wall-clock
// readings (a timestamptz read on a zone's clock) as ISO text without an offset.
const OID = { int8: 20, int8Array: 1016, numeric: 1700, date: 1082, timestamp: 1114, timestamptz: 1184 } as const;
const toIso = (value: string) => value.replace(' ', 'T');
const parsers: Record<number, (value: string) => unknown> = {
  [OID.int8]: Number,
  // Id lists (`{1,2,3}`): numbers like single ids; int8 array text never quotes its elements.
  [OID.int8Array]: (v) => (v === '{}' ? [] : v.slice(1, -1).split(',').map((e) => (e === 'NULL' ? null : Number(e)))),
  [OID.numeric]: Number,
  [OID.date]: (v) => v,
  [OID.timestamp]: toIso,
  [OID.timestamptz]: instantFromDatabase,
};

/**
 * A fixed text run many times a second (a device's readings, the events every write appends). PostgreSQL parses
 * and plans it once per connection and reuses the plan: planning such a statement costs several times what running
 * it does. Only fixed texts qualify, each under one name: a connection keeps every statement prepared on it.
 */
export class HotStatement {
  private constructor(readonly name: string, readonly text: string) {}

  private static readonly texts = new Map<string, string>();

  /** A name used for two texts is a programming error, caught when the module declaring the second loads. */
  static declare(name: string, text: string): HotStatement {
    const known = HotStatement.texts.get(name);
    if (known !== undefined && known !== text) throw new Error(`hot statement '${name}' declared with two texts`);
    HotStatement.texts.set(name, text);
    return new HotStatement(name, text);
  }
}

export const hotStatement = HotStatement.declare;

export type Statement = string | Sql | HotStatement;

const isHot = (statement: Statement): statement is HotStatement => statement instanceof HotStatement;

/** A statement as both drivers take it: text with `$n` placeholders, and the values. */
export const prepared = (statement: Statement, params: readonly unknown[] = []): [string, unknown[]] =>
  typeof statement === 'string' ? [statement, [...params]]
    : isHot(statement) ? [statement.text, [...params]]
    : [statement.text, statement.values];

type CommitHook = () => void | Promise<void>;

/** Runs the hooks of a committed transaction; they must not fail the request whose data is already saved. */
async function runCommitHooks(hooks: CommitHook[]): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook();
    } catch (error) {
      console.error('after-commit hook failed:', error);
    }
  }
}

const runNow = (fn: CommitHook) => {
  void runCommitHooks([fn]);
};

export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({ dataDir, parsers });
  const wrap = (runner: { query: PGlite['query'] }): Pick<Db, 'kind' | 'query'> => ({
    kind: 'pglite',
    // PGlite runs in the process: a hot statement goes as its text.
    async query<T>(statement: Statement, params?: readonly unknown[]) {
      return (await runner.query<T>(...prepared(statement, params))).rows;
    },
  });
  const db: Db = {
    ...wrap(pglite),
    async transaction(work) {
      const hooks: CommitHook[] = [];
      const result = await pglite.transaction((runner) => {
        const tx: Db = { ...wrap(runner), transaction: (inner) => inner(tx), onCommit: (fn) => hooks.push(fn), close: async () => {} };
        return work(tx);
      });
      await runCommitHooks(hooks);
      return result;
    },
    onCommit: runNow,
    close: () => pglite.close(),
  };
  return db;
}

/** How long a request waits for a database connection before it fails as unavailable. */
const CONNECT_TIMEOUT_MS = 5000;

const CONNECTION_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const CONNECTION_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;

/**
 * Whether `error` says the database cannot be reached or ended the session (restart, shutdown, administrator),
 * rather than refusing the statement: SQLSTATE class 08 (connection exception), 57P01–57P03 (terminated by an
 * administrator, crash, cannot connect now), socket errors, and the driver's own messages for a lost connection.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = textOf(error, 'code');
  if (code !== undefined && (code.startsWith('08') || CONNECTION_SQLSTATES.has(code) || CONNECTION_ERRNOS.has(code))) return true;
  return CONNECTION_MESSAGES.test(error.message);
}

export async function openPostgres(connectionString: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    max,
    // While the database is unreachable a request fails after this long instead of waiting for a connection forever.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // No JIT: PostgreSQL compiles a query when its estimated cost is high, and for the analyses over a year of
    // records the compiling took longer than the query (900 ms against 400 for participation by community). Dates
    // and times are read in ISO whatever the server's DateStyle (the parsers above expect it).
    options: '-c jit=off -c datestyle=ISO',
    types: { getTypeParser: ((oid: number, format?: string) => parsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser },
  });
  // An idle connection ended by the server (restart, admin) must not take the process down; the pool replaces it.
  pool.on('error', (error) => console.error('PostgreSQL idle connection error:', error.message));
  // A session the server ends (restart, administrator, crash) emits 'error' on its client whenever that happens: also
  // while the client is checked out, and in the moment between the pool handing it out and its user taking it, where
  // no listener of the user's could be yet. So every client listens for its whole life and its failure is kept here;
  // whoever uses the client learns of it through the failed query.
  const failures = new WeakMap<pg.ClientBase, Error>();
  pool.on('connect', (client) => client.on('error', (error) => failures.set(client, error)));
  await pool.query('select 1');
  const runOn = (client: pg.Pool | pg.PoolClient) => async <T>(statement: Statement, params?: readonly unknown[]) => {
    const [text, values] = prepared(statement, params);
    const result = isHot(statement) ? await client.query({ name: statement.name, text, values }) : await client.query(text, values);
    return result.rows as T[];
  };
  const db: Db = {
    kind: 'postgres',
    query: runOn(pool),
    async transaction(work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      const hooks: CommitHook[] = [];
      let result;
      try {
        await client.query('begin');
        const tx: Db = {
          kind: 'postgres', query: runOn(client), transaction: (inner) => inner(tx), onCommit: (fn) => hooks.push(fn), close: async () => {},
        };
        result = await work(tx);
        await client.query('commit');
      } catch (error) {
        broken = failures.get(client) ?? (isConnectionFailure(error) ? error as Error : undefined);
        // On a lost session the server has already rolled back; a failing rollback must not hide why the work failed.
        if (!broken) await client.query('rollback').catch((rollbackError: Error) => { broken = rollbackError; });
        throw error;
      } finally {
        // Released with its error, a broken client is discarded and the pool opens a fresh one on demand.
        client.release(broken ?? failures.get(client));
      }
      await runCommitHooks(hooks);
      return result;
    },
    onCommit: runNow,
    close: () => pool.end(),
  };
  return db;
}
