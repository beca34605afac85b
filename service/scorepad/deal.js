// @ts-check
// Check a deal, and deal after deal a game: the cards dealt, the discards, the starter,
// the play and the claims in; the ruling and the board before and after out.
import { drawBoard } from "./board.js";
import { dealNumber, playFindings } from "./results.js";
import { reviewGame } from "./review.js";
import {
  $, ask, cards, el, explain, facts, findings, knowNames, nameText, neutralNames, Notation, ordinal, playSpot,
  playSummary, playTable, present, rulingSettings, scoresText, seatCount, seatTitle, sidesOf, sideText, startOver,
  tableLine,
} from "./common.js";
import { offerShare } from "./share.js";

// The deals kept since "New game" (each the lines of its notation after the table and the
// scores), the table they were played at, the scores the first of them was joined at, and
// the last deal checked (kept by "Next deal").
const game = { players: null, firstDealer: null, sides: null, joined: null, deals: [], checked: null };

// The players' names as typed, or the neutral name offered in the field when none is.
function names() {
  return [...$("seats").querySelectorAll("input.seat-name")].map((input) => input.value.trim() || input.placeholder);
}

// The sides that keep a score: the names they had at the game's first deal, whoever
// deals now ("ann&cy" stays "ann&cy"); the table line names them so, and the referee
// answers in those names.
function sides(players) { return facts().partnerships.length && game.sides ? game.sides : sidesOf(players); }

// The referee of one deal names the partnerships from that deal's seats ("cy&ann"): the
// same members, so the same side, under the name the game gave it.
function members(side) { return side.split("&").sort().join("&"); }

// Every name a record of this table writes (the seats, the game's, its sides' members),
// asked of the server before the record is written (common.js, knowNames).
function tableNames() {
  const players = [...names(), ...(game.players || []), ...((game.checked && game.checked.players) || [])];
  const sided = [...sides(names()), ...(game.sides || []), ...Object.keys(game.joined || {})];
  return [...players, ...sided.flatMap((side) => side.split("&"))];
}

function sideName(side) {
  const named = (game.sides || []).find((name) => members(name) === members(side));
  return named === undefined ? side : named;
}

function renamed(scores) {
  return Object.fromEntries(Object.entries(scores).map(([side, points]) => [sideName(side), points]));
}

function cardInput(id, label, hint, wide) {
  return el("div", { class: wide ? "wide" : null }, el("label", { for: id }, label, hint ? el("small", {}, ` ${hint}`) : null),
    el("input", { id, autocapitalize: "characters", spellcheck: "false" }));
}

function buildSeats(keep) {
  const count = seatCount();
  const old = keep ? [...$("seats").querySelectorAll("input.seat-name")].map((input) => input.value.trim()) : [];
  const seats = $("seats");
  seats.replaceChildren();
  for (let i = 0; i < count; i += 1) {
    // Asked for before the first deal: empty, with the neutral name it stands for.
    const name = el("input", { id: `seat-name-${i}`, class: "seat-name", spellcheck: "false",
      value: old[i] || "", placeholder: neutralNames(count)[i] });
    name.addEventListener("input", buildScores);
    seats.append(el("fieldset", { class: "seat" }, el("legend", {}, seatTitle(i, count)),
      el("div", { class: "fields" },
        el("div", {}, el("label", { for: `seat-name-${i}` }, "Name"), name),
        // The whole row: six cards ("10♥ 10♠ …") fit on a phone (issue 30, trap 3).
        cardInput(`seat-dealt-${i}`, "Dealt", "(every card)", true),
        cardInput(`seat-discards-${i}`, "To the crib"),
        el("div", {}, el("label", { for: `seat-claim-${i}` }, "Hand claimed", el("small", {}, " (optional)")),
          el("input", { id: `seat-claim-${i}`, type: "number", min: "0", max: "999", inputmode: "numeric" })))));
  }
  $("crib-card-row").hidden = facts().crib_card === 0;
  buildScores();
}

