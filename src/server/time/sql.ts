// The SQL face of the time module: the only place where queries read a timestamptz on a zone's wall clock. Columns
// hold instants; a zone turns them into days, months and hours only here, with the zone passed as a value.
import { sql, type Sql } from '../crud/sql';
import { instantText } from './instants';

/** The column's instant on the zone's wall clock (a zone-less timestamp, for `date_trunc`, `to_char` and `::date`). */
export const wallClockIn = (column: Sql, zone: string): Sql => sql`(${column} at time zone ${zone}::text)`;

/** The zone's calendar day of the column's instant. */
export const dayIn = (column: Sql, zone: string): Sql => sql`(${column} at time zone ${zone}::text)::date`;

/** The first day of the zone's calendar month of the column's instant. */
export const monthIn = (column: Sql, zone: string): Sql => sql`date_trunc('month', ${column} at time zone ${zone}::text)::date`;

/** An instant as a query value. */
export const instantValue = (epochMs: number): Sql => sql`${instantText(epochMs)}::timestamptz`;
