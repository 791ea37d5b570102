-- A sync is a job in the queue (pg-boss): status is 'queued' from when it is asked for until a worker claims it, then
-- 'syncing'. sync_job_id is the queue's job of the latest sync, put back in the queue when the worker holding it dies.
ALTER TABLE gmail_sync_state ADD COLUMN sync_job_id TEXT;
-- The claim of the worker running the sync: a worker that stalled past its lease and was taken over finds its claim
-- gone and stops, and its late writes to the sync's state change nothing.
ALTER TABLE gmail_sync_state ADD COLUMN sync_lease TEXT;

-- The lease monitor looks for syncs that wait or run, among every user's row.
CREATE INDEX gmail_sync_state_busy ON gmail_sync_state(heartbeat_at) WHERE status <> 'idle';
