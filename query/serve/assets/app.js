"use strict";
// The Klotski explorer: draws a layout, plays its moves by a click or a drag, lists them with
// their outcomes best first, and edits boards.  Everything it knows comes from api(),
// defined by api.js before it: the server's JSON API (/api/...) for `klotski serve`, the
// engine compiled to WebAssembly for the page with no server (`klotski site`, site/), whose
// API_OFFERS says what it cannot answer (other metrics, farthest and hardest layouts), so
// that those controls are hidden; nothing is fetched from anywhere else.  Addresses are
// relative, so that the page works from any folder.  The state is in
// the address: /?layout=CODE explores a layout, /?edit=CELLS edits a board; each entry of
// the browser's history keeps the undo and redo lists that went with it.  The page speaks
// English and Chinese: the address's lang= (en, zh) chooses, else the switch in the
// header (remembered), else the browser's language; the server's messages (the codec's
// reasons, its errors) and the names of the classic lists' sources are translated too.  The player plays in one of SPEC.md's three ways to count
// (step, straight, unit), chosen in the header, remembered like the language and kept in
// the address (&metric=): the moves, their outcomes and the counts of the lists follow it.
// For programs, <body> carries data-state (loading, ready, error), data-mode (explore,
// edit), data-code, data-min-steps, data-metric, data-min-moves (the count in that
// metric), data-solved and data-lang (en, zh).

const SVG = "http://www.w3.org/2000/svg";
const CELL = 60, MARGIN = 14, GAP = 3, COLS = 4, ROWS = 5;
const SHAPES = {K: [2, 2, "king"], H: [2, 1, "horizontal"], V: [1, 2, "vertical"], o: [1, 1, "single"]};
const COLOURS = {K: ["#d8443c", "#962922"], H: ["#3f88c5", "#255b88"], V: ["#44a46a", "#2b7048"],
                 o: ["#f2b134", "#a77512"]};
const CHANGE = {"-1": "optimal", "0": "neutral", "1": "backwards"};
const $ = id => document.getElementById(id);
const START = "1A9BF0C00";

// ---- the page's words, in English and Chinese ----

