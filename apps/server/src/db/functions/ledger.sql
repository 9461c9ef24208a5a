-- The ledger's writers of balances (decisions 025 and 028): modules/ledger/ledger-service.ts calls them (post() ->
-- ledger_post, move() -> ledger_move) and so does a money operation that is one statement (the recharge:
-- players/recharge-service.ts); nothing else writes accounts. The current text of each function is here and only
-- here (issue 26): applied at every start after the migrations (db/functions.ts), held to the live database by
-- test/api/db-functions.test.ts. A change of a function's arguments or results needs a migration that drops it first.
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
BEGIN
  IF p_amount IS NULL OR p_amount = 0 THEN
    RAISE EXCEPTION 'posting amount must be a non-zero integer' USING ERRCODE = '22023';
  END IF;
  UPDATE accounts SET value = value + p_amount, entry_count = entry_count + 1, updated_at = now()
   WHERE owner_type = p_owner_type AND owner_id = p_owner_id AND currency = p_currency
     AND value + p_amount >= 0
  RETURNING id, value INTO v_account, o_after;
  IF NOT FOUND THEN
    IF p_amount < 0 THEN
      RETURN;
    END IF;
    INSERT INTO accounts AS a (owner_type, owner_id, currency, value, entry_count)
    VALUES (p_owner_type, p_owner_id, p_currency, p_amount, 1)
    ON CONFLICT (owner_type, owner_id, currency)
      DO UPDATE SET value = a.value + excluded.value, entry_count = a.entry_count + 1, updated_at = now()
    RETURNING id, value INTO v_account, o_after;
  END IF;
  INSERT INTO ledger_entries (account_id, amount, after, bill_type, ref_type, ref_id, counterparty_type,
                              counterparty_id, memo, memo_key, memo_params, created_at)
  VALUES (v_account, p_amount, o_after, p_bill_type, p_ref_type, p_ref_id, p_counterparty_type, p_counterparty_id,
          coalesce(p_memo, ''), p_memo_key, p_memo_params, coalesce(p_at, now()))
  RETURNING id INTO o_entry_id;
END $$;

-- Moves a positive amount of one currency from one owner to another: the two entries of one operation, each naming
-- the other as counterparty. The accounts are locked in the order of ledger-service postAll (owner type, then owner
-- id), so two operations on the same accounts cannot deadlock: when the receiver comes first its account is locked
-- before the sender's is debited. A sender that lacks the amount gets NULLs and nothing is written.
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
  IF (p_to_type, p_to_id) < (p_from_type, p_from_id) THEN
    PERFORM 1 FROM accounts
     WHERE owner_type = p_to_type AND owner_id = p_to_id AND currency = p_currency
       FOR NO KEY UPDATE;
  END IF;
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
