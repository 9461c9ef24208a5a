-- The game's outbox (decision 040): ledger_post calls game_event_record for every entry of a player's diamonds
-- account, in the posting's own transaction, so the game hears of exactly the credits (and reversals) that
-- committed. The event takes the player's order from its account's entry count, and its delivery is a job of the
-- queue (graphile-worker's add_job, in the same transaction: the job exists exactly when the event does). The
-- delivery task (modules/game-delivery) signs and sends it; the pull feed `game/events` serves the same rows.
CREATE OR REPLACE FUNCTION game_event_record(
  p_player_id integer, p_amount bigint, p_sequence integer, p_ref_type text, p_ref_id text,
  p_counterparty_type text, p_counterparty_id integer, p_entry_id bigint, p_at timestamptz
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_id text := 'evt_' || replace(gen_random_uuid()::text, '-', '');
BEGIN
  INSERT INTO game_events (id, txid, type, player_id, diamonds, sequence, source_type, source_id, agent_id, entry_id,
                           created_at)
  VALUES (v_id, pg_current_xact_id(), CASE WHEN p_amount > 0 THEN 'diamonds.credited' ELSE 'diamonds.debited' END,
          p_player_id, p_amount, p_sequence, p_ref_type, p_ref_id,
          CASE WHEN p_counterparty_type = 'agent' THEN p_counterparty_id END, p_entry_id, coalesce(p_at, now()));
  PERFORM game_event_schedule(v_id, now());
  RETURN v_id;
END $$;

-- Gives an event its delivery job, due at p_run_at: one job per event (its key), so scheduling an event again moves
-- its waiting job rather than adding a second. The first delivery, every retry and the sweep of lost jobs use it.
CREATE OR REPLACE FUNCTION game_event_schedule(p_event_id text, p_run_at timestamptz) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_job('game_deliver', json_build_object('eventId', p_event_id),
                                  run_at => p_run_at, job_key => 'game_event:' || p_event_id, max_attempts => 3);
  RETURN p_event_id;
END $$;