const WORDS = {
  en: {
    title: "Klotski explorer", placeholder: "code, #id or classic name", go: "Go", explore: "Explore",
    edit: "Edit this board", boardHint: "Click a piece to move it; when it can go to several places, click where. " +
      "A chosen piece also moves with the arrow keys.",
    undo: "undo", redo: "redo", play: "play the solution from here", layout: "Layout",
    farthestHere: "Layouts farthest from this one", findFarthest: "Find the layouts farthest from here",
    moves: "Moves", bestFirst: "best first", group: "Group", hardest: "Hardest layouts",
    peripheral: "The group's peripheral layouts",
    peripheralNote: "The ends of the group's diameter: its members farthest from some other member.",
    place: "Place", king: "2x2", horizontal: "horizontal", vertical: "vertical", single: "1x1", remove: "remove",
    editHint: "Click a cell to place the chosen piece there (its top-left cell), or to remove the piece on it.",
    clear: "Empty the board", exploreThis: "Explore this layout", classics: "Classic layouts",
    min_steps: "min steps", min_solution_num: "min solutions", solution_num: "solutions",
    farthest_steps: "farthest steps", farthest_num: "farthest layouts", id: "id", short_code: "short code",
    class: "class", group_index: "group index", mirror: "mirror", names: "names", itself: "itself",
    size: "size", solvable: "solvable", solved_count: "solved layouts", max_min_steps: "hardest",
    diameter: "diameter", radius: "radius", peripheral_count: "peripheral layouts", central_count: "central layouts",
    yes: "yes", no: "no", unsolvable: "unsolvable",
    countIn: "Count in", metric_step: "steps", metric_straight: "straight moves", metric_unit: "unit moves",
    min_straight_moves: "min straight moves", min_unit_moves: "min unit moves",
    step: n => `${n} step${n === 1 ? "" : "s"}`, straight: n => `${n} straight move${n === 1 ? "" : "s"}`,
    unit: n => `${n} unit move${n === 1 ? "" : "s"}`,
    stepsFrom: (n, code) => `${n} steps from ${code}`, noMove: "no piece can move",
    noHardest: "none: the group is unsolvable",
    notStored: "not stored yet (klotski-build --farthest completes them)",
    solved: "Solved: the 2x2 has reached the exit.",
    optimal: "optimal", neutral: "neutral", backwards: "backwards",
    legal: code => `A legal layout: ${code}`, illegal: reason => `Not a legal layout: ${reason}`,
    searching: "searching\u2026", loading: "loading\u2026", exit: "EXIT",
    progress: (percent, done, total) => `searching the group: ${percent}% (${done} of ${total} layouts)`,
    layoutLabel: "layout", boardLabel: "the board", editorLabel: "the board being edited",
    undoTitle: "undo (u)", redoTitle: "redo (r)",
    move: m => `${m.piece} r${m.row}c${m.col} ${m.moves}`,
    sections: {"华容道经典布局40种": "The 40 classic layouts", "华容道常见布局图": "Common layouts",
               "发芽网布局图": "Layouts of fayaa.com", "林雨霖华容道68局": "Lin Yulin's 68 layouts",
               "其他布局图": "Other layouts"},
  },
  zh: {
    title: "华容道探索", placeholder: "编码、#编号或布局名", go: "查看", explore: "探索",
    edit: "编辑此棋盘", boardHint: "点击棋子走一步；能走到几处时，再点击去处。选中的棋子也可以用方向键移动。",
    undo: "撤销", redo: "重做", play: "从这里播放解法", layout: "布局",
    farthestHere: "离此布局最远的布局", findFarthest: "查找离此布局最远的布局",
    moves: "走法", bestFirst: "好的在前", group: "连通组", hardest: "最难布局",
    peripheral: "本组的边缘布局",
    peripheralNote: "本组直径的两端：离组内某个布局最远的布局。",
    place: "放置", king: "曹操 2x2", horizontal: "横将", vertical: "竖将", single: "兵", remove: "移除",
    editHint: "点击格子，把选中的棋子放在那里（左上角），或移除那里的棋子。",
    clear: "清空棋盘", exploreThis: "探索此布局", classics: "经典布局",
    min_steps: "最少步数", min_solution_num: "最近解数", solution_num: "解数",
    farthest_steps: "最远步数", farthest_num: "最远布局数", id: "编号", short_code: "短码",
    class: "类", group_index: "组内序号", mirror: "镜像", names: "名称", itself: "自身",
    size: "大小", solvable: "可解", solved_count: "已解布局", max_min_steps: "最难",
    diameter: "直径", radius: "半径", peripheral_count: "边缘布局数", central_count: "中心布局数",
    yes: "是", no: "否", unsolvable: "无解",
    countIn: "计步方式", metric_step: "步", metric_straight: "直线步", metric_unit: "单格步",
    min_straight_moves: "最少直线步数", min_unit_moves: "最少单格步数",
    step: n => `${n} 步`, straight: n => `${n} 直线步`, unit: n => `${n} 单格步`,
    stepsFrom: (n, code) => `离 ${code} ${n} 步`, noMove: "没有棋子能走",
    noHardest: "无：本组无解",
    notStored: "尚未存储（klotski-build --farthest 补全）",
    solved: "已解：曹操到达出口。",
    optimal: "最优", neutral: "持平", backwards: "后退",
    legal: code => `合法布局：${code}`, illegal: reason => `不是合法布局：${reason}`,
    searching: "查找中\u2026", loading: "加载中\u2026", exit: "出口",
    progress: (percent, done, total) => `正在搜索本组：${percent}%（已搜索 ${done} / ${total} 个布局）`,
    layoutLabel: "布局", boardLabel: "棋盘", editorLabel: "正在编辑的棋盘", undoTitle: "撤销（u）", redoTitle: "重做（r）",
    // "V r1c1 down 1, right 1": the piece by its name, where it stands, each slide.
    move: m => `${PIECE_NAMES_ZH[m.piece]}（第${m.row}行第${m.col}列）` +
      m.moves.replace(/(up|down|left|right) (\d+)/g, (_, way, cells) => `向${DIRECTIONS_ZH[way]}${cells}格`).replaceAll(", ", "，"),
    sections: {},
  },
};
const PIECE_NAMES_ZH = {K: "曹操", H: "横将", V: "竖将", o: "兵"};
const DIRECTIONS_ZH = {up: "上", down: "下", left: "左", right: "右"};
// The server's messages in Chinese: the codec's reasons (core/layout_text.c, core/code.c,
// core/board.c) and the server's errors, phrase by phrase, the longest first; what no
// phrase covers (a code, a name, a number) stays as the server wrote it.
const PHRASES_ZH = [
  ["looks like a classic name in pinyin, but no name reads so; closest names: ", "像是用拼音写的布局名，但没有布局名这样读；最接近的名称："],
  ["not a code, id, grid, board file or classic name; closest names: ", "不是编码、编号、数字棋盘、棋盘文件或布局名；最接近的名称："],
  ["not a code, id, grid, board file or classic name; no classic name is close", "不是编码、编号、数字棋盘、棋盘文件或布局名；没有相近的布局名"],
  ["not a code, short code, #id, grid or board", "不是编码、短码、#编号、数字棋盘或棋盘"],
  ["not a layout code: ", "不是布局编码："], ["not a board: ", "不是棋盘："],
  ["did you mean the id ", "是否想输入编号 "],
  ["not a hex digit", "含非十六进制字符"], ["more than 36 bits", "超过 36 位"],
  ["unused low bits are not zero", "未用的低位不为零"], ["not a legal layout", "不是合法布局"],
  ["an id is # and a number from 0 to ", "编号是 # 加一个数，从 0 到 "],
  ["a short code beyond the last layout, ", "短码超出最后一个布局："],
  ["empty layout", "空布局"],
  ["fewer than two empty cells", "空格少于两个"], ["there must be exactly one 2x2 block of K", "必须恰有一个 2x2 的 K 块"],
  ["there must be exactly one 2x2 piece", "必须恰有一个 2x2 棋子"],
  ["an H has no H partner to its right", "H 的右边没有配对的 H"], ["a V has no V partner below it", "V 的下面没有配对的 V"],
  ["cells are K H V o or .", "格子只能是 K H V o 或 ."],
  ["a board is 5 lines of 4 cells", "棋盘是 5 行、每行 4 格"], ["it ends after ", "它结束于第 "],
  [" rows; ", " 行之后；"], [" row; ", " 行之后；"], ["its line ", "它的第 "], [" has ", " 行有 "],
  [" cells, not 4", " 格，不是 4 格"], [" cell, not 4", " 格，不是 4 格"], [" is a 6th row; ", " 行是第 6 行；"],
  [" is no cell: a piece is a letter or digit, a blank . _ or a space", " 不是格子：棋子用字母或数字，空格用 . _ 或空白"],
  ["piece ", "棋子 "], [" covers ", " 占 "],
  [" cells that are not a 2x2, 1x2, 2x1 or 1x1 block", " 格，不成 2x2、1x2、2x1 或 1x1 的形状"],
  ["grid: general ", "数字棋盘：将 "], [" does not cover two adjacent cells", " 没有占两个相邻的格子"],
  ["grid: cells are 0 (empty), 1 (1x1), 2-6 (generals) or 7 (2x2), not ", "数字棋盘：格子是 0（空）、1（兵）、2-6（将）或 7（曹操），不是 "],
  ["the name has ", "这个名称有 "], [" layouts; pick #1 to #", " 个布局；请选 #1 到 #"],
  ["names ", "这个名称有 "], [" layouts; pick one: ", " 个布局；请选一个："],
  ["the database has no such layout or group", "数据库中没有这个布局或连通组"],
  ["not in the database", "不在数据库中"], ["no such group", "没有这个连通组"], ["no such class", "没有这个类"],
  ["unsolvable: its group holds no solved layout", "无解：它的连通组里没有已解布局"],
  ["no path: they lie in different groups", "没有路径：它们在不同的连通组"],
  ["the server is busy; try again", "服务器正忙，请重试"], ["no answer", "没有回答"],
  // the page with no server's (site/assets/api.js, the pack's reader core/pack/pack.c)
  ["a page opened from disk may not read its files: serve its folder (python3 -m http.server), " +
   "or write the page as one file (klotski site --single-file)",
   "从磁盘打开的网页不能读取它旁边的文件：请用静态文件服务器提供这个文件夹（python3 -m http.server），" +
   "或把网页写成单个文件（klotski site --single-file）"],
  ["the pack counts in steps only", "数据包只按步计数"], ["not answered without the server", "没有服务器时无法回答"],
  ["the engine stopped (exit ", "引擎已停止（退出码 "], ["no pack is loaded", "没有加载数据包"],
  ["not a klotski pack", "不是 klotski 数据包"], ["a pack of format version ", "数据包格式版本为 "],
  ["; this reader reads ", "；本程序读取版本 "], ["the pack is corrupt", "数据包已损坏"],
  ["header checksum ", "文件头校验和 "], ["content checksum ", "内容校验和 "], [", expected ", "，应为 "],
  [" does not inflate to its ", " 解压后不是应有的 "], [" bytes", " 字节"], ["residue block ", "余数块 "],
  ["group block ", "连通组块 "], ["the groups chunk", "连通组数据段"], ["the names chunk", "名称数据段"],
  ["out of memory", "内存不足"], ["cannot read the pack", "无法读取数据包"],
];
// The reasons with a number or a character inside a phrase, before the phrases.
const PATTERNS_ZH = [
  [/the (\d+)(?:st|nd|rd|th) character, '(.)', is not a hex digit/g, "第 $1 个字符 '$2' 不是十六进制数字"],
];
// A message of the server in the page's language.
function translated(message) {
  if (language !== "zh" || !message) return message;
  const patterned = PATTERNS_ZH.reduce((text, [pattern, chinese]) => text.replace(pattern, chinese), message);
  return PHRASES_ZH.reduce((text, [english, chinese]) => text.split(english).join(chinese), patterned);
}
// The language chosen with the switch, kept in the browser (which may refuse to keep it).
const LANGUAGE_KEY = "klotski-language";
function chosenLanguage() {
  try { return localStorage.getItem(LANGUAGE_KEY); } catch { return null; }
}
// A language named in the address (lang=en or lang=zh) wins, and stays in the addresses
// the page records from then on.
const addressLanguage = new URLSearchParams(location.search).get("lang");
let languageInAddress = Object.hasOwn(WORDS, addressLanguage || "");
let language = (languageInAddress && addressLanguage) || chosenLanguage() ||
  ((navigator.language || "").toLowerCase().startsWith("zh") ? "zh" : "en");
