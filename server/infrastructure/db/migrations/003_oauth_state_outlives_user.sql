-- A Google flow in flight whose user is deleted keeps its state row (without the user), so that finishing it
-- reports that linking failed instead of an unknown state.
ALTER TABLE oauth_states DROP CONSTRAINT oauth_states_user_id_fkey;
ALTER TABLE oauth_states ADD CONSTRAINT oauth_states_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL;
