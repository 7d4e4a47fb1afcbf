// Server integration tests read this to pick the database they run against.
process.env.TEST_DB = 'pglite';
