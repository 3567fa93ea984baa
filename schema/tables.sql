-- The Klotski database: every legal layout of the 4x5 board (SPEC.md), its class, its
-- group (connected component of the step graph), its rank in the group and its minimum
-- number of steps to a solved layout.  Written by bin/klotski-build; read by bin/klotski
-- and by any SQLite client.
--
-- Codes are stored as integers: write them in hex in SQL (code = 0x1A9BF0C00) and print
-- them with printf('%09X', code).  An "id" is a code's rank among all 29,334,498 codes in
-- ascending order (SPEC.md).
--
-- Member lists (layers.ids, groups.peripheral_ids, groups.central_ids) use one byte format, "id list v1":
--   a zlib stream (RFC 1950, as zlib's compress() writes it) of unsigned LEB128 varints:
--   the first layout id, then the difference from each id to the next; ids strictly
--   ascending.  The count of ids is stored beside the BLOB.  Ids, not codes, because
--   their gaps are small: all 29,334,498 members of the layers take 14.8 MB, half a
--   byte each.
--
-- tables.sql creates the tables before the bulk load; finish.sql adds what is cheaper to
-- build afterwards (the indexes and the views).

-- Build facts: format_version, build_date, build_seconds, counts, checksums
-- (layouts_crc32 covers every layouts row, see bin/klotski verify), and the state of
-- optional phases.
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value
) WITHOUT ROWID;

-- The 203 classes, numbered in ascending (jiang, bing, style) order.
CREATE TABLE classes (
    class_id      INTEGER PRIMARY KEY,
    name          TEXT NOT NULL UNIQUE,  -- 'jiang-bing-style', e.g. '5-4-1'
    jiang         INTEGER NOT NULL,      -- horizontal + vertical pieces
    bing          INTEGER NOT NULL,      -- 1x1 pieces
    style         INTEGER NOT NULL,      -- horizontal pieces
    layouts       INTEGER NOT NULL,      -- layouts in the class
    groups        INTEGER NOT NULL,      -- groups the class splits into
    solved        INTEGER NOT NULL,      -- solved layouts (2x2 at address 13)
    solvable      INTEGER NOT NULL,      -- layouts whose group holds a solved layout
    max_min_steps INTEGER                -- largest min_steps in the class; NULL if none solvable
);

-- The 25,422 groups.  group_id runs in class_id order, then group_num order; group_num
-- numbers a class's groups by size descending, ties by smallest member code.
CREATE TABLE groups (
    group_id      INTEGER PRIMARY KEY,
    name          TEXT NOT NULL UNIQUE,  -- 'jiang-bing-style-group_num', e.g. '5-4-1-1'
    class_id      INTEGER NOT NULL REFERENCES classes,
    group_num     INTEGER NOT NULL,
    size          INTEGER NOT NULL,      -- layouts in the group
    min_code      INTEGER NOT NULL,      -- smallest member code
    solved        INTEGER NOT NULL,      -- solved members; 0 means the group is unsolvable
    max_min_steps INTEGER,               -- largest min_steps of a member; NULL if unsolvable
    hardest_count INTEGER,               -- members reaching max_min_steps; NULL if unsolvable
    -- The group extremes, the last six: all six stored or all six NULL.  The base build
    -- stores them for every group it settles within a bound on the work (25,300 groups,
    -- 1,207,942 layouts in all: all but 122 dense ones; builder/extremes/extremes.h);
    -- the farthest phase (see finish.sql) stores them for every group it does.  NULL:
    -- not found yet, `klotski-build --farthest` finds them.  They do not say whether the
    -- group's layouts rows hold farthest_steps (finish.sql says how to tell).
    diameter      INTEGER,               -- largest farthest_steps of a member
    radius        INTEGER,               -- smallest farthest_steps of a member
    peripheral_count INTEGER,            -- members whose farthest_steps = diameter
    peripheral_ids BLOB,                 -- those members, "id list v1"
    central_count INTEGER,               -- members whose farthest_steps = radius
    central_ids   BLOB,                  -- those members, "id list v1"
    -- The same two as max_min_steps and hardest_count for the two other ways to count
    -- (SPEC.md "Other ways to count"; layouts.min_straight_moves, layouts.min_unit_moves);
    -- NULL if unsolvable.  The hardest members of each are in hardest_moves.
    max_min_straight_moves INTEGER,      -- largest min_straight_moves of a member
    hardest_straight_count INTEGER,      -- members reaching it
    max_min_unit_moves     INTEGER,      -- largest min_unit_moves of a member
    hardest_unit_count     INTEGER       -- members reaching it
);

