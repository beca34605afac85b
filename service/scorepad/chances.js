// @ts-check
// The game's chances as a graph (issue 22): the first player's chance of winning before
// each deal, after its play and after its show, drawn by the page as an inline SVG. The
// figures are the review's own (`chances`, read off the server's table); the page only
// places them. The same figures are in words beside it and in a table under it, since a
// screen reader reads none of a picture's points.
import { el } from "./common.js";
import { svg } from "./board.js";

// The drawing's own units; the SVG scales to the width it is given (a phone's too).
const WIDTH = 360;
const HEIGHT = 200;
const LEFT = 42;
const RIGHT = 10;
const TOP = 10;
const BOTTOM = 34;
const PLOT_W = WIDTH - LEFT - RIGHT;
const PLOT_H = HEIGHT - TOP - BOTTOM;
// Deal numbers stay readable on a phone: at most this many are written on the axis.
const MOST_LABELS = 15;

export function percent(p) { return (100 * p).toFixed(1) + "%"; }

// Every moment of the game with a figure, in order: {at, chance, words, kind}. `at` counts
// deals from 0 (deal i's play ends at i + ½, its show at i + 1). Nothing is scored between
// one deal's show and the next deal, so that is one moment, and one point; a deal is
// drawn from its own "before" only when the deal before it has no show (a misdeal).
export function moments(chances, side) {
  const out = [];
  chances.forEach((deal, i) => {
    const previous = out[out.length - 1];
    if (!previous || previous.at !== i || previous.chance !== deal.win[side]) {
      out.push({ at: i, chance: deal.win[side], words: `before deal ${i + 1}`, kind: "between" });
    }
    if (deal.after_play) {
      out.push({ at: i + 0.5, chance: deal.after_play[side], words: `after the play of deal ${i + 1}`, kind: "play" });
    }
    if (deal.after_show) {
      out.push({ at: i + 1, chance: deal.after_show[side], words: `after deal ${i + 1}`, kind: "between" });
    }
  });
  return out;
}

function x(at, deals) { return LEFT + (at / deals) * PLOT_W; }
function y(chance) { return TOP + (1 - chance) * PLOT_H; }
function round(n) { return String(Math.round(n * 10) / 10); }

// The line in a sentence: where it starts, its best and worst, where it ends.
export function chancesSummary(side, points) {
  const best = points.reduce((a, b) => (b.chance > a.chance ? b : a));
  const worst = points.reduce((a, b) => (b.chance < a.chance ? b : a));
  const first = points[0];
  const last = points[points.length - 1];
  return `${side}'s chance of winning: ${percent(first.chance)} ${first.words}, at best ${percent(best.chance)}`
    + ` (${best.words}), at worst ${percent(worst.chance)} (${worst.words}), ${percent(last.chance)} at the end.`;
}

function axes(deals) {
  const parts = [];
  for (const chance of [0, 0.25, 0.5, 0.75, 1]) {
    const at = round(y(chance));
    // The even line is the one that matters: dashed and darker, so it reads in print too.
    parts.push(svg("line", { x1: LEFT, x2: WIDTH - RIGHT, y1: at, y2: at,
      class: chance === 0.5 ? "even" : "grid", "data-chance": String(chance) }));
    parts.push(svg("text", { x: LEFT - 4, y: round(y(chance) + 3.5), "text-anchor": "end" }, percent(chance).replace(".0", "")));
  }
  const every = Math.ceil(deals / MOST_LABELS);
  for (let deal = 0; deal < deals; deal += 1) {
    const edge = round(x(deal, deals));
    parts.push(svg("line", { x1: edge, x2: edge, y1: TOP + PLOT_H, y2: TOP + PLOT_H + 4, class: "tick" }));
    if (deal % every === 0) {
      parts.push(svg("text", { x: round(x(deal + 0.5, deals)), y: TOP + PLOT_H + 14, "text-anchor": "middle" }, String(deal + 1)));
    }
  }
  parts.push(svg("text", { x: LEFT + PLOT_W / 2, y: HEIGHT - 4, "text-anchor": "middle", class: "axis-name" }, "Deal"));
  return parts;
}

function figuresTable(chances, side) {
  const cell = (chance) => el("td", { class: "num" }, chance ? percent(chance[side]) : "—");
  const rows = el("tbody");
  chances.forEach((deal, i) => rows.append(el("tr", {}, el("td", {}, i + 1), cell(deal.win),
    cell(deal.after_play), cell(deal.after_show))));
  return el("details", { class: "chances-figures" }, el("summary", {}, "Every figure"),
    el("table", {}, el("caption", {}, `${side}'s chance of winning, deal by deal`),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Deal"), el("th", { scope: "col", class: "num" }, "Before"),
        el("th", { scope: "col", class: "num" }, "After the play"), el("th", { scope: "col", class: "num" }, "After the show"))),
      rows));
}

// The graph of a game review's chances for its first player, or null where the review
// has none (no table covers the game).
export function chancesFigure(r) {
  if (!r.chances || !r.chances.length) return null;
  const side = Object.keys(r.scores)[0];
  const deals = r.chances.length;
  const points = moments(r.chances, side);
  const summary = chancesSummary(side, points);
  const line = points.map((p) => `${round(x(p.at, deals))},${round(y(p.chance))}`).join(" ");
  const graph = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", class: "chances",
    "aria-labelledby": "chances-summary", "data-side": side },
    ...axes(deals),
    svg("text", { x: 10, y: TOP + PLOT_H / 2, "text-anchor": "middle", class: "axis-name",
      transform: `rotate(-90 10 ${TOP + PLOT_H / 2})` }, `${side}'s chance`),
    svg("polyline", { points: line, class: "chance-line" }),
    ...points.map((p) => svg("circle", { cx: round(x(p.at, deals)), cy: round(y(p.chance)), r: 3.5,
      class: "chance-point " + p.kind, "data-chance": String(p.chance), "data-at": String(p.at) },
      svg("title", {}, `${p.words}: ${side} ${percent(p.chance)}`))));
  return el("figure", { class: "chances-figure" }, graph,
    el("figcaption", {}, el("span", { id: "chances-summary" }, summary),
      el("span", { class: "key" }, "● between deals, ○ after the play; the dashed line is an even game.")),
    figuresTable(r.chances, side));
}
