"use strict";
// The Klotski explorer: draws a layout, plays its moves by a click or a drag, lists them with
// their outcomes best first, and edits boards.  Everything it knows comes from the
// server's JSON API (/api/...); nothing is fetched from anywhere else.  The state is in
// the address: /?layout=CODE explores a layout, /?edit=CELLS edits a board.
// For programs, <body> carries data-state (loading, ready, error), data-mode (explore,
// edit), data-code and data-min-steps.

const SVG = "http://www.w3.org/2000/svg";
const CELL = 60, MARGIN = 14, GAP = 3, COLS = 4, ROWS = 5;
const SHAPES = {K: [2, 2, "king"], H: [2, 1, "horizontal"], V: [1, 2, "vertical"], o: [1, 1, "single"]};
const COLOURS = {K: ["#d8443c", "#962922"], H: ["#3f88c5", "#255b88"], V: ["#44a46a", "#2b7048"],
                 o: ["#f2b134", "#a77512"]};
const CHANGE = {"-1": "optimal", "0": "neutral", "1": "backwards"};
const $ = id => document.getElementById(id);

let current = null;         // the layout shown: {code, board, layout, moves}
let selected = null;        // the anchor of the piece chosen to move, or null
let undoStack = [], redoStack = [];
let editCells = null;       // the board being edited: 20 letters
let groupShown = null;      // the name of the group whose facts are shown

async function api(path, params) {
  const response = await fetch(`/api/${path}?${new URLSearchParams(params)}`);
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error || `${path}: HTTP ${response.status}`);
  return answer;
}

// An element of the page, or of an SVG picture for the SVG tags.
function element(tag, attributes = {}, text) {
  const e = ["rect", "text"].includes(tag) ? document.createElementNS(SVG, tag) : document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) e.setAttribute(name, value);
  if (text !== undefined) e.textContent = text;
  return e;
}

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = !message;
  if (message) document.body.dataset.state = "error";
}

// The pieces of a board of 20 letters: {letter, anchor, width, height}; cells that form
// no piece (half a 2x2, an H without its partner) come as broken pieces of one cell.
function piecesOf(cells) {
  const used = new Array(COLS * ROWS).fill(false), pieces = [];
  for (let cell = 0; cell < COLS * ROWS; cell++) {
    const letter = cells[cell];
    if (used[cell] || !SHAPES[letter]) continue;
    const [width, height] = SHAPES[letter];
    const cover = [];
    for (let dy = 0; dy < height; dy++)
      for (let dx = 0; dx < width; dx++)
        cover.push(cell % COLS + dx < COLS ? cell + dy * COLS + dx : -1);
    if (cover.every(c => c >= 0 && c < COLS * ROWS && cells[c] === letter && !used[c])) {
      cover.forEach(c => { used[c] = true; });
      pieces.push({letter, anchor: cell, width, height});
    } else {
      used[cell] = true;
      pieces.push({letter, anchor: cell, width: 1, height: 1, broken: true});
    }
  }
  return pieces;
}

function drawFrame(svg) {
  svg.replaceChildren();
  svg.append(element("rect", {x: 0, y: 0, width: 268, height: 328, rx: 12, fill: "#6b4a2e"}),
             element("rect", {x: MARGIN, y: MARGIN, width: 240, height: 300, fill: "#f4ecdc"}),
             element("rect", {x: 74, y: 314, width: 120, height: 14, fill: "#f4ecdc"}),
             element("text", {x: 134, y: 325, "font-size": 10, "text-anchor": "middle", fill: "#8c6a46",
                              "letter-spacing": 3}, "EXIT"));
}

function pieceRect(letter, anchor, width, height, extra = {}) {
  const [fill, stroke] = COLOURS[letter];
  return element("rect", {x: MARGIN + (anchor % COLS) * CELL + GAP, y: MARGIN + Math.floor(anchor / COLS) * CELL + GAP,
                          width: width * CELL - 2 * GAP, height: height * CELL - 2 * GAP, rx: 9, fill, stroke,
                          "stroke-width": 2, ...extra});
}