// An address of the page, with the language when the address carries it.
function withLanguage(address) {
  if (!languageInAddress) return address;
  const url = new URL(address, location.href);
  url.searchParams.set("lang", language);
  // A relative address (the page with no server's) stays relative.
  return address.startsWith("?") ? url.search : url.pathname + url.search;
}

// The ways to count (SPEC.md "Other ways to count"): per metric, the API's name of its
// count in a layout's answer (as /api/layout, /api/names and /api/hardest name it), of
// its largest and of how many reach it in /api/group's.
const METRICS = {
  step: {count: "min_steps", largest: "max_min_steps", hardestCount: "hardest_count"},
  straight: {count: "min_straight_moves", largest: "max_min_straight_moves", hardestCount: "hardest_straight_count"},
  unit: {count: "min_unit_moves", largest: "max_min_unit_moves", hardestCount: "hardest_unit_count"},
};
const METRIC_KEY = "klotski-metric";
function storedMetric() {
  try { return localStorage.getItem(METRIC_KEY); } catch { return null; }
}
// The metric of the address, else the one chosen last, else steps.
function metricOf(params) {
  const wanted = [params.get("metric"), storedMetric()].find(m => METRICS[m] && API_OFFERS.metrics.includes(m));
  return wanted || "step";
}
let metric = metricOf(new URLSearchParams(location.search));

