-- Each account keeps how many ledger entries it has (decision 028): the posting counts its entry under the row lock
-- it already takes for the value, so the bill list answers its total without walking the entries.
ALTER TABLE "accounts" ADD COLUMN "entry_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE accounts a SET entry_count = c.n
  FROM (SELECT account_id, count(*) AS n FROM ledger_entries GROUP BY account_id) c
 WHERE c.account_id = a.id;--> statement-breakpoint
-- ledger_post of migration 0015, its entry now counted on the account (the only change).
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
