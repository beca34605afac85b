// @ts-check
// The club night: each card entered line by line (opponent by name, W or L, spread),
// cross-checked by the referee as it is entered, the standings, and a printable tally
// sheet. Kept in this browser (store.js), so a reload loses nothing.
import { $, el } from "./common.js";
import { setUpSeason } from "./season.js";
import { Entry } from "./store.js";

// The night's entry; before versions (schema 0) it was the same {cards}, unversioned.
const NIGHT = new Entry("muggins.club-night", { schema: 1, what: "The club night",
  migrations: { 0: (night) => (Array.isArray(night.cards) ? night : undefined) } });

// The night a "New night" set aside, kept until it is brought back or another night is
// set aside: so that a new night is undone, after a reload too.
const SET_ASIDE = new Entry("muggins.club-night.set-aside", { schema: 1, what: "The night set aside" });

function load(kept) {
  if (kept.value && Array.isArray(kept.value.cards)) return kept.value;
  return { cards: [] };
}

function save(night) { NIGHT.save(night); }

function cardOf(night, player) {
  let card = night.cards.find((c) => c.player === player);
  if (!card) {
    card = { player, games: [] };
    night.cards.push(card);
  }
  return card;
}

// A line of a card: its round (the one number on it), the result, the spread and the
// opponent. With the referee's answer, the line as ruled (its spread the ruling's).
function lineText(line) {
  const head = line.round === undefined ? "" : `Round ${line.round}: `;
  if (line.bye) return `${head}bye`;
  const spread = line.spread === undefined ? "" : ` ${line.result === "W" ? "+" : "-"}${line.spread}`;
  return `${head}${line.result}${spread} v ${line.opponent}`;
}

// The tally sheet: each card as the referee ruled it (with the lines it copied from the
// other card), each ruling beside its line; before an answer, the cards as entered.
function renderTally(night, answer) {
  const flagged = new Map();
  for (const f of (answer && answer.findings) || []) {
    if (f.code === "no-harm-no-foul" || f.index === undefined) continue;
    // A line may carry more than one ruling (12.2.d, then the game points it moved).
    const key = `${f.player}/${f.index}`;
    const said = [f.rule ? el("a", { href: f.rulebook, class: "rule" }, f.rule) : null, f.rule ? ": " : null, f.message];
    flagged.set(key, flagged.has(key) ? [...flagged.get(key), "; ", ...said] : said);
  }
  const shown = answer ? answer.cards : night.cards;
  const cards = shown.map((card) => el("li", { class: "club-card" },
    el("strong", {}, card.player),
    el("ul", { class: "club-lines" }, card.games.map((line, i) => {
      const why = flagged.get(`${card.player}/${i}`);
      return el("li", { class: why ? "club-flag" : null, "data-flag": why ? "yes" : null },
        lineText(line), why ? el("small", {}, " — ", ...why) : null);
    }))));
  $("club-tally").replaceChildren(el("h3", {}, "Tally sheet"),
    answer ? el("p", { class: "note" }, "As ruled: each spread is the ruling's, and a game on one card only is on both.") : null,
    el("ul", { class: "club-cards" }, cards));
}

function renderStandings(answer) {
  if (!answer) { $("club-standings").replaceChildren(); return; }
  const head = el("tr", {}, ["Rank", "Player", "Game points", "Won", "Spread", "Tiebreak", "Qualifies"].map((h) => el("th", { scope: "col" }, h)));
  const rows = answer.standings.map((s) => el("tr", { "data-player": s.player },
    el("td", {}, s.rank), el("td", {}, s.player), el("td", {}, s.game_points), el("td", {}, s.wins),
    el("td", {}, (s.spread > 0 ? "+" : "") + s.spread), el("td", {}, s.tiebreak_words || ""),
    el("td", {}, s.qualified ? "qualifies" : s.playoff ? "playoff" : "")));
  $("club-standings").replaceChildren(el("h3", {}, "Standings"),
    el("table", {}, el("thead", {}, head), el("tbody", {}, rows)));
}

let lastAnswer = null;

// A problem, or several, one a line.
function problem(text, ...more) {
  $("club-problem").replaceChildren(more.length
    ? el("ul", { class: "error problems", role: "alert" }, [text, ...more].map((line) => el("li", {}, line)))
    : el("p", { class: "error", role: "alert" }, text));
}

