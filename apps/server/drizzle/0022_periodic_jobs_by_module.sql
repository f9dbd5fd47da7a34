-- The hourly maintenance job became one periodic job per module (account.prune, jobs.prune,
-- verification.prune, search.prune): the old one's row would wait forever, run by no process.
DELETE FROM jobs WHERE key = 'maintenance.prune';
