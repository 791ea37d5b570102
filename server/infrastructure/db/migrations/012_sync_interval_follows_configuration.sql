-- A person's sync interval is NULL until they choose one: NULL follows the configured SYNC_INTERVAL_MINUTES. The column
-- used to default to 30, so anyone whose preferences row was made by another setting (a report switch, say) synced
-- every 30 minutes whatever the configuration said. Rows holding that old default are given back to the configuration.
ALTER TABLE user_preferences ALTER COLUMN sync_interval_minutes DROP NOT NULL;
ALTER TABLE user_preferences ALTER COLUMN sync_interval_minutes DROP DEFAULT;
UPDATE user_preferences SET sync_interval_minutes = NULL WHERE sync_interval_minutes = 30;