function buildScores() {
  const box = $("scores-before");
  const old = [...box.querySelectorAll("input")].map((input) => input.value);
  box.replaceChildren(...sides(names()).map((side, i) => el("div", {},
    el("label", { for: `score-before-${i}` }, side),
    el("input", { id: `score-before-${i}`, type: "number", min: "0", max: "1000", inputmode: "numeric",
      value: old[i] || "0", "data-side": side }))));
}

function number(id) {
  const value = $(id).value;
  return value === "" ? undefined : Number(value);
}

// The deal as the referee reads it, in notation: the body (dealt to show) is kept for the
// game; the table line and the scores before the deal stand before it.
function dealBody() {
  const players = names();
  const body = new Notation();
  body.add("dealt:");
  players.forEach((name, i) => body.cards(name, $(`seat-dealt-${i}`).value, $(`seat-dealt-${i}`), `dealt to ${name}`));
  body.add("discards:");
  players.forEach((name, i) => body.cards(name, $(`seat-discards-${i}`).value, $(`seat-discards-${i}`), `laid away by ${name}`));
  if (facts().crib_card && $("deal-crib-card").value.trim() !== "") {
    body.add(`crib card: ${$("deal-crib-card").value.trim()}`, { field: $("deal-crib-card"), where: "the card dealt to the crib" });
  }
  if ($("deal-starter").value.trim() !== "") {
    const heels = number("claim-heels") === undefined ? "" : ` =${number("claim-heels")}`;
    body.add(`starter: ${$("deal-starter").value.trim()}${heels}`, { field: $("deal-starter"), where: "the starter" });
  }
  // Show only: no play: section at all, a deal entered without its play, which the
  // referee takes as not recorded (docs/rules.md#play-not-recorded), not as no card laid.
  if (!$("show-only").checked) {
    body.add("play:");
    body.typed($("deal-record").value, $("deal-record"), "the play");
  }
  const claims = [];
  players.forEach((name, i) => {
    // In the show, the bare word crib is the crib: a player called crib is quoted.
    const named = name === "crib" ? '"crib"' : nameText(name);
    if (number(`seat-claim-${i}`) !== undefined) {
      claims.push([`${named} =${number(`seat-claim-${i}`)}`, { field: $(`seat-claim-${i}`), where: `${name}'s hand claimed` }]);
    }
  });
  if (number("claim-crib") !== undefined) claims.push([`crib =${number("claim-crib")}`, { field: $("claim-crib"), where: "the crib claimed" }]);
  if (claims.length) {
    body.add("show:");
    for (const [line, spot] of claims) body.add(line, spot);
  }
  return { players, body };
}

// A deal on its own: the table, the scores before it, then its body.
function dealNotation(players, body) {
  const notation = new Notation();
  notation.add(tableLine(players, sides(players)), { where: "the players' names", field: $("seat-name-0") });
  const scores = [...$("scores-before").querySelectorAll("input")].filter((input) => input.value !== "");
  if (scores.length) {
    notation.add("scores:");
    for (const input of scores) {
      notation.add(`${sideText(input.dataset.side)} ${Number(input.value)}`,
        { field: input, where: `${input.dataset.side}'s score before the deal` });
    }
  }
  body.lines.forEach((line, i) => notation.add(line, body.spots[i]));
  return notation;
}

