#include "query/render/html_player.h"

#include "query/render/markup.h"
#include "query/render/route.h"
#include "query/render/svg_board.h"

static const char player_style[] =
    "body { font-family: \"DejaVu Sans\", Verdana, sans-serif; margin: 24px; color: #222; background: #fafafa; }\n"
    "h1 { font-size: 20px; margin: 0 0 18px; }\n"
    "main { display: flex; gap: 32px; align-items: flex-start; flex-wrap: wrap; }\n"
    ".stage { display: flex; flex-direction: column; align-items: center; gap: 10px; }\n"
    ".controls button { font-size: 16px; min-width: 44px; padding: 6px 10px; cursor: pointer; }\n"
    "#slider { width: 268px; }\n"
    "#counter { font-size: 18px; font-weight: bold; margin: 0; }\n"
    "#move { margin: 0; color: #555; font-family: \"DejaVu Sans Mono\", monospace; min-height: 1.3em; }\n"
    ".piece { transition: x 0.2s ease, y 0.2s ease; }\n"
    ".piece.moved { stroke: #111; stroke-width: 5px; }\n"
    "#steps { position: relative; margin: 0; padding: 8px 8px 8px 56px; max-height: 480px; min-width: 260px; overflow-y: auto;\n"
    "         background: #fff; border: 1px solid #ddd; border-radius: 6px;\n"
    "         font-family: \"DejaVu Sans Mono\", monospace; font-size: 14px; }\n"
    "#steps li { padding: 2px 6px; cursor: pointer; border-radius: 4px; }\n"
    "#steps li:hover { background: #eef2f7; }\n"
    "#steps li.current { background: #d8443c; color: #fff; }\n"
    "#steps li.current::marker { color: #222; }\n";

/* Every step is replayed from the step list: its items carry the moved piece's
 * anchors before and after (data-from, data-to), so the script needs no knowledge of
 * codes; a piece is found by the address of its top-left cell, which is unique. */
static const char player_script[] =
    "\"use strict\";\n"
    "const board = document.querySelector(\"svg.board\");\n"
    "const cellSize = Number(board.dataset.cellSize);\n"
    "const list = document.getElementById(\"steps\");\n"
    "const items = Array.from(list.children);\n"
    "const last = items.length - 1;\n"
    "const slider = document.getElementById(\"slider\");\n"
    "const playButton = document.getElementById(\"play\");\n"
    "let shown = 0, timer = null;\n"
    "\n"
    "function pieceAt(address) {\n"
    "  return board.querySelector(`.piece[data-cell=\"${address}\"]`);\n"
    "}\n"
    "\n"
    "function slide(from, to) {\n"
    "  const piece = pieceAt(from);\n"
    "  piece.dataset.cell = to;\n"
    "  piece.setAttribute(\"x\", Number(piece.getAttribute(\"x\")) + (to % 4 - from % 4) * cellSize);\n"
    "  piece.setAttribute(\"y\", Number(piece.getAttribute(\"y\")) + (Math.floor(to / 4) - Math.floor(from / 4)) * cellSize);\n"
    "}\n"
    "\n"
    "function go(target) {\n"
    "  target = Math.max(0, Math.min(last, Math.trunc(target) || 0));\n"
    "  for (; shown < target; shown++) slide(Number(items[shown + 1].dataset.from), Number(items[shown + 1].dataset.to));\n"
    "  for (; shown > target; shown--) slide(Number(items[shown].dataset.to), Number(items[shown].dataset.from));\n"
    "  const current = items[shown];\n"
    "  board.querySelectorAll(\".moved\").forEach(piece => piece.classList.remove(\"moved\"));\n"
    "  if (shown > 0) pieceAt(current.dataset.to).classList.add(\"moved\");\n"
    "  items.forEach(item => item.classList.toggle(\"current\", item === current));\n"
    "  // Scrolls the list alone (scrollIntoView would scroll the page too).\n"
    "  list.scrollTop = Math.min(Math.max(list.scrollTop, current.offsetTop + current.offsetHeight - list.clientHeight),\n"
    "                            current.offsetTop);\n"
    "  document.body.dataset.step = shown;\n"
    "  document.body.dataset.code = board.dataset.code = current.dataset.code;\n"
    "  slider.value = shown;\n"
    "  document.getElementById(\"counter\").textContent = `step ${shown} of ${last}`;\n"
    "  document.getElementById(\"move\").textContent = current.textContent;\n"
    "  if (shown === last) pause();\n"
    "}\n"
    "\n"
    "function pause() {\n"
    "  clearInterval(timer);\n"
    "  timer = null;\n"
    "  playButton.textContent = \"\\u25b6 play\";\n"
    "}\n"
    "\n"
    "function playOrPause() {\n"
    "  if (timer !== null) return pause();\n"
    "  if (shown === last) go(0);\n"
    "  timer = setInterval(() => go(shown + 1), 700);\n"
    "  playButton.textContent = \"\\u275a\\u275a pause\";\n"
    "}\n"
    "\n"
    "const buttons = {first: () => go(0), prev: () => go(shown - 1), play: playOrPause,\n"
    "                 next: () => go(shown + 1), last: () => go(last)};\n"
    "for (const [id, action] of Object.entries(buttons))\n"
    "  document.getElementById(id).addEventListener(\"click\", action);\n"
    "slider.addEventListener(\"input\", () => go(Number(slider.value)));\n"
    "list.addEventListener(\"click\", event => {\n"
    "  const item = event.target.closest(\"li\");\n"
    "  if (item) go(items.indexOf(item));\n"
    "});\n"
    "const keys = {ArrowLeft: buttons.prev, ArrowRight: buttons.next, Home: buttons.first, End: buttons.last,\n"
    "              \" \": playOrPause};\n"
    "document.addEventListener(\"keydown\", event => {\n"
    "  if (event.target === slider || !keys[event.key]) return;\n"
    "  event.preventDefault();\n"
    "  keys[event.key]();\n"
    "});\n"
    "\n"
    "window.klotskiPlayer = {go, step: () => shown, steps: last};\n"
    "const stepInHash = /^#step=(\\d+)$/.exec(location.hash);\n"
    "go(location.hash === \"#end\" ? last : stepInHash ? Number(stepInHash[1]) : 0);\n"
    "if (location.hash === \"#play\") playOrPause();\n";

