// The npm package's answers against `klotski --json`, for tests/e2e/e2e_npm.sh, by Node's
// own test runner (node --test), run from a scratch project where the tarball is
// installed, so that `import "klotski"` finds it as a user's project does.
// KLOTSKI_TEST_ANSWERS: the folder of the command's answers, a line "LAYOUT<TAB>STATUS<TAB>
// ANSWER" per layout (show.tsv, moves.tsv, solve.tsv, group.tsv, bad.tsv, hint1-3.tsv by
// level, check.tsv a line per attempt (its LAYOUTs separated by commas), farthest.tsv and
// solutions.tsv, moves_farthest.tsv (farthest of the layouts the first moves lead to), and
// moves_unit.tsv, solve_unit.tsv, hint_unit.tsv, check_unit.tsv under --metric unit: the JSON, or the
// reason the command gave with its exit status), members.tsv (pages of group --members)
// and path.tsv (path FROM TO, by metric), each line as e2e_npm.sh writes it, and
// names.jsonl; KLOTSKI_TEST_PACK: the pack of the test database.
import assert from "node:assert/strict";
import {readFileSync} from "node:fs";
import {test} from "node:test";
import {openPack} from "klotski";

const read = file => readFileSync(`${process.env.KLOTSKI_TEST_ANSWERS}/${file}`, "utf8").trimEnd().split("\n");
// The command's answers: [layout, the JSON answer, or {error, status}].
const answers = file => read(file).map(line => {
  const [layout, status, answer] = line.split("\t");
  return [layout, status === "0" ? JSON.parse(answer) : {error: answer, status: Number(status)}];
});
const [shown, moves, solved, groups, bad, unitMoves, unitSolved, farthest, solutions] =
  ["show", "moves", "solve", "group", "bad", "moves_unit", "solve_unit", "farthest", "solutions"].map(c => answers(`${c}.tsv`));
const farthestOf = new Map(farthest), solutionsOf = new Map(solutions);
// farthest_steps and farthest_num of the layouts the first moves lead to.
const movesFarthest = new Map(answers("moves_farthest.tsv").filter(([, answer]) => !answer.error)
  .map(([code, answer]) => [code, [answer.farthest_steps, answer.farthest_num]]));
const names = read("names.jsonl").map(line => JSON.parse(line));
const pack = await openPack(readFileSync(process.env.KLOTSKI_TEST_PACK));

// The fields of `answer` as `expected` (the command's) has them: every field the module
// gives is one of the command's, with its value.
function sameFields(answer, expected, what) {
  for (const [field, value] of Object.entries(answer))
    assert.deepEqual(value, expected[field], `${what}: ${field}`);
}

// `promise` rejects with an Error saying the command's reason, with its exit status.
async function rejectsAs(promise, expected, what) {
  await assert.rejects(promise, error => {
    assert.ok(error instanceof Error, `${what}: an Error`);
    assert.equal(error.message, expected.error, `${what}: the reason`);
    assert.equal(error.status, expected.status, `${what}: the exit status`);
    return true;
  });
}

// The moves of `layout` under `metric` against the command's `expected`, each move's
// farthest data against klotski farthest where it was asked (movesFarthest).  Returns how
// many moves' farthest data it compared.
async function checkMoves(layout, metric, expected) {
  const answer = await pack.moves(layout, metric);
  assert.equal(answer.move_list.length, expected.move_list.length, `${layout}: how many moves in ${metric}`);
  const {move_list: list, ...facts} = answer;
  sameFields(facts, expected, `${layout} in ${metric}`);
  let compared = 0;
  list.forEach((move, i) => {
    const {farthest_steps: steps, farthest_num: num, ...rest} = move;
    assert.ok(Number.isInteger(steps) && num > 0, `${layout}: move ${i} in ${metric}: its farthest data`);
    if (movesFarthest.has(move.code)) {
      assert.deepEqual([steps, num], movesFarthest.get(move.code), `${layout}: move ${i}: klotski farthest ${move.code}`);
      compared++;
    }
    sameFields(rest, expected.move_list[i], `${layout}: move ${i} in ${metric}`);
  });
  return compared;
}