// Where a pointer into a deal is, in words, and the field to mark; `spot` is the line of
// the notation the referee found it at. In a game (`prefix`, the deal in the form), the
// deals before it have no field.
function locate(pointer, spot, players, prefix) {
  const parts = pointer.replace(/^#\//, "").split("/");
  if (prefix !== undefined) {
    if (parts[0] !== "deals") return topLevel(parts);
    const deal = Number(parts[1]);
    if (parts.length <= 2) return { where: `deal ${deal + 1}`, field: null };
    const found = locate("#/" + parts.slice(2).join("/"), deal === prefix ? spot : undefined, players);
    return { ...found, where: `deal ${deal + 1}, ${found.where}`, field: deal === prefix ? found.field : null };
  }
  const seat = players.indexOf(parts[1]);
  const which = (field, what) => {
    const id = seat >= 0 ? `seat-${field}-${seat}` : null;
    if (parts[2] !== undefined) return { where: `the ${ordinal(Number(parts[2]) + 1)} card ${what} ${parts[1]}`, field: id && $(id) };
    return { where: `the cards ${what} ${parts[1] || "each player"}`, field: id ? $(id) : $("seat-dealt-0") };
  };
  switch (parts[0]) {
    case "dealt": return which("dealt", "dealt to");
    case "discards": return which("discards", "laid away by");
    case "starter": return { where: "the starter", field: $("deal-starter") };
    case "crib_card": return { where: "the card dealt to the crib", field: $("deal-crib-card") };
    case "plays": return playSpot(parts.slice(1), spot && spot.line, $("deal-record"), "the play");
    case "claims":
      if (parts[1] === "hands") return { where: `${parts[2]}'s hand claimed`, field: $(`seat-claim-${Math.max(players.indexOf(parts[2]), 0)}`) };
      return { where: `the ${parts[1]} claimed`, field: $(parts[1] === "crib" ? "claim-crib" : "claim-heels") };
    case "scores_before": {
      const field = [...$("scores-before").querySelectorAll("input")].find((input) => input.dataset.side === parts[1]);
      return { where: `${parts[1]}'s score before the deal`, field: field || $("score-before-0") };
    }
    default: return topLevel(parts);
  }
}

function topLevel(parts) {
  if (parts[0] === "players" || parts[0] === "first_dealer") return { where: "the players' names", field: $("seat-name-0") };
  if (parts[0] === "scores_before") return { where: `${parts[1]}'s score the game was joined at`, field: null };
  return { where: { variant: "the game", ruleset: "the rules", target: "the target" }[parts[0]] || parts.join("/"), field: null };
}

async function checkDeal(event) {
  event.preventDefault();
  const out = $("deal-result");
  startOver(out, $("deal-form"));
  await knowNames(tableNames());
  const { players, body: dealt } = dealBody();
  const notation = dealNotation(players, dealt);
  const text = notation.text();
  const body = { notation: text, ...rulingSettings(text) };
  const where = (pointer, spot) => locate(pointer, spot, players);
  game.checked = null;
  // Blank cards are asked for here: sent, the referee would rule them a misdeal.
  const missing = blanks(players);
  if (missing.length) {
    present(out, [explain({ errors: missing }, body, where)]);
    updateGame();
    return;
  }
  const claims = typedClaims(players);
  const answer = await ask("/v1/deals/check", body, out, "Checking the deal…", (r) => showDeal(r, claims),
    (problem) => explain(problem, body, where, notation));
  if (answer !== null) {
    // The server writes the link, and says who deals next (the page turns no seats).
    const written = await offerShare(out, text, body);
    game.checked = { players, body: dealt, answer, next: written && written.next_players };
  }
  updateGame();
}

// The claims typed in the show, as the answer's show names its hands.
function typedClaims(players) {
  const hands = {};
  players.forEach((name, i) => { if (number(`seat-claim-${i}`) !== undefined) hands[name] = number(`seat-claim-${i}`); });
  return { hands, crib: number("claim-crib") };
}

function blanks(players) {
  const missing = [];
  for (const field of ["dealt", "discards"]) {
    players.forEach((name, i) => {
      if (!cards($(`seat-${field}-${i}`).value).length) missing.push({ pointer: `#/${field}/${name}`, code: "required" });
    });
  }
  if ($("deal-starter").value.trim() === "") missing.push({ pointer: "#/starter", code: "required" });
  return missing;
}

// A hand's claim as the director typed it, and its ruling. A claim counted after the
// game was won is not ruled, whatever the referee echoes of it (null, or nothing).
function showRow(r, who, hand, claims) {
  const typed = who === "crib" ? claims.crib : (claims.hands || {})[who];
  const claimed = typed ?? hand.claimed ?? "—";
  const unruled = r.winner && typed !== undefined && !hand.verdict;
  return el("tr", {}, el("td", {}, who), el("td", { class: "num" }, hand.total), el("td", { class: "num" }, claimed),
    el("td", { class: unruled ? "unruled" : null }, unruled ? "not ruled: the game was already won" : hand.verdict || ""));
}

function showDeal(r, claims) {
  const board = drawBoard(r.target ?? facts().target, Object.keys(r.scores_after).map((side) => ({
    name: sideName(side), front: r.scores_after[side], back: r.scores_before[side] })),
  "The board before the deal (back pegs) and after it (front pegs).");
  const show = el("table", { id: "show-table" }, el("caption", {}, "The show"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Hand"), el("th", { scope: "col", class: "num" }, "Total"),
      el("th", { scope: "col", class: "num" }, "Claimed"), el("th", { scope: "col" }, "Ruling"))),
    el("tbody", {}, Object.entries(r.show).map(([who, hand]) => showRow(r, who, hand, claims))));
  return [
    el("p", { class: "summary", id: "deal-summary" }, el("strong", {}, "After the deal: "), scoresText(renamed(r.scores_after)),
      r.winner ? `. ${sideName(r.winner)} wins during the ${r.won_during}.` : "."),
    board,
    r.misdeal ? el("p", { class: "error" }, "A misdeal: the deal does not count.") : null,
    r.heels && (r.heels.points || r.heels.claimed !== undefined)
      ? el("p", { id: "heels" }, `Heels (a jack starter): ${r.heels.points}, pegged ${r.heels.pegged}.`) : null,
    playFindings(r.findings),
    r.findings.length ? null : el("p", { class: "no-findings" }, "No findings: the deal was by the rules."),
    r.play ? playTable(r.play) : null,
    ...(r.play ? playSummary(r.play) : []),
    Object.keys(r.show).length ? el("div", { class: "scroll" }, show) : null,
  ];
}