-- One row per legal layout, 29,334,498 rows, in code order.  The last four columns are
-- VIRTUAL generated columns: SQL reads them like any other (SQLite 3.31 or later), but
-- they take no room, because they are computed from the one stored column `packed`
-- when read.  The four in their own columns would take 71 MB more after the farthest
-- phase (a record header byte each, and values rounded up to SQLite's integer sizes);
-- packed, they keep the complete database under 750 MB.  Only `packed` can be written.
CREATE TABLE layouts (
    code           INTEGER PRIMARY KEY,  -- the layout's 36-bit code
    group_id       INTEGER NOT NULL,     -- its group (groups.group_id)
    group_index    INTEGER NOT NULL,     -- rank of its code among its group's codes
    min_steps      INTEGER,              -- fewest steps to a solved layout; NULL if unsolvable
    -- The stored form of the four columns below, in one of three forms:
    --   NULL: an unsolvable layout whose group the farthest phase has not done;
    --   below 0: -min_solution_num, in a group the farthest phase has not done.  The
    --     DEFAULT, -1, is the value of 11.6M layouts: the builder leaves it out of their
    --     records, and SQLite reads a column missing from the end of a record as its
    --     DEFAULT (as after ALTER TABLE ADD COLUMN), which saves 11.6 MB;
    --   0 or more, once the farthest phase has done the group:
    --     farthest_steps + 269 * (solution_num + 6952 * (farthest_num
    --                                                   + 8077 * (min_solution_num - 1)))
    --     with solution_num 0 and min_solution_num 1 for an unsolvable layout.  269, 6952
    --     and 8077 are one more than the largest farthest_steps, solution_num and
    --     farthest_num of any layout; 1870088 = 269 * 6952 and 15104700776 = 1870088 * 8077.
    packed         INTEGER DEFAULT -1,
    -- solved layouts min_steps away; NULL if unsolvable
    min_solution_num INTEGER GENERATED ALWAYS AS (
        CASE WHEN packed < 0 THEN -packed
             WHEN packed / 269 % 6952 > 0 THEN packed / 15104700776 + 1 END) VIRTUAL,
    -- eccentricity: steps to the members farthest away; NULL until the farthest phase
    -- has done the group (groups.farthest_done)
    farthest_steps INTEGER GENERATED ALWAYS AS (
        CASE WHEN packed >= 0 THEN packed % 269 END) VIRTUAL,
    -- members that far (1 at 0 steps: a layout that cannot move); NULL as farthest_steps
    farthest_num   INTEGER GENERATED ALWAYS AS (
        CASE WHEN packed >= 0 THEN packed / 1870088 % 8077 END) VIRTUAL,
    -- solutions (SPEC.md); NULL until the farthest phase has done the group, and always
    -- when unsolvable
    solution_num   INTEGER GENERATED ALWAYS AS (
        CASE WHEN packed >= 0 THEN nullif(packed / 269 % 6952, 0) END) VIRTUAL,
    -- The stored form of the two columns below (SPEC.md "Other ways to count": a straight
    -- move slides one piece in one direction, a unit move one cell):
    --   (min_straight_moves - min_steps) + 17 * (min_unit_moves - min_straight_moves)
    -- 17 is one more than the largest min_straight_moves - min_steps of any layout (16;
    -- the largest min_unit_moves - min_straight_moves is 33).  The DEFAULT, 0, is the value of
    -- 6.0M layouts (every minimal solution of steps is one of one-cell slides) and of the
    -- unsolvable ones: the builder leaves it out of their records when it is the last
    -- column there, as it does packed's.  Stored this way, the two columns take 48 MB
    -- (a record header byte and mostly a one-byte value) where two columns of their own
    -- would take twice as much.
    extra_moves    INTEGER DEFAULT 0,
    -- fewest straight moves to a solved layout; NULL if unsolvable
    min_straight_moves INTEGER GENERATED ALWAYS AS (min_steps + extra_moves % 17) VIRTUAL,
    -- fewest unit moves to a solved layout; NULL if unsolvable
    min_unit_moves INTEGER GENERATED ALWAYS AS (
        min_steps + extra_moves % 17 + extra_moves / 17) VIRTUAL
);

-- The depth layers: for each solvable group and each depth d, its members with
-- min_steps = d.  An unsolvable group has one row with depth NULL holding all its members.
-- The rows of a group list each member exactly once.
CREATE TABLE layers (
    group_id INTEGER NOT NULL REFERENCES groups,
    depth    INTEGER,                    -- min_steps of these members; NULL: unsolvable group
    size     INTEGER NOT NULL,           -- members in this layer
    ids      BLOB NOT NULL               -- the members, "id list v1"
);

-- The sizes of the depth layers of the solvable groups under the two other ways to
-- count (SPEC.md "Other ways to count"): for each solvable group and each d from 0 to its
-- largest, how many of its members have min_straight_moves = d (metric 'straight') or
-- min_unit_moves = d ('unit').  Counts only, no member lists: the layouts rows hold each
-- member's counts.  An unsolvable group is unsolvable under every metric: its one layers
-- row (depth NULL) stands for all three, and the view layer_sizes (finish.sql) adds it
-- to these rows and to the steps' layers, for the sizes under all three metrics.
CREATE TABLE move_layers (
    metric   TEXT NOT NULL,              -- 'straight' or 'unit'
    group_id INTEGER NOT NULL REFERENCES groups,  -- a solvable group
    depth    INTEGER NOT NULL,           -- the members' min_straight_moves or min_unit_moves
    size     INTEGER NOT NULL,           -- members at that depth
    PRIMARY KEY (metric, group_id, depth)
) WITHOUT ROWID;

-- Every group's hardest layouts (min_steps = the group's max_min_steps), as plain rows so
-- that SQL can rank them.
CREATE TABLE hardest (
    code      INTEGER PRIMARY KEY,
    group_id  INTEGER NOT NULL REFERENCES groups,
    min_steps INTEGER NOT NULL
);