// A layout and its moves together, as the page asks them after each step, so that the
// engine searches each layout's group once for both (it keeps the group searched last).
// The test database's farthest phase has not run: a layout's farthest_steps,
// farthest_num and solution_num are those of klotski farthest and solutions, asked of
// the layouts of groups up to 300,000 layouts.
test("layout and moves in steps and unit moves: klotski show, moves --json, as on a complete database", async () => {
  assert.ok(shown.length >= 60, "layouts sampled");
  let searched = 0, compared = 0;
  for (const [i, [layout, show]] of shown.entries()) {
    const answer = await pack.layout(layout);
    assert.deepEqual(Object.keys(answer), ["code", "id", "short_code", "class", "group", "group_index", "group_size",
                                           "min_steps", "min_straight_moves", "min_unit_moves", "min_solution_num",
                                           "mirror", "self_mirror", "farthest_steps", "farthest_num", "solution_num",
                                           "names", "board"], `${layout}: every field`);
    const far = farthestOf.get(layout), found = solutionsOf.get(layout);
    if (far) {
      assert.ok(!far.error && (!found.error || show.min_steps === null), `${layout}: the command's searches`);
      searched++;
    }
    const {farthest_steps, farthest_num, solution_num, ...known} = answer;
    assert.ok(farthest_steps >= 0 && farthest_num > 0, `${layout}: its farthest data`);
    sameFields(far ? answer : known, {...show, ...(far && {farthest_steps: far.farthest_steps, farthest_num: far.farthest_num,
                                                         solution_num: found.error ? null : found.solutions})}, layout);
    assert.equal(await pack.minSteps(layout), show.min_steps, `${layout}: minSteps`);
    assert.equal(moves[i][0], layout, "the same sample");
    compared += await checkMoves(layout, "step", moves[i][1]);
    compared += await checkMoves(layout, "unit", unitMoves[i][1]);
  }
  assert.ok(searched >= 30, `layouts whose searched fields were compared: ${searched}`);
  assert.ok(compared >= 100, `moves' farthest data compared: ${compared}`);
});

test("farthest and solutions: klotski farthest and solutions LAYOUT --json, or their error", async () => {
  for (const [layout, expected] of farthest) await sameAnswer(pack.farthest(layout), expected, `farthest ${layout}`);
  for (const [layout, expected] of solutions) await sameAnswer(pack.solutions(layout), expected, `solutions ${layout}`);
  assert.ok(solutions.some(([, answer]) => answer.error) && solutions.some(([, answer]) => answer.solutions > 1),
            "unsolvable layouts, and layouts of several solutions");
  const [layout, whole] = farthest.find(([, answer]) => answer.farthest_num > 2);
  assert.deepEqual(await pack.farthest(layout, 2), {...whole, farthest: whole.farthest.slice(0, 2)},
                   `farthest ${layout}, limit 2: the counts stay whole`);
});

for (const [metric, list] of [["step", solved], ["unit", unitSolved]])
test(`solve in ${metric}: a minimal solution as long as klotski solve's, or its error`, async () => {
  let unsolvable = 0;
  for (const [layout, solve] of list) {
    if (solve.error) {
      unsolvable++;
      await rejectsAs(pack.solve(layout, metric), solve, layout);
      continue;
    }
    const answer = await pack.solve(layout, metric);
    assert.deepEqual([answer.from, answer.steps, answer.metric, answer.route.length],
                     [solve.from, solve.steps, solve.metric, solve.route.length], layout);
    assert.equal(answer.to[0], "D", `${layout}: ends solved`);
  }
  assert.ok(unsolvable > 0, "some layouts are unsolvable");
});

// The command's answer or its error, field for field.
async function sameAnswer(promise, expected, what) {
  if (expected.error) await rejectsAs(promise, expected, what);
  else assert.deepEqual(await promise, expected, what);
}

for (const [level, metric, file] of [[1, "step", "hint1"], [2, "step", "hint2"], [3, "step", "hint3"], [3, "unit", "hint_unit"]])
test(`hint of level ${level} in ${metric}: klotski --metric ${metric} hint --level ${level} --json`, async () => {
  const list = answers(`${file}.tsv`);
  assert.ok(list.some(([, hint]) => hint.error) && list.some(([, hint]) => hint.piece !== undefined), "hints and errors");
  for (const [layout, hint] of list) await sameAnswer(pack.hint(layout, level, metric), hint, layout);
});