// ---- exploring ----

function anchorOf(move) { return (move.row - 1) * COLS + move.col - 1; }

function drawBoard() {
  const svg = $("board");
  drawFrame(svg);
  for (const p of piecesOf(current.board)) {
    const rect = pieceRect(p.letter, p.anchor, p.width, p.height,
                           {class: `piece ${SHAPES[p.letter][2]}${p.anchor === selected ? " selected" : ""}`,
                            "data-cell": p.anchor, "data-kind": SHAPES[p.letter][2]});
    rect.addEventListener("click", () => { if (!dragged) choosePiece(p.anchor); });
    rect.addEventListener("pointerdown", event => { drag = {piece: p, x: event.clientX, y: event.clientY}; });
    svg.append(rect);
  }
  if (selected === null) return;
  const piece = piecesOf(current.board).find(p => p.anchor === selected);
  for (const move of current.moves.filter(m => anchorOf(m) === selected)) {
    const to = (move.to_row - 1) * COLS + move.to_col - 1;
    const target = pieceRect(piece.letter, to, piece.width, piece.height,
                             {class: `target ${CHANGE[move.change] || "neutral"}`, "data-code": move.code,
                              "data-change": move.change});
    target.addEventListener("click", event => { event.stopPropagation(); go(move.code); });
    svg.append(target);
  }
}

// A drag: a piece pressed, then the pointer let go over a cell the piece can cover after
// one of its moves (the best such move is played).  A press let go where it started is a
// click.
let drag = null, dragged = false;
const DRAG_MIN_PX = 10;

function dropPiece(event) {
  const start = drag;
  drag = null;
  dragged = start !== null && Math.hypot(event.clientX - start.x, event.clientY - start.y) >= DRAG_MIN_PX;
  if (!dragged) return;
  const point = $("board").createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  const at = point.matrixTransform($("board").getScreenCTM().inverse());
  const col = Math.floor((at.x - MARGIN) / CELL), row = Math.floor((at.y - MARGIN) / CELL);
  const covers = move => col >= move.to_col - 1 && col < move.to_col - 1 + start.piece.width &&
                         row >= move.to_row - 1 && row < move.to_row - 1 + start.piece.height;
  const move = current.moves.find(m => anchorOf(m) === start.piece.anchor && covers(m)); // best first
  if (move) go(move.code);
}

function choosePiece(anchor) {
  const moves = current.moves.filter(m => anchorOf(m) === anchor);
  if (moves.length === 1) return go(moves[0].code);
  selected = moves.length && selected !== anchor ? anchor : null;
  drawBoard();
}

function factsTable(table, rows) {
  table.replaceChildren(...rows.map(([name, value]) => {
    const tr = element("tr");
    tr.append(element("th", {}, name), element("td", {}, value === null || value === undefined ? "-" : String(value)));
    return tr;
  }));
}

function layoutLink(code, text) {
  const a = element("a", {href: `/?layout=${code}`, "data-code": code}, text || code);
  a.addEventListener("click", event => { event.preventDefault(); go(code); });
  return a;
}

function drawMoves() {
  const list = $("moves");
  list.replaceChildren(...current.moves.map(m => {
    const li = element("li", {class: CHANGE[m.change] || "neutral"});
    const outcome = m.min_steps === null ? "unsolvable"
                  : `${m.min_steps} (${m.change > 0 ? "+" : m.change < 0 ? "\u2212" : "\u00b1"}${Math.abs(m.change)} ${CHANGE[m.change]})`;
    li.append(layoutLink(m.code, `${m.piece} r${m.row}c${m.col} ${m.moves}`), ` \u2192 ${outcome}`);
    return li;
  }));
  if (!current.moves.length) list.append(element("li", {}, "no piece can move"));
}

// The group's hardest and peripheral layouts; the hardest alone while its peripheral
// layouts wait for `make farthest` (then farthest?group= answers an error).
async function groupLayouts(name) {
  try {
    return await api("farthest", {group: name});
  } catch {
    const hardest = await api("hardest", {group: name}).catch(() => []);
    return {layouts: hardest.map(h => ({kind: "hardest", code: h.code, steps: h.min_steps}))};
  }
}