-- Every group's hardest layouts under the two other ways to count: the members whose
-- min_straight_moves (metric 'straight') or min_unit_moves (metric 'unit') is the
-- group's largest (groups.max_min_straight_moves, groups.max_min_unit_moves).
CREATE TABLE hardest_moves (
    metric    TEXT NOT NULL,             -- 'straight' or 'unit'
    code      INTEGER NOT NULL,          -- listed once per metric
    group_id  INTEGER NOT NULL REFERENCES groups,
    min_moves INTEGER NOT NULL           -- its min_straight_moves or min_unit_moves
);

-- The classic names of layouts (横刀立马, 峰回路转, ...): every line of the project's
-- data/classic_names.tsv, made from the traditional lists in sections by source.  One
-- name may name several layouts (then `klotski show NAME#N` picks one) and one layout
-- may have several names.  Ask for a name's facts through the view named_layouts
-- (finish.sql): SELECT * FROM named_layouts WHERE name = '横刀立马'.
CREATE TABLE names (
    name_id  INTEGER PRIMARY KEY,        -- the line of data/classic_names.tsv, from 1
    code     INTEGER NOT NULL REFERENCES layouts,  -- the layout it names
    name     TEXT NOT NULL,              -- the name, UTF-8, e.g. '横刀立马'
    section  TEXT NOT NULL               -- the source list's section, e.g. '华容道经典布局40种'
);