// A word of the page in its language; a function of the arguments for those that take any.
function t(key, ...args) {
  const word = WORDS[language][key];
  return typeof word === "function" ? word(...args) : word;
}

// Writes the page's fixed words in its language, then its answers again.
function applyLanguage() {
  document.documentElement.lang = language === "zh" ? "zh-CN" : "en";
  document.body.dataset.lang = language;
  document.title = t("title");
  document.querySelectorAll("[data-text]").forEach(e => { e.textContent = t(e.dataset.text); });
  document.querySelectorAll("[data-placeholder]").forEach(e => { e.placeholder = t(e.dataset.placeholder); });
  document.querySelectorAll("[data-label]").forEach(e => { e.setAttribute("aria-label", t(e.dataset.label)); });
  document.querySelectorAll("[data-title]").forEach(e => { e.title = t(e.dataset.title); });
  $("language").textContent = language === "zh" ? "English" : "中文";
  $("language").lang = language === "zh" ? "en" : "zh";
  if ($("error").dataset.message) $("error").textContent = translated($("error").dataset.message);
  if (current && document.body.dataset.mode === "explore" && document.body.dataset.state !== "error") {
    render();
    groupShown = null;
    drawGroup(current.layout.group);
  }
  if (editCells && document.body.dataset.mode === "edit") edited();
  if (classicsShown) { classicsShown = false; drawClassics(); }
}