async function drawGroup(name) {
  if (groupShown === name) return;
  groupShown = name;
  $("group-name").textContent = name;
  const [group, extremes] = await Promise.all([api("group", {group: name}), groupLayouts(name)]);
  factsTable($("group-facts"), [["class", group.class], ["size", group.size], ["solvable", group.solvable ? "yes" : "no"],
    ["solved layouts", group.solved], ["hardest", group.max_min_steps === null ? "-" : `${group.max_min_steps} steps`],
    ["diameter", group.diameter], ["radius", group.radius]]);
  const listOf = kind => extremes.layouts.filter(l => l.kind === kind).map(l => {
    const li = element("li");
    li.append(layoutLink(l.code), ` ${l.steps} steps`);
    return li;
  });
  $("hardest").replaceChildren(...listOf("hardest"));
  const peripheral = listOf("peripheral");
  $("farthest").replaceChildren(...peripheral);
  $("find-farthest").hidden = peripheral.length > 0;
  if (!listOf("hardest").length) $("hardest").append(element("li", {}, "none: the group is unsolvable"));
}

async function findFarthest() {
  const answer = await api("farthest", {layout: current.code});
  $("farthest").replaceChildren(...answer.farthest.map(f => {
    const li = element("li");
    li.append(layoutLink(f.farthest), ` ${f.distance} steps from ${answer.code}`);
    return li;
  }));
}

// Shows a layout (any LAYOUT text the server reads).  record: how the address changes:
// "push" (a new state), "replace", or "none" (the address already says it).
async function show(text, record) {
  document.body.dataset.state = "loading";
  try {
    const board = await api("board", {layout: text});
    if (!board.legal) throw new Error(board.error);
    const [layout, moves] = await Promise.all([api("layout", {layout: board.code}), api("moves", {layout: board.code})]);
    current = {code: board.code, board: board.board, layout, moves: moves.move_list};
    selected = null;
    showError("");
    const address = `/?layout=${board.code}`;
    if (record === "push" && location.pathname + location.search !== address) history.pushState(null, "", address);
    else if (record !== "none") history.replaceState(null, "", address);
    render();
    await drawGroup(layout.group);
    document.body.dataset.state = "ready";
  } catch (error) {
    showError(error.message);
  }
}

function render() {
  setMode("explore");
  const l = current.layout;
  document.title = `${current.code} \u00b7 Klotski explorer`;
  document.body.dataset.code = current.code;
  document.body.dataset.minSteps = l.min_steps === null ? "unsolvable" : l.min_steps;
  $("code").textContent = current.code;
  $("goto-layout").value = current.code;
  factsTable($("layout-facts"), [["min_steps", l.min_steps === null ? "unsolvable" : l.min_steps],
    ["id", l.id], ["short code", l.short_code], ["class", l.class], ["group", l.group], ["group index", l.group_index],
    ["mirror", l.self_mirror ? "itself" : l.mirror], ["farthest steps", l.farthest_steps], ["names", l.names]]);
  $("play").href = `/play?layout=${current.code}`;
  $("play").hidden = l.min_steps === null;
  $("undo").disabled = !undoStack.length;
  $("redo").disabled = !redoStack.length;
  drawBoard();
  drawMoves();
}

// A step (or a jump by a link): the layout shown before can be undone.
function go(code) {
  if (current) undoStack.push(current.code);
  redoStack = [];
  return show(code, "push");
}

function undo() {
  if (!undoStack.length) return;
  redoStack.push(current.code);
  return show(undoStack.pop(), "push");
}

function redo() {
  if (!redoStack.length) return;
  undoStack.push(current.code);
  return show(redoStack.pop(), "push");
}

// ---- editing ----

function setMode(mode) {
  document.body.dataset.mode = mode;
  $("explore").hidden = mode !== "explore";
  $("edit").hidden = mode !== "edit";
}

