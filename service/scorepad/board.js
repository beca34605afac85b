// @ts-check
// The scores drawn as a cribbage board: a track per side of the game's target holes,
// drilled in streets of five, running out and back in rows of thirty (twenty on a
// phone, so the holes stay big enough to read), with a front peg
// (where a side is now) and a back peg (where it stood before the deal).
import { el } from "./common.js";

const NS = "http://www.w3.org/2000/svg";
const STREET = 5;
const PITCH = 10;
const STREET_GAP = 6;
const LANE = 10;
const ROW_GAP = 16;
const LEFT = 44;
const TOP = 8;
// Distinct for the common colour-blindnesses, and dark enough on the board's wood.
export const COLOURS = ["#b42318", "#175cd3", "#067647", "#6941c6"];

// An SVG element (the graph of chances, chances.js, draws with it too).
export function svg(tag, attrs, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

let PER_ROW = 30;

function columnX(column) {
  return LEFT + column * PITCH + Math.floor(column / STREET) * STREET_GAP;
}

// The centre of hole n (1 to target) in a side's lane; hole 0 is the start, off the track.
function hole(n, lane, sides) {
  const rowHeight = sides * LANE + ROW_GAP;
  if (n <= 0) return { x: LEFT - 22, y: TOP + lane * LANE + LANE / 2 };
  const row = Math.floor((n - 1) / PER_ROW);
  const along = (n - 1) % PER_ROW;
  const column = row % 2 === 0 ? along : PER_ROW - 1 - along;  // out, then back
  return { x: columnX(column), y: TOP + row * rowHeight + lane * LANE + LANE / 2 };
}

// sides: [{name, front, back}] in seat order. Returns a <figure> with the board and a
// legend that says the same in words.
export function drawBoard(target, sides, caption) {
  PER_ROW = window.matchMedia("(max-width: 34rem)").matches ? 20 : 30;
  const rows = Math.ceil(target / PER_ROW);
  const width = columnX(PER_ROW - 1) + 26;
  const height = TOP + rows * (sides.length * LANE + ROW_GAP);
  const words = sides.map((s) => `${s.name} ${s.front}` + (s.back !== s.front ? ` (was ${s.back})` : "")).join("; ");
  const board = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", class: "board",
    "aria-label": `Cribbage board to ${target}: ${words}`, "data-target": String(target) });
  board.append(svg("rect", { x: 0, y: 0, width, height, rx: 8, class: "wood" }));
  for (let row = 0; row < rows; row += 1) {
    const first = row * PER_ROW + 1;
    const last = Math.min(first + PER_ROW - 1, target);
    const y = TOP + row * (sides.length * LANE + ROW_GAP) + sides.length * LANE + 9;
    const [from, to] = row % 2 === 0 ? [first, last] : [last, first];
    board.append(svg("text", { x: LEFT - 4, y, class: "hole-number", "text-anchor": "end" }, String(from)));
    if (to !== from) board.append(svg("text", { x: columnX(PER_ROW - 1) + 4, y, class: "hole-number" }, String(to)));
  }
  sides.forEach((side, lane) => {
    const track = svg("g", { class: "track", "data-side": side.name, "data-front": String(side.front),
      "data-back": String(side.back) });
    // A coloured groove under each street of the lane, so a side's track reads as its own.
    for (let row = 0; row < rows; row += 1) {
      const first = hole(row * PER_ROW + 1, lane, sides.length);
      const last = hole(Math.min((row + 1) * PER_ROW, target), lane, sides.length);
      track.append(svg("line", { x1: first.x, y1: first.y, x2: last.x, y2: last.y, stroke: COLOURS[lane], class: "groove" }));
    }
    for (let n = 1; n <= target; n += 1) {
      const { x, y } = hole(n, lane, sides.length);
      track.append(svg("circle", { cx: x, cy: y, r: n === target ? 2.8 : 1.7, class: "hole" }));
    }
    if (side.back !== side.front) {
      const { x, y } = hole(side.back, lane, sides.length);
      track.append(svg("circle", { cx: x, cy: y, r: 3.6, class: "peg back", stroke: COLOURS[lane], "data-hole": String(side.back) }));
    }
    const { x, y } = hole(side.front, lane, sides.length);
    track.append(svg("circle", { cx: x, cy: y, r: 4.2, class: "peg front", fill: COLOURS[lane], "data-hole": String(side.front) }));
    board.append(track);
  });
  const legend = el("ul", { class: "legend" }, sides.map((side, lane) => el("li", {},
    el("span", { class: `swatch lane-${lane}`, "aria-hidden": "true" }), el("strong", {}, side.name), " ",
    side.back !== side.front ? `${side.back} → ${side.front}` : `${side.front}`)));
  return el("figure", { class: "board-figure" }, board,
    el("figcaption", {}, caption, " ", el("span", { class: "key" }, "● front peg, ○ back peg"), legend));
}
