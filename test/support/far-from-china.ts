// Every test process runs on a zone far from China, on the other side of the date line: code that reads the process's
// zone instead of the tenant's shows its mistake here, whatever hour the suite runs.
process.env.TZ = 'America/Los_Angeles';
