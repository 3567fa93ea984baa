"use strict";
const board = document.querySelector("svg.board");
const cellSize = Number(board.dataset.cellSize);
const list = document.getElementById("steps");
const items = Array.from(list.children);
const last = items.length - 1;
const slider = document.getElementById("slider");
const playButton = document.getElementById("play");
let shown = 0, timer = null;

function pieceAt(address) {
  return board.querySelector(`.piece[data-cell="${address}"]`);
}

function slide(from, to) {
  const piece = pieceAt(from);
  piece.dataset.cell = to;
  piece.setAttribute("x", Number(piece.getAttribute("x")) + (to % 4 - from % 4) * cellSize);
  piece.setAttribute("y", Number(piece.getAttribute("y")) + (Math.floor(to / 4) - Math.floor(from / 4)) * cellSize);
}

function go(target) {
  target = Math.max(0, Math.min(last, Math.trunc(target) || 0));
  for (; shown < target; shown++) slide(Number(items[shown + 1].dataset.from), Number(items[shown + 1].dataset.to));
  for (; shown > target; shown--) slide(Number(items[shown].dataset.to), Number(items[shown].dataset.from));
  const current = items[shown];
  board.querySelectorAll(".moved").forEach(piece => piece.classList.remove("moved"));
  if (shown > 0) pieceAt(current.dataset.to).classList.add("moved");
  items.forEach(item => item.classList.toggle("current", item === current));
  // Scrolls the list alone (scrollIntoView would scroll the page too).
  list.scrollTop = Math.min(Math.max(list.scrollTop, current.offsetTop + current.offsetHeight - list.clientHeight),
                            current.offsetTop);
  document.body.dataset.step = shown;
  document.body.dataset.code = board.dataset.code = current.dataset.code;
  slider.value = shown;
  document.getElementById("counter").textContent = `${document.body.dataset.unit} ${shown} of ${last}`;
  document.getElementById("move").textContent = current.textContent;
  // The address says the step shown, so that it can be kept or sent (a page saved to a
  // file may refuse: its address stays).
  try {
    history.replaceState(null, "", `#step=${shown}`);
  } catch {}
  if (shown === last) pause();
}

function pause() {
  clearInterval(timer);
  timer = null;
  playButton.textContent = "\u25b6 play";
}

function playOrPause() {
  if (timer !== null) return pause();
  if (shown === last) go(0);
  timer = setInterval(() => go(shown + 1), 700);
  playButton.textContent = "\u275a\u275a pause";
}

const buttons = {first: () => go(0), prev: () => go(shown - 1), play: playOrPause,
                 next: () => go(shown + 1), last: () => go(last)};
for (const [id, action] of Object.entries(buttons))
  document.getElementById(id).addEventListener("click", action);
slider.addEventListener("input", () => go(Number(slider.value)));
list.addEventListener("click", event => {
  const item = event.target.closest("li");
  if (item) go(items.indexOf(item));
});
const keys = {ArrowLeft: buttons.prev, ArrowRight: buttons.next, Home: buttons.first, End: buttons.last,
              " ": playOrPause};
document.addEventListener("keydown", event => {
  if (event.target === slider || !keys[event.key]) return;
  event.preventDefault();
  keys[event.key]();
});

window.klotskiPlayer = {go, step: () => shown, steps: last};
// The step the address asks: #step=N, #end, or #play (from the start, playing).
function fromHash() {
  const stepInHash = /^#step=(\d+)$/.exec(location.hash);
  return location.hash === "#end" ? last : stepInHash ? Number(stepInHash[1]) : 0;
}
const playing = location.hash === "#play";
go(fromHash());
if (playing) playOrPause();
window.addEventListener("hashchange", () => go(fromHash()));
