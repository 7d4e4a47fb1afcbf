// The server's half of the time module: instants as the server holds them, as the API writes them, as queries read
// them by a tenant's calendar, and each tenant's zone.
export * from './instants';
export * from './sql';
export * from './tenant-zone';
export * from './wire';
export * from './windows-names';
