-- The ledger's writers of balances (decisions 025, 028 and 039): modules/ledger/ledger-service.ts calls them
-- (post() -> ledger_post, postAll() -> ledger_post_all, move() -> ledger_move) and so does a money operation that is
-- one statement (the recharge: players/recharge-service.ts); nothing else writes accounts. The current text of each
-- function is here and only here (decision 039): applied at every start after the migrations (db/functions.ts), held
-- to the live database by test/api/db-functions.test.ts. A change of a function's arguments or results needs a
-- migration that drops it first.
--
-- A posting is one conditional UPDATE that can never overdraw (value + amount >= 0, the table's check stands behind
-- it), its ledger entry with the value after, and the account's entry count. A debit that does not fit answers NULLs
-- and writes nothing; it never raises, so the caller's transaction stays usable (the console's adjustment reads the
-- value to explain the refusal). A credit to an account that does not exist yet creates it (an UPDATE first, so the
-- accounts' id sequence is not spent on every credit by an upsert).
CREATE OR REPLACE FUNCTION ledger_post(
  p_owner_type text, p_owner_id integer, p_currency text, p_amount bigint, p_bill_type smallint,
  p_ref_type text, p_ref_id text, p_counterparty_type text, p_counterparty_id integer,
  p_memo text, p_memo_key text, p_memo_params jsonb, p_at timestamptz,
  OUT o_entry_id bigint, OUT o_after bigint
) LANGUAGE plpgsql AS $$
DECLARE
  v_account integer;
  v_entries integer;
BEGIN
  IF p_amount IS NULL OR p_amount = 0 THEN
    RAISE EXCEPTION 'posting amount must be a non-zero integer' USING ERRCODE = '22023';
  END IF;
  UPDATE accounts SET value = value + p_amount, entry_count = entry_count + 1, updated_at = now()
   WHERE owner_type = p_owner_type AND owner_id = p_owner_id AND currency = p_currency
     AND value + p_amount >= 0
  RETURNING id, value, entry_count INTO v_account, o_after, v_entries;
  IF NOT FOUND THEN
    IF p_amount < 0 THEN
      RETURN;
    END IF;
    INSERT INTO accounts AS a (owner_type, owner_id, currency, value, entry_count)
    VALUES (p_owner_type, p_owner_id, p_currency, p_amount, 1)
    ON CONFLICT (owner_type, owner_id, currency)
      DO UPDATE SET value = a.value + excluded.value, entry_count = a.entry_count + 1, updated_at = now()
    RETURNING id, value, entry_count INTO v_account, o_after, v_entries;
  END IF;
  INSERT INTO ledger_entries (account_id, amount, after, bill_type, ref_type, ref_id, counterparty_type,
                              counterparty_id, memo, memo_key, memo_params, created_at)
  VALUES (v_account, p_amount, o_after, p_bill_type, p_ref_type, p_ref_id, p_counterparty_type, p_counterparty_id,
          coalesce(p_memo, ''), p_memo_key, p_memo_params, coalesce(p_at, now()))
  RETURNING id INTO o_entry_id;
  -- A player's diamonds are the game's: the change goes to the game's outbox with its entry (decision 040).
  IF p_owner_type = 'player' AND p_currency = 'diamonds' THEN
    PERFORM game_event_record(p_owner_id, p_amount, v_entries, p_ref_type, p_ref_id, p_counterparty_type,
                              p_counterparty_id, o_entry_id, p_at);
  END IF;
  -- An agent's profit pays what it owes first (decision 043): whatever earns it (an order's share, a release).
  IF p_owner_type = 'agent' AND p_currency = 'balance' AND p_bill_type = 5 AND p_amount > 0 THEN
    PERFORM ledger_repay_owed(p_owner_id, p_ref_type, p_ref_id, p_at);
  END IF;
END $$;

-- What an agent owes (its 'owed' account: the part of a refund's clawback its balance could not cover, decision 043)
-- is paid from its balance as soon as profit reaches it: the lesser of the two, as two entries of bill type 11, one
-- on the balance and one on the owed account, referring to the profit's source. Called by ledger_post right after a
-- profit's credit, so the balance is already locked; the owed account is locked after it. Every path that locks an
-- agent's owed account holds its balance first (the clawback locks both through ledger_lock, in which 'balance' sorts
-- before 'owed'), so the two are always taken in that order. An agent that owes nothing costs one index lookup.
CREATE OR REPLACE FUNCTION ledger_repay_owed(p_agent_id integer, p_ref_type text, p_ref_id text, p_at timestamptz)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_owed bigint;
  v_balance bigint;
  v_paid bigint;
BEGIN
  SELECT value INTO v_owed FROM accounts
   WHERE owner_type = 'agent' AND owner_id = p_agent_id AND currency = 'owed' AND value > 0
     FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  SELECT value INTO v_balance FROM accounts
   WHERE owner_type = 'agent' AND owner_id = p_agent_id AND currency = 'balance';
  v_paid := least(v_owed, coalesce(v_balance, 0));
  IF v_paid <= 0 THEN
    RETURN 0;
  END IF;
  PERFORM ledger_post('agent', p_agent_id, 'balance', -v_paid, 11::smallint, p_ref_type, p_ref_id, NULL, NULL,
                      '', 'memoOwedRepaid', NULL, p_at);
  PERFORM ledger_post('agent', p_agent_id, 'owed', -v_paid, 11::smallint, p_ref_type, p_ref_id, NULL, NULL,
                      '', 'memoOwedRepaid', NULL, p_at);
  RETURN v_paid;
