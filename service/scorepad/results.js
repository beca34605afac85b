// @ts-check
// Readable results (issue 20, items 5 and 6): the play's table with what was claimed and
// a mark on every row a finding names; the findings with those that change no peg put
// under the ruling that decides them; the review's counts and per-card losses in words.
// Only how the referee's answer is shown: every ruling, and every message, is the API's.
import { el, ruleWords } from "./common.js";

// A finding's play, when it names one the table shows (a card never played is past it).
function playOf(finding, plays) {
  return Number.isInteger(finding.index) && finding.index < plays.length ? plays[finding.index] : null;
}

// A finding that changes no peg (a claim on a card a renege retracts, docs/rules.md#renege)
// is the server's to say: `changes_no_peg`, and `decided_by`, the renege's place in the list.
function changesNoPeg(finding) { return finding.changes_no_peg === true; }

function findingItem(finding, numberOf) {
  return el("li", { "data-code": finding.code },
    numberOf ? numberOf(finding) : null,
    el("span", { class: "code" }, finding.code), " ", ...ruleWords(finding));
}

// The findings, as the referee words them, with their rule; a finding that changes no
// peg goes under the ruling that decides it (the server says which).
// `numberOf(finding)` starts each with its deal ("Deal 2: ").
export function playFindings(list, numberOf) {
  if (!list || !list.length) return null;
  const under = new Map();
  const standing = [];
  for (const finding of list) {
    const ruling = changesNoPeg(finding) && Number.isInteger(finding.decided_by) ? list[finding.decided_by] || null : null;
    if (ruling === null) standing.push(finding);
    else under.set(ruling, [...(under.get(ruling) || []), finding]);
  }
  const ul = el("ul", { class: "findings" });
  for (const finding of standing) {
    const item = findingItem(finding, numberOf);
    const decided = under.get(finding);
    if (decided) {
      const inner = el("ul", { class: "no-peg" });
      for (const each of decided) {
        const item2 = findingItem(each, null);
        item2.classList.add("no-peg");
        item2.prepend(el("strong", {}, `Changes no peg: play ${each.index + 1}'s points are retracted. `));
        inner.append(item2);
      }
      item.append(inner);
    }
    ul.append(item);
  }
  return ul;
}

function claimText(play) {
  const claims = [];
  if (play.claimed !== undefined) claims.push(String(play.claimed));
  if (play.claimed_go !== undefined) claims.push(`go ${play.claimed_go}`);
  return claims.length ? claims.join(", ") : "—";
}

// What each row's findings are, in words beside it: a mark that is not colour alone.
function marks(r) {
  const byPlay = new Map();
  for (const finding of r.findings || []) {
    const play = playOf(finding, r.plays);
    if (play === null) continue;
    const word = changesNoPeg(finding) ? `${finding.code} (no peg)` : finding.code;
    byPlay.set(play.index, [...(byPlay.get(play.index) || []), word]);
  }
  return byPlay;
}

// The play as a table, numbered from 1: what each card scored, what was claimed for it,
// and the findings that name it.
export function playTable(r) {
  const flagged = marks(r);
  const table = el("table", { class: "plays" },
    el("caption", {}, "The play, card by card"),
    el("thead", {}, el("tr", {},
      el("th", { scope: "col" }, "#"), el("th", { scope: "col" }, "Player"), el("th", { scope: "col" }, "Card"),
      el("th", { scope: "col", class: "num" }, "Count"), el("th", { scope: "col", class: "num" }, "Points"),
      el("th", { scope: "col" }, "For"), el("th", { scope: "col", class: "num" }, "Claimed"),
      el("th", { scope: "col" }, "Finding"))));
  const rows = el("tbody");
  for (const play of r.plays) {
    const scores = play.scores.map((s) => `${s.kind} ${s.points}`).join(", ");
    const found = flagged.get(play.index);
    const kind = [play.legal === false ? "illegal" : null, found ? "flagged" : null].filter(Boolean).join(" ");
    // Each cell says its column (data-label): on a phone a row is a card of its own, the
    // claim and the finding on lines of their own, with no sideways scrolling.
    rows.append(el("tr", { class: kind || null, "data-index": play.index },
      el("td", { "data-label": "#" }, play.index + 1), el("td", { "data-label": "Player" }, play.player),
      el("td", { "data-label": "Card" }, play.go ? "go" : play.card, play.legal === false ? " (taken back)" : null,
        play.retracted ? " (retracted)" : null),
      el("td", { class: "num", "data-label": "Count" }, play.count),
      el("td", { class: "num", "data-label": "Points" }, play.points), el("td", { "data-label": "For" }, scores),
      el("td", { class: "num claimed", "data-label": "Claimed" }, claimText(play)),
      el("td", { class: "finding", "data-label": "Finding" }, found ? el("strong", {}, "⚑ ", found.join(", ")) : null)));
  }
  table.append(rows);
  // Eight columns are a card a row on a phone (scorepad.css); elsewhere the region takes
  // the focus, so that the keyboard can scroll a table wider than the page.
  return el("div", { class: "scroll", tabindex: "0", role: "region", "aria-label": "The play, card by card" }, table);
}

// A game's finding begins with its deal, counted from 1, as the game check and the
// review both show it.
export function dealNumber(finding) {
  return Number.isInteger(finding.deal) ? el("span", { class: "deal-number" }, `Deal ${finding.deal + 1}: `) : null;
}

// --- the review --------------------------------------------------------------------------

function counted(c) {
  if (c.what === "heels") return "heels (a jack turned as the starter)";
  if (c.what === "crib") return "the crib";
  return "the hand";
}

// A claim the review found points lost on, in the table's words: "bob claimed 10 for
// the hand; it is worth 8. bob pegged 8 and the ruling gave the opponent 2: 2 lost."
export function countSentence(c) {
  const given = c.conceded ? ` and the ruling gave the opponent ${c.conceded}` : "";
  return `${c.player} claimed ${c.claimed} for ${counted(c)}; it is worth ${c.true}. `
    + `${c.player} pegged ${c.pegged}${given}: ${c.loss} lost.`;
}

// What the review's figures mean, once above them; `objective` is the answer's own
// account of what the play's losses measure.
export function reviewLegend(objective) {
  return el("div", { class: "legend-box", id: "review-legend" },
    el("p", {}, el("strong", {}, "How to read the review")),
    el("ul", { class: "review-key" },
      el("li", {}, el("strong", {}, "Threw"), ": the cards laid away. ", el("strong", {}, "Rank"),
        ": 1 is the best throw (throws of equal value share a rank). ", el("strong", {}, "Lost"),
        ": the points expected to be given up against the ", el("strong", {}, "Best"), " throw."),
      el("li", {}, el("strong", {}, "Play"), ": each card laid, for example ",
        el("span", { class: "sample costly" }, "bob AH −2 (best 5C)"),
        ": bob laid the ace of hearts and gave up 2 points against the best card bob held, the five of clubs"
        + (objective ? ` (measured as ${objective})` : "") + ". A card with no number was the best, or as good. ",
        el("span", { class: "sample unjudged" }, "?"),
        ": not judged (the review stopped, as the note under the play says). \u201c(the game)\u201d: the card gave up the game."),
      el("li", {}, el("strong", {}, "Count"), ": each claim that cost its player points, and how many."),
      el("li", {}, "The ", el("strong", {}, "Lost"), " table: per player, the points given up in the discard "
        + "(expected), in the play and in the count.")));
}
