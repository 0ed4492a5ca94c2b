// Catalog answers depend on the clock only through working hours; everything else is deterministic.
process.env.TZ = 'UTC';