END $$;

-- The ledger's lock order, written only here: an operation that changes several accounts locks them all first, in
-- one statement, ordered by owner type, owner id and currency. Two operations on the same accounts then wait for
-- each other instead of deadlocking, whatever order their postings come in (a transfer from a parent to a child
-- whose id sorts first, racing an order's postings to the same two). ledger_move and ledger_post_all call it; an
-- account that does not exist yet has nothing to lock (its first credit creates it).
CREATE OR REPLACE FUNCTION ledger_lock(p_owner_types text[], p_owner_ids integer[], p_currencies text[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM accounts a
    JOIN unnest(p_owner_types, p_owner_ids, p_currencies) AS k(owner_type, owner_id, currency)
      ON a.owner_type = k.owner_type AND a.owner_id = k.owner_id AND a.currency = k.currency
   ORDER BY a.owner_type, a.owner_id, a.currency
     FOR NO KEY UPDATE OF a;
END $$;

-- Moves a positive amount of one currency from one owner to another: the two entries of one operation, each naming
-- the other as counterparty, with both accounts locked first by ledger_lock. A sender that lacks the amount gets
-- NULLs and nothing is written.
CREATE OR REPLACE FUNCTION ledger_move(
  p_currency text, p_amount bigint, p_ref_type text, p_ref_id text,
  p_from_type text, p_from_id integer, p_from_bill_type smallint, p_from_memo text, p_from_memo_key text,
  p_from_memo_params jsonb,
  p_to_type text, p_to_id integer, p_to_bill_type smallint, p_to_memo text, p_to_memo_key text,
  p_to_memo_params jsonb,
  OUT o_from_entry_id bigint, OUT o_from_after bigint, OUT o_to_entry_id bigint, OUT o_to_after bigint
) LANGUAGE plpgsql AS $$
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'a move''s amount must be a positive integer' USING ERRCODE = '22023';
  END IF;
  PERFORM ledger_lock(ARRAY[p_from_type, p_to_type], ARRAY[p_from_id, p_to_id], ARRAY[p_currency, p_currency]);
  SELECT o_entry_id, o_after INTO o_from_entry_id, o_from_after
    FROM ledger_post(p_from_type, p_from_id, p_currency, -p_amount, p_from_bill_type, p_ref_type, p_ref_id,
                     p_to_type, p_to_id, p_from_memo, p_from_memo_key, p_from_memo_params, NULL);
  IF o_from_entry_id IS NULL THEN
    RETURN;
  END IF;
  SELECT o_entry_id, o_after INTO o_to_entry_id, o_to_after
    FROM ledger_post(p_to_type, p_to_id, p_currency, p_amount, p_to_bill_type, p_ref_type, p_ref_id,
                     p_from_type, p_from_id, p_to_memo, p_to_memo_key, p_to_memo_params, NULL);
END $$;

-- Several postings of one operation (an order's credits and profits, an exchange's two sides), in one round trip:
-- the accounts are locked first (ledger_lock), then each posting is applied in the order given. Answers one row per
-- posting applied, by its position (1-based); when a debit does not fit, the last row names it with NULLs and
-- nothing after it is applied (the caller refuses and its transaction rolls back what came before).
CREATE OR REPLACE FUNCTION ledger_post_all(p_postings jsonb)
RETURNS TABLE (o_position integer, o_entry_id bigint, o_after bigint) LANGUAGE plpgsql AS $$
DECLARE
  p record;
BEGIN
  PERFORM ledger_lock(array_agg(k.owner_type), array_agg(k.owner_id), array_agg(k.currency))
     FROM jsonb_to_recordset(p_postings) AS k(owner_type text, owner_id integer, currency text);
  FOR p IN
    SELECT k.*, e.ord::integer AS position
      FROM jsonb_array_elements(p_postings) WITH ORDINALITY AS e(item, ord)
     CROSS JOIN LATERAL jsonb_to_record(e.item) AS k(owner_type text, owner_id integer, currency text,
             amount bigint, bill_type smallint, ref_type text, ref_id text, counterparty_type text,
             counterparty_id integer, memo text, memo_key text, memo_params jsonb, at timestamptz)
     ORDER BY e.ord
  LOOP
    o_position := p.position;
    SELECT r.o_entry_id, r.o_after INTO o_entry_id, o_after
      FROM ledger_post(p.owner_type, p.owner_id, p.currency, p.amount, p.bill_type, p.ref_type, p.ref_id,
                       p.counterparty_type, p.counterparty_id, p.memo, p.memo_key, p.memo_params, p.at) r;
    RETURN NEXT;
    IF o_entry_id IS NULL THEN
      RETURN;
    END IF;
  END LOOP;
END $$;