static void write_steps(FILE *out, const kl_code *codes, size_t count)
{
    fputs("<ol id=\"steps\" start=\"0\">\n", out);
    for (size_t i = 0; i < count; i++) {
        char hex[KL_CODE_TEXT_SIZE];
        kl_code_format(codes[i], hex);
        if (i == 0) {
            fprintf(out, "<li data-code=\"%s\">start %s</li>\n", hex, hex);
            continue;
        }
        struct step_text s = route_describe_step(codes[i - 1], codes[i]);
        fprintf(out, "<li data-code=\"%s\" data-kind=\"%s\" data-from=\"%d\" data-to=\"%d\">%c r%dc%d %s</li>\n",
                hex, svg_board_kind_name((enum kl_piece)s.step.kind), s.step.from, s.step.to, s.piece, s.row,
                s.col, s.moves);
    }
    fputs("</ol>\n", out);
}

void html_player_write(FILE *out, const char *title, const kl_code *codes, size_t count)
{
    char hex[KL_CODE_TEXT_SIZE], body[64];
    kl_code_format(codes[0], hex);
    snprintf(body, sizeof body, "data-steps=\"%zu\" data-step=\"0\" data-code=\"%s\"", count - 1, hex);
    markup_page_begin(out, title, player_style, body);
    fputs("<h1>", out);
    markup_text(out, title);
    fputs("</h1>\n<main>\n<div class=\"stage\">\n", out);
    svg_board_write(out, codes[0], NULL);
    fprintf(out,
            "<p id=\"counter\">step 0 of %zu</p>\n<p id=\"move\"></p>\n"
            "<input id=\"slider\" type=\"range\" min=\"0\" max=\"%zu\" value=\"0\" aria-label=\"step\">\n"
            "<div class=\"controls\">\n"
            "<button id=\"first\" title=\"first (Home)\">|\u25c0</button>\n"
            "<button id=\"prev\" title=\"previous (\u2190)\">\u25c0</button>\n"
            "<button id=\"play\" title=\"play or pause (space)\">\u25b6 play</button>\n"
            "<button id=\"next\" title=\"next (\u2192)\">\u25b6</button>\n"
            "<button id=\"last\" title=\"last (End)\">\u25b6|</button>\n"
            "</div>\n</div>\n",
            count - 1, count - 1);
    write_steps(out, codes, count);
    fputs("</main>\n", out);
    markup_page_end(out, player_script);
}
