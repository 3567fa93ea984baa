-- Run by bin/klotski-build after the bulk load into the tables of schema/tables.sql.

-- Filled by the farthest phase (klotski-build --farthest), a few groups per transaction;
-- NULL until then.  A group's layouts rows are filled in the same transaction, so a group
-- is done exactly when the farthest_steps of its member min_code is not NULL (its
-- groups.diameter says nothing: the base build stores most groups' diameters); meta
-- 'farthest_groups_done' counts the groups done, and the phase is complete when it equals
-- meta 'groups'.  Added after the load because a row written without trailing columns
-- stores nothing for them.
ALTER TABLE layouts ADD COLUMN farthest_steps INTEGER; -- eccentricity: steps to the members farthest away
ALTER TABLE layouts ADD COLUMN farthest_num INTEGER;   -- members that far (1 and 0 steps: a layout that cannot move)

CREATE UNIQUE INDEX layers_by_group ON layers (group_id, depth);
CREATE INDEX layers_by_depth ON layers (depth);

CREATE INDEX hardest_by_steps ON hardest (min_steps);

-- A layout with everything people ask first.
CREATE VIEW layout_info AS
SELECT printf('%09X', l.code) AS code_hex, l.code, c.name AS class, g.name AS group_name,
       g.group_num, l.group_index, g.size AS group_size, l.min_steps,
       l.farthest_steps, l.farthest_num, l.group_id, c.class_id
FROM layouts l JOIN groups g USING (group_id) JOIN classes c USING (class_id);

-- A group with its class, its solvability and its smallest code in hex.
CREATE VIEW group_info AS
SELECT g.group_id, g.name, c.name AS class, g.group_num, g.size,
       printf('%09X', g.min_code) AS min_code_hex, g.solved > 0 AS solvable, g.solved,
       g.max_min_steps, g.hardest_count, g.diameter, g.radius
FROM groups g JOIN classes c USING (class_id);

-- Layouts per min_steps over the whole database (the depth histogram of everything).
CREATE VIEW depth_histogram AS
SELECT depth AS min_steps, sum(size) AS layouts, count(*) AS groups
FROM layers WHERE depth IS NOT NULL GROUP BY depth;