// --- deal after deal: a game ------------------------------------------------------------

function updateGame() {
  const kept = game.deals.length;
  $("next-deal").disabled = game.checked === null || !game.checked.next;
  $("check-game").disabled = kept === 0 && game.checked === null;
  $("review-game").disabled = $("check-game").disabled;
  $("game-status").textContent = kept
    ? `This game: ${kept} deal${kept === 1 ? "" : "s"} kept; ${game.firstDealer} dealt first, from ${game.joined ? scoresText(game.joined) : "the start"}.`
    : "";
  // keep.js keeps the game in this browser at every change.
  document.dispatchEvent(new Event("scorepad:game"));
}

// The game as this browser keeps it (keep.js): each deal kept as its lines (their fields
// are the form's, gone once the deal is kept), and the deal last checked by its answer.
export function gameRecord() {
  const { players, firstDealer, sides: named, joined, deals, checked } = game;
  return { players, firstDealer, sides: named, joined, deals: deals.map((deal) => deal.lines),
    checked: checked && { players: checked.players, answer: checked.answer, next: checked.next } };
}

// A kept game back on the page: `fill` puts its fields back once the seats are built. The
// deal last checked is the one in the form (any change to it clears the check), so its
// lines and their fields are read from the form again.
export function restoreGame(record, fill) {
  Object.assign(game, { players: record.players, firstDealer: record.firstDealer, sides: record.sides,
    joined: record.joined, deals: record.deals.map((lines) => ({ lines: [...lines], spots: [] })), checked: null });
  buildSeats(false);
  fill();
  buildScores();
  if (record.checked) {
    game.checked = { players: record.checked.players, body: dealBody().body, answer: record.checked.answer,
      next: record.checked.next };
  }
  updateGame();
}