let current = null;         // the layout shown: {code, board, layout, moves}
let selected = null;        // the anchor of the piece chosen to move, or null
let keepSelection = false;  // the next layout shown keeps `selected` (the piece moved by a key)
let undoStack = [], redoStack = [];
let editCells = null;       // the board being edited: 20 letters
let groupShown = null;      // the group whose facts are shown, and the metric: "NAME METRIC"
let classicsShown = false;  // whether the classic layouts are listed (in `metric`)

// An element of the page, or of an SVG picture for the SVG tags.
function element(tag, attributes = {}, text) {
  const e = ["rect", "text"].includes(tag) ? document.createElementNS(SVG, tag) : document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) e.setAttribute(name, value);
  if (text !== undefined) e.textContent = text;
  return e;
}

// Shows an error, or none ("").  In the error state the explorer's board, moves and
// controls are hidden, since they belong to no layout, and the box keeps what was typed.
function showError(message, typed) {
  $("error").dataset.message = message;
  $("error").textContent = translated(message);
  $("error").hidden = !message;
  if (!message) return;
  document.body.dataset.state = "error";
  if (typed !== undefined) {
    $("goto-layout").value = typed;
    $("explore").hidden = true;
    $("undo").disabled = $("redo").disabled = true;
    $("play").hidden = true;
    delete document.body.dataset.code;
    delete document.body.dataset.minSteps;
  }
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
                              "letter-spacing": 3}, t("exit")));
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

// A table of facts: [name, value] rows, "-" for a value that is null (not stored); rows
// whose value is undefined (a fact the answer lacks, as the pack of the page with no
// server lacks some) are left out.
function factsTable(table, rows) {
  table.replaceChildren(...rows.filter(([, value]) => value !== undefined).map(([name, value]) => {
    const tr = element("tr");
    tr.append(element("th", {}, name), element("td", {}, value === null || value === undefined ? "-" : String(value)));
    return tr;
  }));
}

function layoutLink(code, text) {
  const a = element("a", {href: `?layout=${code}`, "data-code": code}, text || code);
  a.addEventListener("click", event => { event.preventDefault(); go(code); });
  return a;
}

function drawMoves() {
  const list = $("moves");
  list.replaceChildren(...current.moves.map(m => {
    const li = element("li", {class: CHANGE[m.change] || "neutral"});
    const outcome = m.min_steps === null ? t("unsolvable")
                  : `${m.min_steps} (${m.change > 0 ? "+" : m.change < 0 ? "\u2212" : "\u00b1"}${Math.abs(m.change)} ${t(CHANGE[m.change])})`;
    li.append(layoutLink(m.code, t("move", m)), ` \u2192 ${outcome}`);
    return li;
  }));
  if (!current.moves.length) list.append(element("li", {}, t("noMove")));
}

// The group's peripheral layouts (in steps, as its diameter) out of `extremes`, the
// layouts of farthest?group=, and its hardest in the metric: [{kind, code, count}].  The
// peripheral ones wait for `make farthest` (until then farthest?group= answers an error
// and extremes is empty); the hardest under another metric, or while they wait, are those
// that reach its largest count, all of them, at most the API's 1000.
async function groupLayouts(group, extremes) {
  const peripheral = extremes.filter(l => l.kind === "peripheral").map(l => ({...l, count: l.steps}));
  if (metric === "step" && peripheral.length)
    return [...extremes.filter(l => l.kind === "hardest").map(l => ({...l, count: l.steps})), ...peripheral];
  const reaching = group[METRICS[metric].hardestCount];
  const hardest = reaching && API_OFFERS.hardest ? await api("hardest", {group: group.group, metric, limit: Math.min(reaching, 1000)})
                               .catch(() => []) : [];
  return [...hardest.map(h => ({kind: "hardest", code: h.code, count: h[METRICS[metric].count]})), ...peripheral];
}

