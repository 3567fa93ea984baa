// Types of the klotski module (klotski.js): every answer is the JSON of the command named,
// `klotski COMMAND --json`, the fields the pack knows.  A LAYOUT is any form the command
// line reads: a code (1A9BF0C00), a short code (4WVE1), #id, the 20 cells in a row
// (VKKVVKKVVHHVVooVo..o), a board, a classic name in characters or pinyin (横刀立马).
// Bad input, a layout that is not one or has no answer (an unsolvable one's solution)
// rejects with an Error whose message is the command's reason ("ZZZ: not a layout code:
// the 1st character, 'Z', is not a hex digit") and whose status is its exit status (1 not found, 2 bad input).

/** An error of the engine: the command's reason and exit status. */
export interface KlotskiError extends Error {
  status: 1 | 2;
}

/** `klotski show LAYOUT --json`, every field, as on a database whose farthest phase ran
 * (group_index .. solution_num from one search of the group). */
export interface Layout {
  code: string;
  id: number;
  short_code: string;
  class: string;
  group: string;
  /** its rank among the group's codes, from 0 */
  group_index: number;
  group_size: number;
  /** null: unsolvable */
  min_steps: number | null;
  /** min_steps counted in straight moves and in unit moves (the pack's metrics part) */
  min_straight_moves: number | null;
  min_unit_moves: number | null;
  /** the solved layouts min_steps away; null: unsolvable */
  min_solution_num: number | null;
  mirror: string;
  self_mirror: boolean;
  /** its largest distance to a layout of its group, and how many lie that far */
  farthest_steps: number;
  farthest_num: number;
  /** its solutions (SPEC.md); null: unsolvable */
  solution_num: number | null;
  /** the classic names, joined by " / "; null for none */
  names: string | null;
  /** the 20 cells in a row, K H V o and . */
  board: string;
}

/** One move of `klotski moves LAYOUT --json`, best first. */
export interface Move {
  code: string;
  piece: "K" | "H" | "V" | "o";
  row: number;
  col: number;
  to_row: number;
  to_col: number;
  /** "down 1", "left 1, down 1" */
  moves: string;
  distance: number;
  min_steps: number | null;
  /** -1 closer to solved, 0 as close, 1 farther */
  change: -1 | 0 | 1;
  /** of the layout the move leads to: its largest distance in its group, and how many
   * layouts lie that far (a search of the group, kept for the next question in it) */
  farthest_steps: number;
  farthest_num: number;
}

export interface Moves {
  code: string;
  group: string;
  min_steps: number | null;
  moves_count: number;
  optimal_count: number;
  move_list: Move[];
}

export interface RouteStep {
  step: number;
  piece: "K" | "H" | "V" | "o" | null;
  row: number | null;
  col: number | null;
  moves: string | null;
  distance: number | null;
  code: string;
}

/** How moves are counted (SPEC.md "Other ways to count"): steps unless told. */
export type Metric = "step" | "straight" | "unit";

/** `klotski solve LAYOUT --json [--metric METRIC]`: a minimal solution. */
export interface Solution {
  from: string;
  to: string;
  /** its length, in the metric's moves */
  steps: number;
  metric: Metric;
  route: RouteStep[];
}

/** One layer of a group's depth histogram: its members at `depth` min steps (null: the
 * one layer of an unsolvable group). */
export interface GroupDepth {
  group: string;
  depth: number | null;
  layouts: number;
}

/** A group's largest min steps and extremes, as group() and farthestGroup() give them:
 * null for an unsolvable group's counts, and for extremes not found. */
export interface GroupExtremes {
  group: string;
  max_min_steps: number | null;
  hardest_count: number | null;
  diameter: number | null;
  radius: number | null;
  peripheral_count: number | null;
  central_count: number | null;
}

/** `klotski group GROUP --json`: its facts and its depth histogram. */
export interface Group extends GroupExtremes {
  class: string;
  size: number;
  min_code: string;
  solvable: boolean;
  solved: number;
  max_min_straight_moves: number | null;
  hardest_straight_count: number | null;
  max_min_unit_moves: number | null;
  hardest_unit_count: number | null;
  depths: GroupDepth[];
}

/** A layout of farthestGroup's list: one of the group's hardest, peripheral or central. */
export interface FarthestGroupLayout {
  group: string;
  kind: "hardest" | "peripheral" | "central";
  code: string;
  /** its min steps (hardest), or its farthest steps: the diameter (peripheral), the radius (central) */
  steps: number;
}

/** `klotski farthest GROUP --json`: a group's hardest and peripheral (and central)
 * layouts; `extremes` says whether the pack held the peripheral and central ones
 * ("stored") or a search found them now ("found now"). */
export interface FarthestGroup extends GroupExtremes {
  extremes: "stored" | "found now";
  layouts: FarthestGroupLayout[];
}

/** A row of hardest(): a layout among those with the most min moves in the metric asked
 * (its count named after the metric: min_steps, min_straight_moves or min_unit_moves). */
export interface HardestLayout {
  code: string;
  id: number;
  min_steps?: number;
  min_straight_moves?: number;
  min_unit_moves?: number;
  group: string;
}

/** A board's verdict: a legal one's code, id and cells. */
export interface Board {
  legal: true;
  code: string;
  id: number;
  board: string;
}

/** A classic name (`klotski names --json`) with its layout's min_steps (under another
 * metric, min_straight_moves or min_unit_moves in its place). */
export interface ClassicName {
  name: string;
  code: string;
  min_steps?: number | null;
  min_straight_moves?: number | null;
  min_unit_moves?: number | null;
  section: string;
}

