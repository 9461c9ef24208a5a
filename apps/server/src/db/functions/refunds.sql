-- A refund's clawback (decision 043), written only here: when the provider says a refund reached the buyer, the
-- refund's own transaction takes back what the order gave, in the proportion refunded. The order's own entries are
-- the facts (ref 'order'/its id): the buyer's diamonds (bill type 1) and each upline's profit (bill type 5). For a
-- refund that brings the order's refunded total from B to A of its amount T, each entry of X gives back
-- floor(X * A / T) - floor(X * B / T): the parts of several partial refunds add up to exactly X once the whole is
-- refunded, and never more.
--
-- What can be taken is taken (bill type 10): the buyer's diamonds as far as its account still holds them (a player's
-- go to the game's outbox as a debit, like every change of them); an agent's profit from its balance, and the rest
-- of a share becomes what the agent owes (its 'owed' account, also bill type 10), paid first from its next profit
-- (ledger_repay_owed). No balance goes below zero. Diamonds short are not owed: they are reported on the refund.
--
-- The accounts are locked first in the ledger's one lock order (ledger_lock, each agent's balance before its owed).
-- Called once per refund, by the compare-and-set that makes it succeeded (modules/refunds); answers one row per
-- order entry with what was due, taken and left owed.
CREATE OR REPLACE FUNCTION refund_claw_back(
  p_refund_id text, p_memo_taken text, p_memo_owed text,
  OUT o_owner_type text, OUT o_owner_id integer, OUT o_currency text, OUT o_due bigint, OUT o_taken bigint,
  OUT o_owed bigint
) RETURNS SETOF record LANGUAGE plpgsql AS $$
DECLARE
  v_order orders%ROWTYPE;
  v_amount bigint;
  v_before bigint;
  v_after bigint;
  v_params jsonb;
  e record;
  v_value bigint;
BEGIN
  SELECT o.* INTO v_order FROM orders o JOIN refunds r ON r.order_id = o.id WHERE r.id = p_refund_id;
  SELECT amount_fen INTO v_amount FROM refunds WHERE id = p_refund_id;
  -- The refunds that succeeded before this one (this one is not succeeded yet when it is called).
  v_before := v_order.refunded_fen;
  v_after := v_before + v_amount;
  IF v_after > v_order.amount_fen THEN
    RAISE EXCEPTION 'refund % passes its order''s amount', p_refund_id USING ERRCODE = '22023';
  END IF;
  v_params := jsonb_build_object('orderId', v_order.id);
  PERFORM ledger_lock(array_agg(k.owner_type), array_agg(k.owner_id), array_agg(k.currency))
     FROM (SELECT a.owner_type, a.owner_id, a.currency FROM ledger_entries le JOIN accounts a ON a.id = le.account_id
            WHERE le.ref_type = 'order' AND le.ref_id = v_order.id AND le.bill_type IN (1, 5) AND le.amount > 0
           UNION
           SELECT a.owner_type, a.owner_id, 'owed' FROM ledger_entries le JOIN accounts a ON a.id = le.account_id
            WHERE le.ref_type = 'order' AND le.ref_id = v_order.id AND le.bill_type = 5 AND le.amount > 0) k;
  FOR e IN
    SELECT a.owner_type, a.owner_id, a.currency, le.amount, le.bill_type
      FROM ledger_entries le JOIN accounts a ON a.id = le.account_id
     WHERE le.ref_type = 'order' AND le.ref_id = v_order.id AND le.bill_type IN (1, 5) AND le.amount > 0
     ORDER BY a.owner_type, a.owner_id, a.currency, le.id
  LOOP
    o_owner_type := e.owner_type;
    o_owner_id := e.owner_id;
    o_currency := e.currency;
    o_due := (e.amount * v_after) / v_order.amount_fen - (e.amount * v_before) / v_order.amount_fen;
    o_taken := 0;
    o_owed := 0;
    IF o_due > 0 THEN
      SELECT value INTO v_value FROM accounts
       WHERE owner_type = e.owner_type AND owner_id = e.owner_id AND currency = e.currency;
      o_taken := least(coalesce(v_value, 0), o_due);
      IF o_taken > 0 THEN
        PERFORM ledger_post(e.owner_type, e.owner_id, e.currency, -o_taken, 10::smallint, 'refund', p_refund_id,
                            NULL, NULL, p_memo_taken, 'memoRefundClawback', v_params, NULL);
      END IF;
      IF e.bill_type = 5 AND o_due > o_taken THEN
        o_owed := o_due - o_taken;
        PERFORM ledger_post('agent', e.owner_id, 'owed', o_owed, 10::smallint, 'refund', p_refund_id,
                            NULL, NULL, p_memo_owed, 'memoRefundOwed', v_params, NULL);
      END IF;
    END IF;
    RETURN NEXT;
  END LOOP;
END $$;