async function check(night) {
  $("club-problem").replaceChildren();
  lastAnswer = null;
  if (night.cards.length < 2) { renderTally(night, null); renderStandings(null); return; }
  let answer = null;
  try {
    const response = await fetch("/v1/tournaments/check", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ variant: $("variant").value, cards: night.cards }),
    });
    const body = await response.json();
    if (response.ok) answer = lastAnswer = body;
    else {
      const lines = (body.errors || []).map((e) => `${e.pointer}: ${e.detail}`);
      if (lines.length) problem(lines[0], ...lines.slice(1)); else problem(body.detail);
    }
  } catch (error) {
    $("club-problem").replaceChildren(el("p", { class: "error", role: "alert" }, "The referee could not be reached."));
  }
  renderTally(night, answer);
  renderStandings(answer);
}

// The cards a CSV file holds, read by the server as `muggins night` reads them: the
// answer ({cards}), or {problem} with a problem per row.
async function readCards(text) {
  try {
    const response = await fetch("/v1/tournaments/read", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ csv: text }),
    });
    const body = await response.json();
    return response.ok ? body : { problem: body };
  } catch (error) {
    return { problem: { detail: "the referee could not be reached to read the file: try again once it is back" } };
  }
}

// While a night is set aside, say so and offer to bring it back.
function offerUndo(night) {
  const aside = SET_ASIDE.load().value;
  const box = $("club-set-aside");
  if (!aside || !Array.isArray(aside.cards) || !aside.cards.length) { box.replaceChildren(); return; }
  const count = aside.cards.length;
  const undo = el("button", { type: "button", class: "secondary", id: "club-undo" }, "Undo new night");
  undo.addEventListener("click", () => {
    if (night.cards.length && !window.confirm(`Bring back the night set aside? The ${night.cards.length} `
      + "scorecard(s) entered since will be cleared.")) return;
    night.cards = aside.cards;
    save(night);
    SET_ASIDE.remove();
    offerUndo(night);
    check(night);
    $("club-player").focus();
  });
  box.replaceChildren(el("p", { class: "note" },
    `A night of ${count} scorecard${count === 1 ? "" : "s"} was set aside by New night. `, undo));
}

export function setUpClub() {
  const kept = NIGHT.load();
  const night = load(kept);
  $("club-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const player = $("club-player").value.trim();
    const opponent = $("club-opponent").value.trim();
    const round = Number($("club-round").value);
    if (!player || !round) return;
    const card = cardOf(night, player);
    const line = { round };
    if (opponent.toLowerCase() === "bye") line.bye = true;
    else {
      line.opponent = opponent;
      line.result = $("club-won").checked ? "W" : "L";
      const spread = $("club-spread").value.trim();
      if (spread !== "") line.spread = Number(spread);
    }
    card.games = card.games.filter((g) => g.round !== round).concat([line]).sort((a, b) => a.round - b.round);
    save(night);
    $("club-round").value = String(round + 1);
    $("club-opponent").value = "";
    $("club-spread").value = "";
    $("club-opponent").focus();
    check(night);
  });
  // The print layout (club.css) holds only while this button prints.
  window.addEventListener("afterprint", () => document.body.classList.remove("club-printing"));
  $("club-print").addEventListener("click", () => {
    document.body.classList.add("club-printing");
    window.print();
  });
  // Scorecards from a spreadsheet replace the night; a file with a bad row changes
  // nothing and says which rows, by line number and column.
  $("club-csv").addEventListener("change", async () => {
    const file = $("club-csv").files[0];
    if (!file) return;
    const read = await readCards(await file.text());
    $("club-csv").value = "";
    if (read.problem) {
      // One problem a line, each naming the file's line.
      const lines = (read.problem.errors || []).map((e) => `${file.name}, line ${e.line}: ${e.detail}`);
      if (lines.length) problem(lines[0], ...lines.slice(1)); else problem(`${file.name}: ${read.problem.detail}`);
      return;
    }
    night.cards = read.cards;
    save(night);
    check(night);
  });
  $("club-standings-csv").addEventListener("click", () => {
    if (!lastAnswer) { problem("No standings yet: enter the cards of two players at least."); return; }
    // The server's CSV (its `standings_csv`), as `muggins night --csv` writes it.
    const link = el("a", { href: URL.createObjectURL(new Blob([lastAnswer.standings_csv], { type: "text/csv" })),
      download: "standings.csv" });
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  });
  $("club-clear").addEventListener("click", () => {
    if (night.cards.length) {
      const count = night.cards.length;
      if (!window.confirm(`Start a new night? The ${count} scorecard${count === 1 ? "" : "s"} of this night `
        + "will be cleared from the page (set aside: Undo brings them back).")) return;
      SET_ASIDE.save({ cards: night.cards, when: new Date().toISOString() });
    }
    night.cards = [];
    save(night);
    offerUndo(night);
    check(night);
  });
  offerUndo(night);
  check(night);
  setUpSeason(() => night.cards);
  // A night this page cannot read is said after the check, which clears the problems.
  if (kept.refused) problem(kept.refused);
}