/** `klotski hint LAYOUT --level LEVEL --json`: the fields a level does not tell are null. */
export interface Hint {
  code: string;
  level: 1 | 2 | 3;
  /** the band of ten distances holding min_steps (0 to 0: solved), in the metric's moves */
  steps_from: number;
  steps_to: number;
  /** level 2 and 3: the piece to move, the row and column of its top-left cell */
  piece: "K" | "H" | "V" | "o" | null;
  row: number | null;
  col: number | null;
  /** level 3: its slides ("down 1") and the layout they lead to */
  moves: string | null;
  to: string | null;
}

/** One line of an attempt checked: the start's piece .. moves and change are null. */
export interface CheckedStep {
  /** its place in the attempt, from 1 */
  line: number;
  code: string;
  piece: "K" | "H" | "V" | "o" | null;
  row: number | null;
  col: number | null;
  moves: string | null;
  /** in the metric's moves; null: unsolvable */
  min_steps: number | null;
  /** -1 closer to solved, 0 as close, 1 farther */
  change: -1 | 0 | 1 | null;
}

/** `klotski check LAYOUT... --json`: an attempt checked step by step (counts in the
 * metric's moves, under the names of steps). */
export interface Check {
  start: string;
  end: string;
  steps: number;
  start_min_steps: number | null;
  end_min_steps: number | null;
  solved: boolean;
  /** the line of the first step that was not optimal; null: none */
  first_not_optimal: number | null;
  /** the steps taken less the steps they gained; null: an unsolvable start */
  wasted: number | null;
  step_list: CheckedStep[];
}

/** One member of `klotski group GROUP --members --json`, in code order. */
export interface Member {
  group: string;
  code: string;
  id: number;
  group_index: number;
  /** null: unsolvable */
  min_steps: number | null;
}

/** Which members() lists: those of one min_steps (any when not given), after skipping
 * `offset` of them, `limit` at most (100 unless told; 1 to 1000), as /api/members. */
export interface MembersPage {
  depth?: number;
  offset?: number;
  limit?: number;
}

/** `klotski farthest LAYOUT --json`: the layouts of its group farthest from it. */
export interface Farthest {
  code: string;
  group: string;
  farthest_steps: number;
  /** all of them, however many are listed */
  farthest_num: number;
  farthest: {layout: string; farthest: string; distance: number}[];
}

/** `klotski solutions LAYOUT --json`: the solved layouts it reaches first, by distance then
 * code; the minimal ones lie min_steps away. */
export interface Solutions {
  code: string;
  min_steps: number;
  solutions: number;
  min_solutions: number;
  solution_list: {layout: string; solution: string; distance: number; minimal: boolean}[];
}

export interface Pack {
  layout(layout: string): Promise<Layout>;
  /** null: unsolvable */
  minSteps(layout: string): Promise<number | null>;
  /** under another metric, its moves, each min_steps counted in it (`--metric`) */
  moves(layout: string, metric?: Metric): Promise<Moves>;
  solve(layout: string, metric?: Metric): Promise<Solution>;
  /** a group's name (5-4-1-1) or a LAYOUT of it */
  group(groupOrLayout: string): Promise<Group>;
  /** a group's hardest and peripheral layouts, and its central ones when `central`;
   * `limit` of each kind at most (0, the default: all) */
  farthestGroup(groupOrLayout: string, central?: boolean, limit?: number): Promise<FarthestGroup>;
  /** `klotski hardest --json`: the `limit` (1 to 1000, default 10) layouts with the most
   * min moves in `metric`, most first, ties by code, over the whole database, a class
   * (5-4-1) or a group (a name or a LAYOUT of it) */
  hardest(options?: {class?: string; group?: string; limit?: number; metric?: Metric}): Promise<HardestLayout[]>;
  /** `klotski stats TABLE --json`: a statistics table's rows, of one class (5-4-1) or of
   * all; under straight or unit moves the counts' fields are named after the metric
   * (max_min_straight_moves, hardest_unit_count, min_unit_moves, ...) */
  stats(table: "summary" | "classes" | "groups" | "depths",
        options?: {class?: string; metric?: Metric}): Promise<Record<string, number | string | null>[]>;
  /** the 20 cells in a row; an illegal board rejects with the reason */
  board(cells: string): Promise<Board>;
  names(metric?: Metric): Promise<ClassicName[]>;
  /** a hint of level 1 (the default), 2 or 3; an unsolvable layout rejects */
  hint(layout: string, level?: 1 | 2 | 3, metric?: Metric): Promise<Hint>;
  /** the attempt's LAYOUTs, the start first, each one move from the one before (else it
   * rejects naming the line); a LAYOUT holds no comma or blank, as /api/check reads it */
  check(attempt: string[], metric?: Metric): Promise<Check>;
  /** the farthest layouts, `limit` at most (0, the default: all, as /api/farthest) */
  farthest(layout: string, limit?: number): Promise<Farthest>;
  /** an unsolvable layout rejects, as the command */
  solutions(layout: string): Promise<Solutions>;
  /** the player page of a minimal solution (`klotski solve LAYOUT --html`), one HTML file */
  player(layout: string, metric?: Metric): Promise<string>;
  /** a page of a group's members (a group's name or a LAYOUT of it), found by a search of
   * the group: a second or two for the largest */
  members(groupOrLayout: string, page?: MembersPage): Promise<Member[]>;
  /** a shortest path between two layouts of one group (`klotski path FROM TO --json`),
   * found by a search; layouts of two groups reject (status 1) */
  path(from: string, to: string, metric?: Metric): Promise<Solution>;
}

/** Opens a pack (`klotski pack FILE`); without bytes, the one this package carries. */
export function openPack(bytes?: ArrayBuffer | ArrayBufferView): Promise<Pack>;