async function drawGroup(name) {
  const shown = `${name} ${metric}`;
  if (groupShown === shown) return;
  groupShown = shown;
  $("group-name").textContent = name;
  const [group, extremes] = await Promise.all([
    api("group", {group: name}),
    API_OFFERS.farthest ? api("farthest", {group: name}).then(a => a.layouts).catch(() => []) : []]);
  const layouts = await groupLayouts(group, extremes);
  if (groupShown !== shown) return; // another group or metric asked meanwhile
  const steps = n => n === null || n === undefined ? null : t("step", n);
  const largest = group[METRICS[metric].largest];
  factsTable($("group-facts"), [[t("class"), group.class], [t("size"), group.size],
    [t("solvable"), t(group.solvable ? "yes" : "no")], [t("solved_count"), group.solved],
    [t("max_min_steps"), largest === null ? null : t(metric, largest)], [t("diameter"), steps(group.diameter)],
    [t("radius"), steps(group.radius)], [t("peripheral_count"), group.peripheral_count],
    [t("central_count"), group.central_count]]);
  const listOf = kind => layouts.filter(l => l.kind === kind).map(l => {
    const li = element("li");
    li.append(layoutLink(l.code), ` ${t(kind === "hardest" ? metric : "step", l.count)}`);
    return li;
  });
  $("hardest").replaceChildren(...listOf("hardest"));
  if (!listOf("hardest").length) $("hardest").append(element("li", {}, t("noHardest")));
  const peripheral = listOf("peripheral");
  $("peripheral").replaceChildren(...peripheral);
  if (!peripheral.length) $("peripheral").append(element("li", {}, t("notStored")));
}

// The layouts farthest from the one shown, asked when wanted: stored ones are read,
// others found by a search of the group.
async function findFarthest() {
  const code = current.code;
  $("find-farthest").disabled = true;
  $("farthest-here").replaceChildren(element("li", {}, t("searching")));
  try {
    const answer = await api("farthest", {layout: code});
    if (current.code !== code) return;
    $("farthest-here").replaceChildren(...answer.farthest.map(f => {
      const li = element("li");
      li.append(layoutLink(f.farthest), ` ${t("stepsFrom", f.distance, answer.code)}`);
      return li;
    }));
    document.body.dataset.farthest = answer.farthest_steps;
  } catch (error) {
    $("farthest-here").replaceChildren(element("li", {}, error.message));
  } finally {
    $("find-farthest").disabled = false;
  }
}

// The classic layouts, by section of their source lists, each name a link.
async function drawClassics() {
  if (classicsShown) return;
  classicsShown = true;
  $("classic-list").replaceChildren(element("p", {}, t("loading")));
  const asked = metric, names = await api("names", {metric});
  if (asked !== metric) return; // the metric changed meanwhile: its own list follows
  const count = METRICS[metric].count, sections = new Map();
  for (const n of names) {
    if (!sections.has(n.section)) sections.set(n.section, []);
    const li = element("li");
    li.append(layoutLink(n.code, n.name), ` ${n[count] === null ? t("unsolvable") : t(metric, n[count])}`);
    sections.get(n.section).push(li);
  }
  $("classic-list").replaceChildren(...[...sections].flatMap(([section, items]) => {
    const list = element("ul", {class: "links names"});
    list.append(...items);
    const name = t("sections")[section];
    return [element("h3", name ? {} : {lang: "zh"}, name || section), list];
  }));
}

// Shows a layout (any LAYOUT text the server reads).  record: how the address changes:
// "push" (a new state), "replace", or "none" (the address already says it).  stacks:
// the undo and redo lists that go with the layout once it is shown (unchanged when not
// given).  Returns whether it was shown; else the page is in the error state, the
// address (when recorded) saying what was typed.
async function show(text, record, stacks) {
  document.body.dataset.state = "loading";
  try {
    const board = await api("board", {layout: text});
    if (!board.legal) throw new Error(board.error);
    const [layout, moves] = await Promise.all([api("layout", {layout: board.code}),
                                               api("moves", {layout: board.code, metric})]);
    selected = keepSelection ? selected : null;
    keepSelection = false;
    current = {code: board.code, board: board.board, layout, moves: moves.move_list};
    if (stacks) [undoStack, redoStack] = [stacks.undo, stacks.redo];
    showError("");
    recordAddress(`?layout=${board.code}&metric=${metric}`, record);
    render();
    await drawGroup(layout.group);
    document.body.dataset.state = "ready";
    return true;
  } catch (error) {
    recordAddress(`?layout=${encodeURIComponent(text)}&metric=${metric}`, record);
    showError(error.message, text);
    return false;
  }
}