for (const [metric, file] of [["step", "check"], ["unit", "check_unit"]])
test(`check in ${metric}: klotski --metric ${metric} check LAYOUT... --json, or its error`, async () => {
  for (const [attempt, check] of answers(`${file}.tsv`))
    await sameAnswer(pack.check(attempt.split(","), metric), check, attempt);
});

test("group: the fields of klotski group --json", async () => {
  for (const [group, expected] of groups) sameFields(await pack.group(group), expected, group);
});

test("members: pages of klotski group --members --json, or its error", async () => {
  const pages = read("members.tsv").map(line => line.split("\t"));
  for (const [group, depth, offset, limit, status, answer] of pages) {
    const page = {offset: Number(offset), limit: Number(limit), ...(depth === "-1" ? {} : {depth: Number(depth)})};
    const what = `${group} ${JSON.stringify(page)}`;
    if (status !== "0") await rejectsAs(pack.members(group, page), {error: answer, status: Number(status)}, what);
    else assert.deepEqual(await pack.members(group, page), JSON.parse(answer), what);
  }
  await rejectsAs(pack.members("5-4-1-1", {limit: 0}), {error: "0: limit takes a number from 1 to 1000", status: 2},
                  "a limit out of range");
  await rejectsAs(pack.members("9-9-9-9"), {error: "9-9-9-9: no such group", status: 1}, "no such group");
});

test("path: klotski --metric METRIC path FROM TO --json, or its error", async () => {
  const paths = read("path.tsv").map(line => line.split("\t"));
  for (const [from, to, metric, status, answer] of paths) {
    const what = `${from} to ${to} in ${metric}`;
    if (status !== "0") await rejectsAs(pack.path(from, to, metric), {error: answer, status: Number(status)}, what);
    else assert.deepEqual(await pack.path(from, to, metric), JSON.parse(answer), what);
  }
  await rejectsAs(pack.path("", "1A9BF0C00"), {error: "from: missing (a LAYOUT: a code, #id, grid or classic name)",
                                              status: 2}, "no FROM");
});

test("names: the classic names and their min_steps", async () => {
  const answer = await pack.names();
  assert.equal(answer.length, names.length);
  answer.forEach((name, i) => sameFields(name, names[i], name.name));
});

test("bad input: an Error with the command's reason and exit status", async () => {
  for (const [layout, solve] of bad) await rejectsAs(pack.solve(layout), solve, JSON.stringify(layout));
  await assert.rejects(pack.minSteps(42), TypeError);
  await assert.rejects(pack.check("1A9BF0C00"), TypeError);
  await rejectsAs(pack.hint("1A9BF0C00", 4), {error: "level: takes 1, 2 or 3, not 4", status: 2}, "a level that is none");
  await rejectsAs(pack.moves("1A9BF0C00", "diagonal"), {error: "metric: 'diagonal' is no metric (step, straight or unit)",
                                                      status: 2}, "a metric that is none");
  await rejectsAs(pack.farthest("ZZZ"), bad[0][1], "farthest ZZZ");
  await rejectsAs(pack.solutions("ZZZ"), bad[0][1], "solutions ZZZ");
  await assert.rejects(pack.farthest("1A9BF0C00", -1), TypeError);
  await assert.rejects(openPack("klotski.pack"), TypeError);
  await assert.rejects(openPack(new Uint8Array(100)), /^Error: pack: not a klotski pack/);
});

test("board: a legal board's code, an illegal one's reason", async () => {
  assert.equal((await pack.board("VKKVVKKVVHHVVooVo..o")).code, "1A9BF0C00");
  // as /api/board words it: the codec's reason alone
  await assert.rejects(pack.board("VKKVVKKVVHHVVooVoooo"), {message: "fewer than two empty cells", status: 2});
});

test("the package's own pack, and the player page", async () => {
  const own = await openPack();
  assert.equal(await own.minSteps("横刀立马"), 81);
  assert.match(await own.player("1A9BF0C00"), /data-steps="81"/);
});
