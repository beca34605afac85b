// @ts-check
// The chance of winning each decision gave up (issue 22): a deal's worst discards and
// cards, and each player's error rate and luck over the game. Each is shown only where
// the review's answer has it (`win_loss`, `players`), so older answers show none.
import { cardText, el } from "./common.js";
import { percent } from "./chances.js";

// A deal's few worst decisions: enough to learn from, not a second copy of the review.
const MOST = 3;

function gaveUp(winLoss) { return typeof winLoss === "number" && winLoss > 0; }

function cardsText(cards) { return cards.map(cardText).join(" "); }

// The discard the chances rank best, the one `win_loss` is measured against.
function bestByChance(d) { return d.best_by_win ? d.best_by_win.discard : null; }

// Every decision of the deal that gave up some chance, the largest first; decisions that
// gave up as much keep the deal's order (the discards, then the play).
export function decisionsGivingUp(deal) {
  const found = [];
  for (const [player, d] of Object.entries(deal.discards || {})) {
    if (!gaveUp(d.win_loss)) continue;
    const best = bestByChance(d);
    // The server says when what was given up is within its interval (`within_interval`):
    // then the two discards' order may be the sample's noise, and the words say so.
    found.push({ winLoss: d.win_loss, words: `${player}'s discard ${cardsText(d.discard)} gave up ${percent(d.win_loss)}`
      + (best ? ` (the best: ${cardsText(best)})` : "")
      + (d.within_interval === true ? ": within the sample's interval, so the two may be in either order" : "") });
  }
  for (const c of deal.play ? deal.play.cards : []) {
    if (gaveUp(c.win_loss)) found.push({ winLoss: c.win_loss, words: `${c.player}'s ${cardText(c.card)} gave up ${percent(c.win_loss)}` });
  }
  return found.sort((a, b) => b.winLoss - a.winLoss);
}

// The deal's worst decisions by chance given up, or null when none gave any up.
export function worstDecisions(deal, number) {
  const worst = decisionsGivingUp(deal).slice(0, MOST);
  if (!worst.length) return null;
  const title = `review-given-up-${number}`;
  return el("div", { class: "given-up", "data-deal": number }, el("p", { id: title }, el("strong", {}, "Chances given up")),
    el("ul", { "aria-labelledby": title }, ...worst.map((w) => el("li", {}, w.words))));
}

function signed(p) { return (p < 0 ? "−" : "+") + percent(Math.abs(p)); }

function playerWords(name, p) {
  const decisions = `${p.decisions} decision${p.decisions === 1 ? "" : "s"}`;
  const rate = typeof p.error_rate === "number" ? `error rate ${percent(p.error_rate)} a decision over ${decisions}`
    : "no decision judged";
  const rating = p.rating ? `; rating ${p.rating.value.toFixed(1)} (${p.rating.band}), `
    + `luck-adjusted result ${p.luck_adjusted.toFixed(2)}` : "";
  return `${name}: ${rate}` + (typeof p.luck === "number" ? `, luck ${signed(p.luck)}` : "") + rating;
}

// A line per player: the mean chance given up a decision, the luck of the cards, and the
// play rating with the luck-adjusted result (docs/rating.md).
export function playersLines(players) {
  if (!players) return null;
  return el("ul", { class: "players-chances", id: "review-players" },
    ...Object.entries(players).map(([name, p]) => el("li", { "data-player": name }, playerWords(name, p))));
}