function tool() { return document.querySelector("input[name=tool]:checked").value; }

function drawEditor() {
  const svg = $("editor");
  drawFrame(svg);
  for (const p of piecesOf(editCells)) {
    const extra = p.broken ? {class: "broken", "data-cell": p.anchor} : {class: "piece", "data-cell": p.anchor};
    svg.append(pieceRect(p.letter, p.anchor, p.width, p.height, extra));
  }
  for (let cell = 0; cell < COLS * ROWS; cell++) {
    const target = element("rect", {class: "cell", "data-cell": cell, x: MARGIN + (cell % COLS) * CELL,
                                    y: MARGIN + Math.floor(cell / COLS) * CELL, width: CELL, height: CELL});
    target.addEventListener("click", () => editCell(cell));
    svg.append(target);
  }
}

// Removes the piece covering `cell` (a broken cell alone).
function removeAt(cell) {
  for (const p of piecesOf(editCells))
    for (let dy = 0; dy < p.height; dy++)
      for (let dx = 0; dx < p.width; dx++)
        if (p.anchor + dy * COLS + dx === cell)
          for (let y = 0; y < p.height; y++)
            for (let x = 0; x < p.width; x++) editCells[p.anchor + y * COLS + x] = ".";
}

function editCell(cell) {
  const letter = tool();
  removeAt(cell);
  if (letter !== ".") {
    const [width, height] = SHAPES[letter];
    for (let dy = 0; dy < height; dy++)
      for (let dx = 0; dx < width; dx++) {
        const c = cell + dy * COLS + dx;
        if (cell % COLS + dx >= COLS || c >= COLS * ROWS) continue; // off the board: the piece stays cut
        removeAt(c);
        editCells[c] = letter;
      }
  }
  edited();
}

async function edited() {
  drawEditor();
  const cells = editCells.join("");
  history.replaceState(null, "", `/?edit=${cells}`);
  document.body.dataset.state = "loading";
  try {
    const verdict = await api("board", {board: cells});
    if (cells !== editCells.join("")) return; // edited again meanwhile
    $("verdict").className = verdict.legal ? "legal" : "illegal";
    $("verdict").textContent = verdict.legal ? `A legal layout: ${verdict.code}` : `Not a legal layout: ${verdict.error}`;
    $("explore-this").disabled = !verdict.legal;
    $("explore-this").dataset.code = verdict.legal ? verdict.code : "";
    document.body.dataset.state = "ready";
  } catch (error) {
    showError(error.message);
  }
}

function edit(cells) {
  editCells = Array.from(cells.padEnd(COLS * ROWS, ".").slice(0, COLS * ROWS));
  setMode("edit");
  showError("");
  edited();
}

// ---- start ----

function fromAddress(record) {
  const params = new URLSearchParams(location.search);
  if (params.has("edit")) return edit(params.get("edit"));
  return show(params.get("layout") || "1A9BF0C00", record);
}

$("goto").addEventListener("submit", event => {
  event.preventDefault();
  const text = $("goto-layout").value.trim();
  if (text) go(text);
});
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
$("to-explore").addEventListener("click", () => current ? show(current.code, "push") : fromAddress("replace"));
$("to-edit").addEventListener("click", () => {
  history.pushState(null, "", `/?edit=${current ? current.board : ""}`);
  edit(current ? current.board : "");
});
$("clear").addEventListener("click", () => { editCells.fill("."); edited(); });
$("explore-this").addEventListener("click", () => go($("explore-this").dataset.code));
$("find-farthest").addEventListener("click", findFarthest);
document.addEventListener("keydown", event => {
  if (event.target.tagName === "INPUT" || document.body.dataset.mode !== "explore") return;
  if (event.key === "u") undo();
  else if (event.key === "r") redo();
  else if (event.key === "Escape" && selected !== null) { selected = null; drawBoard(); }
});
window.addEventListener("popstate", () => fromAddress("none"));
document.addEventListener("pointerup", dropPiece);
document.addEventListener("pointercancel", () => { drag = null; });
fromAddress("replace");
