// @ts-check
// The review view: a deal or a game judged against the best discard, play and count.
import { $, ask, el, explain, findings, present, rulingSettings, startOver, tableSettings } from "./common.js";
import { chancesFigure } from "./chances.js";
import { playersLines, worstDecisions } from "./givenup.js";
import { countSentence, dealNumber, reviewLegend } from "./results.js";
import { openSection } from "./tabs.js";

function lostTable(lost, id) {
  const table = el("table", { id, class: "lost" }, el("thead", {}, el("tr", {},
    el("th", {}, "Lost"), el("th", { class: "num" }, "Discard"), el("th", { class: "num" }, "Play"),
    el("th", { class: "num" }, "Count"))));
  const rows = el("tbody");
  for (const [player, each] of Object.entries(lost)) {
    rows.append(el("tr", { "data-player": player }, el("td", {}, player),
      el("td", { class: "num" }, each.discard.toFixed(2)), el("td", { class: "num" }, each.play),
      el("td", { class: "num" }, each.count)));
  }
  table.append(rows);
  return table;
}

function showDealReview(r, number) {
  const parts = [];
  const discards = el("table", { class: "discards" }, el("thead", {}, el("tr", {},
    el("th", {}, "Player"), el("th", {}, "Threw"), el("th", { class: "num" }, "Rank"),
    el("th", { class: "num" }, "Lost"), el("th", {}, "Best"))));
  const rows = el("tbody");
  for (const [player, d] of Object.entries(r.discards)) {
    rows.append(el("tr", {}, el("td", {}, player), el("td", {}, d.discard.join(" ")),
      el("td", { class: "num" }, d.rank + " of " + d.options),
      el("td", { class: "num" }, d.loss.toFixed(2)), el("td", {}, d.best.discard.join(" "))));
  }
  discards.append(rows);
  parts.push(discards);
  if (r.play) {
    const line = el("p", { class: "laid" }, "Play: ");
    for (const c of r.play.cards) {
      const cost = c.loss === null ? " ?" : c.loss ? " −" + c.loss : "";
      const kind = c.loss === null ? "unjudged" : c.loss ? "costly" : "best";
      // The best card in the text itself: a phone has no hover to show a title.
      const best = c.loss ? ` (best ${c.best.join(" or ")})` : "";
      line.append(el("span", { class: "card-review " + kind, "data-index": c.index },
        c.player + " " + c.card + cost + best + (c.game ? " (the game)" : "")), " ");
    }
    parts.push(line);
    // People count plays and deals from 1; the API's indexes count from 0.
    if (r.play.reason) parts.push(el("p", { class: "note" }, "Judged up to play ", r.play.stopped_at + 1, ": ", r.play.reason));
  }
  for (const c of r.count) {
    parts.push(el("p", { class: "count-review" }, countSentence(c)));
  }
  parts.push(worstDecisions(r, number));
  parts.push(lostTable(r.lost, "review-lost-" + number));
  return parts;
}

function showReview(r) {
  if (!r.deals) return [reviewLegend(r.objective), ...showDealReview(r, 0), findings(r.findings)];
  const parts = [reviewLegend(r.objective)];
  const graph = chancesFigure(r);
  if (graph) parts.push(el("h3", {}, "The game's chances"), graph);
  for (const deal of r.deals) {
    parts.push(el("h3", {}, "Deal " + (deal.deal + 1) + " (dealer " + deal.dealer + ")"));
    parts.push(...showDealReview(deal, deal.deal));
  }
  parts.push(el("h3", {}, "Over the game"), lostTable(r.lost, "review-lost"), playersLines(r.players),
    findings(r.findings, dealNumber));
  return parts;
}

// The record is JSON here, so a problem is pointed at the way JSON is: by its pointer.
function locate(pointer) {
  return { where: pointer, field: $("review-record") };
}

async function review(event) {
  event.preventDefault();
  const out = $("review-result");
  startOver(out, $("review-form"));
  const text = $("review-record").value;
  // A record in notation: the server says whether it is a deal or a game.
  if (!text.trim().startsWith("{")) {
    await reviewNotation(text);
    return;
  }
  let body;
  try {
    body = JSON.parse(text);
  } catch (error) {
    present(out, [el("p", { class: "error", role: "alert" }, "The record is not JSON: " + error.message)]);
    return;
  }
  // The game, the rules and muggins at the top of the page apply where the record is
  // silent; a record that names its own is judged as it says.
  const page = tableSettings();
  const own = isRecord(body) ? Object.keys(page).filter((key) => key in body && body[key] !== page[key]) : [];
  if (isRecord(body)) body = { ...page, ...body };
  const path = body && body.deals ? "/v1/games/review" : "/v1/deals/review";
  await send(path, body, own);
}

// A record in notation, sent as notation with the page's rules where it says none; which
// operation reviews it (a deal's or a game's) is the server's reading of it.
async function reviewNotation(text) {
  const out = $("review-result");
  const body = { notation: text, ...rulingSettings(text) };
  let read;
  try {
    const response = await fetch("/v1/notation/write", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ notation: text }) });
    read = await response.json();
    if (!response.ok) {
      present(out, [explain(read, body, locate)]);
      return;
    }
  } catch (error) {
    present(out, [el("p", { class: "error", role: "alert" }, "The referee could not be reached. Try again.")]);
    return;
  }
  await send(read.kind === "game" ? "/v1/games/review" : "/v1/deals/review", body, [],
    { ...tableSettings(), variant: read.variant, ...body });
}

// `judged`: the settings the note says it was judged under (the body's own, unless given).
async function send(path, body, own, judged = body) {
  await ask(path, body, $("review-result"), "Reviewing…", (r) => [judgedUnder(judged, own), ...showReview(r)],
    (problem) => explain(problem, body, locate));
}

// The game entered in "Check a deal or a game", as the page sends it to /v1/games/check
// (its notation, the rules and muggins), reviewed: shown in the record field too, so
// that it can be changed and reviewed again.
export async function reviewGame(body) {
  // One tap from the game to its review: the review's tab is opened for its answer.
  openSection("review");
  $("review-record").value = body.notation;
  startOver($("review-result"), $("review-form"));
  // The notation's table line says the game; the page's settings say the rest.
  await send("/v1/games/review", body, [], { ...tableSettings(), ...body });
}

function isRecord(value) { return value !== null && typeof value === "object" && !Array.isArray(value); }

function optionText(select, value) {
  const option = [...$(select).options].find((o) => o.value === value);
  return option ? option.textContent : value;
}

// The settings the review was judged under, and where the record overrode the page's.
function judgedUnder(body, own) {
  const said = `Judged as ${optionText("variant", body.variant)}, ${optionText("ruleset", body.ruleset)} rules, `
    + `muggins ${body.muggins ? "on" : "off"}`;
  const names = { variant: "game", ruleset: "rules", muggins: "muggins" };
  return el("p", { class: "note", id: "review-settings" }, said,
    own.length ? ` (the record's own ${own.map((key) => names[key]).join(" and ")}, not the page's).` : ".");
}

export function setUpReview() {
  $("review-form").addEventListener("submit", review);
}