// Keep the deal just checked and set up the next: the deal passes to the left, and the
// scores carry over.
function nextDeal() {
  const { players, body, answer } = game.checked;
  if (!game.deals.length) {
    game.players = players; game.firstDealer = players[players.length - 1]; game.sides = sides(players);
    game.joined = renamed(answer.scores_before);
  }
  game.deals.push(body);
  const seats = game.checked.next;
  game.checked = null;
  seats.forEach((name, i) => { $(`seat-name-${i}`).value = name; });
  for (const input of $("deal-form").querySelectorAll("#seats input:not(.seat-name), #deal-starter, #deal-crib-card, #claim-crib, #claim-heels")) {
    input.value = "";
  }
  $("deal-record").value = "";
  buildScores();
  for (const input of $("scores-before").querySelectorAll("input")) input.value = renamed(answer.scores_after)[input.dataset.side] ?? 0;
  startOver($("deal-result"), $("deal-form"));
  updateGame();
  $("seat-dealt-0").focus();
}

async function checkGame() {
  const out = $("deal-result");
  startOver(out, $("deal-form"));
  await knowNames(tableNames());
  const { body, notation, deals, text } = gameRequest();
  const answer = await ask("/v1/games/check", body, out, "Checking the game…", showGame,
    (problem) => explain(problem, body, (pointer, spot) => locate(pointer, spot, names(), deals.length - 1), notation));
  if (answer !== null) await offerShare(out, text, body);
  return answer;
}

// The game in notation: the table of its first deal, the scores that deal was joined at
// (so that the game answers as the deal did: from 0 it would not, and in the five-card
// game the referee would add a three for last the deal's check did not), then each deal
// kept and the deal in the form, numbered.
// /v1/games/check and the review take the same record.
function gameRequest() {
  const deals = [...game.deals, ...(game.checked ? [game.checked.body] : [])];
  const players = game.players || game.checked.players;
  // A game opened from a share link that says no scores is played from the start.
  const joined = game.joined || (game.checked ? renamed(game.checked.answer.scores_before) : null);
  const notation = new Notation();
  notation.add(tableLine(players, sides(players)), { where: "the players' names", field: $("seat-name-0") });
  if (joined) notation.add("scores:");
  for (const [side, points] of Object.entries(joined || {})) {
    notation.add(`${sideText(side)} ${points}`, { where: `${side}'s score the game was joined at` });
  }
  deals.forEach((deal, k) => {
    const current = game.checked !== null && k === deals.length - 1;
    notation.add(`deal: ${k + 1}`, { where: `deal ${k + 1}` });
    deal.lines.forEach((line, i) => notation.add(line, current ? deal.spots[i] : { where: `deal ${k + 1}` }));
  });
  const text = notation.text();
  return { body: { notation: text, ...rulingSettings(text) }, notation, deals, text };
}

// From the game to its review in one tap: the same record, to /v1/games/review.
async function reviewTheGame() {
  await knowNames(tableNames());
  return reviewGame(gameRequest().body);
}

