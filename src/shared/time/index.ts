// The one time module both sides share. Instants are milliseconds since the epoch (on the wire: ISO 8601 with an
// offset); days, months and years are calendar dates of a time zone, the tenant's. No other code adds offsets by hand
// or reads the zone of the process or the browser (lint forbids it outside src/shared/time and src/server/time).
export * from './calendar';
export * from './clock';
export * from './parse';
export * from './zone';
export * from './tenant-day';
export * from './device-time';