// Records an address in the browser's history with the undo and redo lists of the
// moment, so that Back and Forward bring both back.
function recordAddress(address, record) {
  const state = {undo: undoStack.slice(), redo: redoStack.slice()};
  address = withLanguage(address);
  if (record === "push" && location.search !== address) history.pushState(state, "", address);
  else if (record !== "none") history.replaceState(state, "", address);
}

function render() {
  setMode("explore");
  const l = current.layout;
  const steps = n => n === null || n === undefined ? null : t("step", n);
  document.title = `${current.code} \u00b7 ${t("title")}`;
  document.body.dataset.code = current.code;
  document.body.dataset.minSteps = l.min_steps === null ? "unsolvable" : l.min_steps;
  document.body.dataset.metric = metric;
  document.body.dataset.minMoves = l[METRICS[metric].count] === null ? "unsolvable" : l[METRICS[metric].count];
  $("metric").value = metric;
  document.body.dataset.solved = l.min_steps === 0;
  $("code").textContent = current.code;
  $("goto-layout").value = current.code;
  const count = key => l[key] === null ? t("unsolvable") : l[key]; // undefined: not in the answer
  factsTable($("layout-facts"), [[t("min_steps"), count("min_steps")],
    [t("min_straight_moves"), count("min_straight_moves")], [t("min_unit_moves"), count("min_unit_moves")],
    [t("min_solution_num"), l.min_solution_num], [t("solution_num"), l.solution_num],
    [t("farthest_steps"), steps(l.farthest_steps)], [t("farthest_num"), l.farthest_num],
    [t("id"), l.id], [t("short_code"), l.short_code], [t("class"), l.class], [t("group"), l.group],
    [t("group_index"), l.group_index], [t("mirror"), l.self_mirror ? t("itself") : l.mirror], [t("names"), l.names]]);
  $("solved").hidden = l.min_steps !== 0;
  $("solved").textContent = t("solved");
  $("play").href = playAddress(current.code, metric);
  $("play").hidden = l.min_steps === null || l.min_steps === 0;
  $("undo").disabled = !undoStack.length;
  $("redo").disabled = !redoStack.length;
  if ($("farthest-here").dataset.code !== current.code) {
    $("farthest-here").replaceChildren();
    $("farthest-here").dataset.code = current.code;
    delete document.body.dataset.farthest;
  }
  drawBoard();
  drawMoves();
}

// A step (or a jump by a link): the layout shown before can be undone.
function go(code) {
  const from = current ? [current.code] : []; // the layout explored last, also after an error
  return show(code, "push", {undo: [...undoStack, ...from], redo: []});
}

function undo() {
  if (!undoStack.length || !current) return;
  return show(undoStack.at(-1), "push", {undo: undoStack.slice(0, -1), redo: [...redoStack, current.code]});
}

function redo() {
  if (!redoStack.length || !current) return;
  return show(redoStack.at(-1), "push", {undo: [...undoStack, current.code], redo: redoStack.slice(0, -1)});
}

// The arrow keys move the chosen piece: the nearest of its moves in that direction.
const DIRECTIONS = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};

