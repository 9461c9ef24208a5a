-- Team sizes (decision 024): every agent counts its direct children and the agents below it at any depth, kept by
-- the database on every insert, move and delete of an agent, in the writer's own transaction. The tree is at most
-- three deep (levels 1..3, a child's level above its parent's), so a change writes at most two rows above it. The
-- rows above are the tree's one walk, agent_line (agent-tree.sql). The current text of each function and trigger is
-- here and only here (db/functions.ts applies it at every start).
--
-- A move or a delete is one row at a time (the agent's whole team goes with it: 1 + its own team size). Inserts are
-- counted once per statement from the inserted rows, so a bulk load (the bench's 100,000 agents) updates each
-- ancestor once instead of once per row.
CREATE OR REPLACE FUNCTION agents_team_size_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.parent_id IS NOT NULL THEN
    UPDATE agents SET team_size = team_size - (1 + OLD.team_size),
      child_count = child_count - CASE WHEN agents.id = OLD.parent_id THEN 1 ELSE 0 END
    WHERE id IN (SELECT up.id FROM agent_line(OLD.parent_id) up);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.parent_id IS NOT NULL THEN
    UPDATE agents SET team_size = team_size + (1 + NEW.team_size),
      child_count = child_count + CASE WHEN agents.id = NEW.parent_id THEN 1 ELSE 0 END
    WHERE id IN (SELECT up.id FROM agent_line(NEW.parent_id) up);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION agents_team_size_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH up(ancestor, direct) AS (
    SELECT line.id, line.depth = 0 FROM inserted CROSS JOIN LATERAL agent_line(inserted.parent_id) line
  )
  UPDATE agents SET team_size = agents.team_size + counted.n, child_count = agents.child_count + counted.direct
  FROM (SELECT ancestor, count(*)::integer AS n, (count(*) FILTER (WHERE direct))::integer AS direct
        FROM up GROUP BY ancestor) counted
  WHERE agents.id = counted.ancestor;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER agents_team_size_insert AFTER INSERT ON agents
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION agents_team_size_inserted();
CREATE OR REPLACE TRIGGER agents_team_size_delete AFTER DELETE ON agents
  FOR EACH ROW EXECUTE FUNCTION agents_team_size_row();
CREATE OR REPLACE TRIGGER agents_team_size_move AFTER UPDATE OF parent_id ON agents
  FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id) EXECUTE FUNCTION agents_team_size_row();
