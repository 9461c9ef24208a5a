-- The agent tree's one walk (decision 039): every path that needs an agent's line up or its team down reads these
-- two functions, the services' queries, the recharge statement and the team-size triggers alike; nothing walks
-- parent_id by hand. A sound tree is at most three deep (levels 1..3, a child's level above its parent's); the walk's
-- bound, agent_tree_depth_limit(), only stops a corrupt loop from running forever, and it is written only here.
--
-- Both are plain SQL functions, STABLE and not STRICT, so the planner inlines them into the calling query: a walk
-- costs what the recursive query written in place cost.
CREATE OR REPLACE FUNCTION agent_tree_depth_limit() RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT 16 $$;

-- The agent and the agents above it, nearest first: depth 0 is the agent itself, 1 its parent, and so on. No rows
-- for an agent that does not exist (or a null id).
CREATE OR REPLACE FUNCTION agent_line(p_agent_id integer)
RETURNS TABLE (id integer, parent_id integer, level smallint, depth integer) LANGUAGE sql STABLE AS $$
  WITH RECURSIVE up(id, parent_id, level, depth) AS (
    SELECT a.id, a.parent_id, a.level, 0 FROM agents a WHERE a.id = p_agent_id
    UNION ALL
    SELECT a.id, a.parent_id, a.level, up.depth + 1 FROM agents a JOIN up ON a.id = up.parent_id
     WHERE up.depth < agent_tree_depth_limit()
  )
  SELECT up.id, up.parent_id, up.level, up.depth FROM up
$$;

-- The agents below an agent at any depth, without the agent itself: depth 1 are its children, 2 their children...;
-- `branch` is the child of the agent each one descends from (a child is its own branch).
CREATE OR REPLACE FUNCTION agent_team(p_agent_id integer)
RETURNS TABLE (id integer, parent_id integer, depth integer, branch integer) LANGUAGE sql STABLE AS $$
  WITH RECURSIVE down(id, parent_id, depth, branch) AS (
    SELECT a.id, a.parent_id, 1, a.id FROM agents a WHERE a.parent_id = p_agent_id
    UNION ALL
    SELECT a.id, a.parent_id, down.depth + 1, down.branch FROM agents a JOIN down ON a.parent_id = down.id
     WHERE down.depth < agent_tree_depth_limit()
  )
  SELECT down.id, down.parent_id, down.depth, down.branch FROM down
$$;