function movePieceBy([rows, cols]) {
  const ways = current.moves.filter(m => anchorOf(m) === selected &&
    Math.sign(m.to_row - m.row) === rows && Math.sign(m.to_col - m.col) === cols);
  if (!ways.length) return;
  const nearest = ways.reduce((a, b) => Math.abs(b.to_row - b.row) + Math.abs(b.to_col - b.col) <
                                        Math.abs(a.to_row - a.row) + Math.abs(a.to_col - a.col) ? b : a);
  selected = (nearest.to_row - 1) * COLS + nearest.to_col - 1;
  keepSelection = true;
  return go(nearest.code);
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
  history.replaceState(null, "", withLanguage(`?edit=${cells}`));
  document.body.dataset.state = "loading";
  try {
    const verdict = await api("board", {board: cells});
    if (cells !== editCells.join("")) return; // edited again meanwhile
    $("verdict").className = verdict.legal ? "legal" : "illegal";
    $("verdict").textContent = verdict.legal ? t("legal", verdict.code) : t("illegal", translated(verdict.error));
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

function fromAddress(record, stacks) {
  const params = new URLSearchParams(location.search);
  metric = metricOf(params);
  $("metric").value = metric;
  if (params.has("edit")) return edit(params.get("edit"));
  return show(params.get("layout") || START, record, stacks);
}

$("goto").addEventListener("submit", event => {
  event.preventDefault();
  const text = $("goto-layout").value.trim();
  if (text) go(text);
});
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
// Explore: the board being edited when it is a legal layout, else the layout explored last.
$("to-explore").addEventListener("click", () => {
  const edited = document.body.dataset.mode === "edit" && $("explore-this").dataset.code;
  if (edited) return go(edited);
  return show(current ? current.code : START, "push");
});
$("to-edit").addEventListener("click", () => {
  history.pushState(null, "", withLanguage(`?edit=${current ? current.board : ""}`));
  edit(current ? current.board : "");
});
$("clear").addEventListener("click", () => { editCells.fill("."); edited(); });
$("explore-this").addEventListener("click", () => go($("explore-this").dataset.code));
$("find-farthest").addEventListener("click", findFarthest);
$("classics").addEventListener("toggle", () => { if ($("classics").open) drawClassics(); });
// Another metric: the layout shown again in it, a new entry of the history (Back returns
// to the metric before); the lists that give counts follow.
$("metric").addEventListener("change", () => {
  metric = $("metric").value;
  try { localStorage.setItem(METRIC_KEY, metric); } catch {}
  if (classicsShown) { classicsShown = false; drawClassics(); }
  if (document.body.dataset.mode === "explore") show(current ? current.code : START, "push");
});
$("language").addEventListener("click", () => {
  language = language === "zh" ? "en" : "zh";
  try { localStorage.setItem(LANGUAGE_KEY, language); } catch {}
  if (languageInAddress) history.replaceState(history.state, "", withLanguage(location.pathname + location.search));
  applyLanguage();
});
document.addEventListener("keydown", event => {
  if (event.target.tagName === "INPUT" || document.body.dataset.mode !== "explore" ||
      document.body.dataset.state === "error") return;
  if (event.key === "u") undo();
  else if (event.key === "r") redo();
  else if (event.key === "Escape" && selected !== null) { selected = null; drawBoard(); }
  else if (DIRECTIONS[event.key] && selected !== null) { event.preventDefault(); movePieceBy(DIRECTIONS[event.key]); }
});
// A long search's progress (the page with no server's engine tells it, site/assets/api.js):
// a line while the search runs, gone once it ends.
window.addEventListener("klotski-progress", ({detail}) => {
  $("progress").hidden = !detail;
  if (detail)
    $("progress").textContent = t("progress", Math.floor(100 * detail.done / detail.total),
                                  detail.done.toLocaleString("en-US"), detail.total.toLocaleString("en-US"));
});
// Back and Forward: the layout of that entry, with the undo and redo lists it had.
window.addEventListener("popstate", event => fromAddress("none", event.state && event.state.undo ? event.state : {undo: [], redo: []}));
// The group drawn again when the api has more to say of it: the page with no server, once
// the part of its pack that came later is there (site/assets/api.js).
window.addEventListener("klotski-group-data", () => {
  if (!current || document.body.dataset.mode !== "explore" || document.body.dataset.state === "error") return;
  groupShown = null;
  drawGroup(current.layout.group);
});
document.addEventListener("pointerup", dropPiece);
document.addEventListener("pointercancel", () => { drag = null; });
// What the api cannot answer is not offered: the metric picker with one metric, the
// elements marked data-offer="farthest" or "hardest" without those answers.
$("metric-picker").hidden = API_OFFERS.metrics.length < 2;
document.querySelectorAll("[data-offer]").forEach(e => { e.hidden = !API_OFFERS[e.dataset.offer]; });
applyLanguage();
fromAddress("replace", history.state && history.state.undo ? history.state : undefined);