function showGame(r) {
  const target = r.target ?? facts().target;
  const last = r.deals[r.deals.length - 1];
  const board = drawBoard(target, Object.keys(r.scores).map((side) => ({
    name: side, front: r.scores[side], back: last.scores_before[side] })),
  `The board after deal ${r.deals.length} (back pegs before it).`);
  const table = el("table", { id: "game-table" }, el("caption", {}, "Deal by deal"),
    el("thead", {}, el("tr", {}, ["Deal", "Dealer", "Scores after", "Findings"].map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, r.deals.map((d) => el("tr", {}, el("td", {}, d.deal + 1), el("td", {}, d.dealer),
      el("td", {}, scoresText(d.scores_after)), el("td", { class: "num" }, d.findings_count)))));
  return [
    el("p", { class: "summary", id: "game-summary" }, el("strong", {}, "The game: "), scoresText(r.scores),
      r.winner ? `. ${r.winner} wins (${r.margin}).` : ". No winner yet."),
    board,
    findings(r.findings, dealNumber),
    el("div", { class: "scroll" }, table),
  ];
}

export function newGame() {
  game.players = null; game.firstDealer = null; game.sides = null; game.joined = null; game.deals = []; game.checked = null;
  buildSeats(false);
  for (const input of $("deal-form").querySelectorAll("input:not(.seat-name):not([type=checkbox])")) input.value = "";
  $("deal-record").value = "";
  // A new game clears everything, Show only too (tap.js shows the play's field again on
  // its change); a box's value is what it sends, never cleared.
  if ($("show-only").checked) {
    $("show-only").checked = false;
    $("show-only").dispatchEvent(new Event("change", { bubbles: true }));
  }
  buildScores();
  startOver($("deal-result"), $("deal-form"));
  updateGame();
}

export function setUpDeal() {
  buildSeats(false);
  $("variant").addEventListener("change", newGame);
  $("deal-form").addEventListener("submit", checkDeal);
  // A deal changed after its check is not the deal checked: check it again to keep it.
  $("deal-form").addEventListener("input", () => {
    game.checked = null;
    updateGame();
  });
  $("next-deal").addEventListener("click", nextDeal);
  $("check-game").addEventListener("click", checkGame);
  $("review-game").addEventListener("click", reviewTheGame);
  $("new-game").addEventListener("click", newGame);
  updateGame();
}

// --- opened from a share link (share.js): the page filled, then the referee asked ------------

function seatNames(players) {
  players.forEach((name, i) => { $(`seat-name-${i}`).value = name; });
  buildScores();
}

// `record` is the server's reading of the link (POST /v1/notation/read): by seat name.
export async function openDeal(record, deal) {
  newGame();
  if (facts().partnerships.length) game.sides = record.sides;
  seatNames(record.players);
  record.players.forEach((name, i) => {
    $(`seat-dealt-${i}`).value = deal.dealt[name].join(" ");
    $(`seat-discards-${i}`).value = deal.discards[name].join(" ");
    $(`seat-claim-${i}`).value = deal.hands[name] ?? "";
  });
  $("deal-starter").value = deal.starter ?? "";
  $("claim-heels").value = deal.heels ?? "";
  $("deal-crib-card").value = deal.crib_card ?? "";
  $("claim-crib").value = deal.crib ?? "";
  $("deal-record").value = deal.play === null ? "" : deal.play.join("\n");
  const scores = record.scores_before || {};
  for (const input of $("scores-before").querySelectorAll("input")) {
    const side = record.sides.find((named) => members(named) === members(input.dataset.side));
    input.value = side !== undefined && side in scores ? scores[side] : "";
  }
  await checkDeal({ preventDefault() {} });
}

export async function openGame(record) {
  newGame();
  game.players = record.players;
  game.firstDealer = record.players[record.players.length - 1];
  game.sides = record.sides;
  game.joined = record.scores_before;
  game.deals = record.deals.map((deal) => {
    const body = new Notation();
    deal.lines.forEach((line) => body.add(line));
    return body;
  });
  // The form is set for the deal after the last one kept, as "Next deal" would leave it.
  seatNames(record.next_players);
  updateGame();
  const answer = await checkGame();
  if (answer) for (const input of $("scores-before").querySelectorAll("input")) input.value = renamed(answer.scores)[input.dataset.side] ?? 0;
}

// The deal in the form as the referee reads it, and where a problem in it is told: for
// the play entered card by card (tap.js), which asks about the deal as it goes.
export async function dealInForm() {
  await knowNames(tableNames());
  const { players, body } = dealBody();
  return { players, notation: dealNotation(players, body), where: (pointer, spot) => locate(pointer, spot, players) };
}
