-- Run by bin/klotski-build after the bulk load into the tables of schema/tables.sql.

-- The farthest phase (klotski-build --farthest) fills layouts.packed with
-- farthest_steps, farthest_num and solution_num a few groups per transaction.  A group's
-- layouts rows are filled in the same transaction that sets its groups.farthest_done, so
-- a group is done exactly when farthest_done is not NULL (its diameter and other
-- extremes may come from the base build); meta 'farthest_groups_done' counts the groups
-- done, and the phase is complete when it equals meta 'groups'.
ALTER TABLE groups ADD COLUMN farthest_done INTEGER;   -- 1 once the phase wrote the group's layouts rows

CREATE UNIQUE INDEX layers_by_group ON layers (group_id, depth);
CREATE INDEX layers_by_depth ON layers (depth);

CREATE INDEX hardest_by_steps ON hardest (min_steps);
CREATE INDEX hardest_moves_by_moves ON hardest_moves (metric, min_moves);

-- A layout with everything people ask first.
CREATE VIEW layout_info AS
SELECT printf('%09X', l.code) AS code_hex, l.code, c.name AS class, g.name AS group_name,
       g.group_num, l.group_index, g.size AS group_size, l.min_steps, l.min_solution_num,
       l.farthest_steps, l.farthest_num, l.solution_num, l.group_id, c.class_id,
       l.min_straight_moves, l.min_unit_moves
FROM layouts l JOIN groups g USING (group_id) JOIN classes c USING (class_id);

-- A group with its class, its solvability and its smallest code in hex.
CREATE VIEW group_info AS
SELECT g.group_id, g.name, c.name AS class, g.group_num, g.size,
       printf('%09X', g.min_code) AS min_code_hex, g.solved > 0 AS solvable, g.solved,
       g.max_min_steps, g.hardest_count, g.diameter, g.radius, g.max_min_straight_moves,
       g.max_min_unit_moves
FROM groups g JOIN classes c USING (class_id);

-- Layouts per min_steps over the whole database (the depth histogram of everything).
CREATE VIEW depth_histogram AS
SELECT depth AS min_steps, sum(size) AS layouts, count(*) AS groups
FROM layers WHERE depth IS NOT NULL GROUP BY depth;

-- The sizes of the depth layers under each way to count (metric 'step', 'straight' or
-- 'unit'): the steps' from layers (depth: min_steps), the others' from move_layers, and
-- under each metric an unsolvable group's one layers row (depth NULL), so that a
-- metric's rows of a group add up to its size.
CREATE VIEW layer_sizes AS
SELECT m.metric, l.group_id, l.depth, l.size
FROM layers l JOIN (SELECT 'step' AS metric UNION ALL SELECT 'straight' UNION ALL SELECT 'unit') m
     ON m.metric = 'step' OR l.depth IS NULL
UNION ALL
SELECT metric, group_id, depth, size FROM move_layers;

-- Layouts and groups per depth under each way to count (depth_histogram for all three):
-- SELECT * FROM metric_depth_histogram WHERE metric = 'unit'.
CREATE VIEW metric_depth_histogram AS
SELECT metric, depth, sum(size) AS layouts, count(*) AS groups
FROM layer_sizes WHERE depth IS NOT NULL GROUP BY metric, depth;

CREATE INDEX names_by_name ON names (name);
CREATE INDEX names_by_code ON names (code);

-- Each classic name with its layout's facts, in the order of the names table (name_id).
CREATE VIEW named_layouts AS
SELECT n.name_id, n.name, n.section, i.code_hex, i.code, i.class, i.group_name, i.group_num,
       i.group_index, i.group_size, i.min_steps, i.min_solution_num, i.farthest_steps,
       i.farthest_num, i.solution_num, i.group_id, i.class_id
FROM names n JOIN layout_info i USING (code);
