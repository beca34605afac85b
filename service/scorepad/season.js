// @ts-check
// The club's season: the nights entered on the club tab, added one by one, rated by the
// server from who beat whom (POST /v1/tournaments/ratings, docs/ratings.md). The page
// shows what it answers, each player's rating, uncertainty and games, and the chance
// one player beats another as the answer gives it; it rates nothing itself. The nights
// are kept in this browser (store.js), so a reload asks for the same ratings again.
import { $, el } from "./common.js";
import { Entry } from "./store.js";

const SEASON = new Entry("muggins.club-season", { schema: 1, what: "The club season" });

/** @type {any} */
let lastAnswer = null;

function nightsOf(kept) {
  return kept && Array.isArray(kept.nights) ? kept.nights : [];
}

// A problem, or several, one a line, each pointing where the server said.
function problem(lines) {
  const box = $("club-season-problem");
  if (!lines.length) { box.replaceChildren(); return; }
  box.replaceChildren(el("div", { class: "error", role: "alert" },
    el("ul", { class: "problems" }, lines.map((line) => el("li", {}, line)))));
}

function number(value) { return value.toFixed(2); }

function renderRatings(nights, answer) {
  lastAnswer = answer;
  $("club-chance-form").hidden = !answer;
  $("club-chance").replaceChildren();
  const count = nights.length;
  if (!answer) {
    const words = `The season holds ${count} night${count === 1 ? "" : "s"}; its ratings could not be asked for.`;
    if (count) $("club-season-ratings").replaceChildren(el("p", { class: "note" }, words));
    else $("club-season-ratings").replaceChildren();
    return;
  }
  const head = el("tr", {}, ["Rank", "Player", "Rating", "Uncertainty", "Games"].map((h) => el("th", { scope: "col" }, h)));
  const rows = answer.ratings.map((r) => el("tr", { "data-player": r.player },
    el("td", {}, r.rank), el("td", {}, r.player), el("td", {}, number(r.rating)),
    el("td", {}, `± ${number(r.uncertainty)}`), el("td", {}, r.games)));
  $("club-season-ratings").replaceChildren(
    el("p", { class: "note", id: "club-season-nights" },
      `After ${count} night${count === 1 ? "" : "s"}: ranked by the rating less three uncertainties, `
      + "so that one lucky night does not put a newcomer on top."),
    el("table", {}, el("thead", {}, head), el("tbody", {}, rows)));
  for (const id of ["club-chance-a", "club-chance-b"]) {
    const was = $(id).value;
    $(id).replaceChildren(...answer.ratings.map((r) => el("option", { value: r.player }, r.player)));
    if (answer.ratings.some((r) => r.player === was)) $(id).value = was;
  }
  if ($("club-chance-a").value === $("club-chance-b").value && answer.ratings.length > 1) {
    $("club-chance-b").value = answer.ratings[1].player;
  }
}

// The season's ratings for `nights`: the answer, or null with the problems said.
async function rate(nights) {
  problem([]);
  if (!nights.length) return null;
  try {
    const response = await fetch("/v1/tournaments/ratings", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ variant: $("variant").value, nights }),
    });
    const body = await response.json();
    if (response.ok) return body;
    const lines = (body.errors || []).map((e) => `${e.pointer}: ${e.detail}`);
    problem(lines.length ? lines : [body.detail]);
  } catch (error) {
    problem(["The referee could not be reached to rate the season."]);
  }
  return null;
}

// `nightCards()`: the cards of the night on the club tab, as entered.
export function setUpSeason(nightCards) {
  const kept = SEASON.load();
  let nights = nightsOf(kept.value);
  $("club-season-add").addEventListener("click", async () => {
    const cards = nightCards();
    if (cards.length < 2) { problem(["Enter this night's cards first: two players at least."]); return; }
    const night = { cards: JSON.parse(JSON.stringify(cards)) };
    if (nights.length && JSON.stringify(nights[nights.length - 1]) === JSON.stringify(night)) {
      problem(["This night is already the season's last night."]);
      return;
    }
    // Kept only once the server has rated it: a night it refuses leaves the season as it was.
    const answer = await rate([...nights, night]);
    if (!answer) return;
    nights = [...nights, night];
    SEASON.save({ nights });
    renderRatings(nights, answer);
  });
  $("club-season-clear").addEventListener("click", () => {
    const count = nights.length;
    if (count && !window.confirm(`Start a new season? Its ${count} night${count === 1 ? "" : "s"} will be `
      + "cleared from this browser.")) return;
    nights = [];
    SEASON.remove();
    problem([]);
    renderRatings(nights, null);
  });
  $("club-chance-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const a = $("club-chance-a").value;
    const b = $("club-chance-b").value;
    const chance = lastAnswer && lastAnswer.chances[a] ? lastAnswer.chances[a][b] : undefined;
    $("club-chance").replaceChildren(a === b || chance === undefined
      ? "Choose two different players."
      : `${a} beats ${b} in one game ${(100 * chance).toFixed(1)}% of the time, on the ratings after the last night.`);
  });
  renderRatings(nights, null);
  rate(nights).then((answer) => { if (answer) renderRatings(nights, answer); });
  if (kept.refused) problem([kept.refused]);
}
