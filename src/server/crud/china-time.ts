import { sql, type Sql } from './sql';

/** China is UTC+8 all year; stored timestamps are the database session's local time. */
const CHINA = sql`interval '+08:00'`;

/** A stored timestamp read as China time. */
export const inChina = (column: Sql) => sql`(${column}::timestamptz at time zone ${CHINA})`;

/** A China time as a stored timestamp, so that indexed columns compare to it directly. */
export const fromChina = (isoChinaTime: string) => sql`((${isoChinaTime}::timestamp at time zone ${CHINA})::timestamp)`;
