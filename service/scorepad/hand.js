// @ts-check
// Count a hand: the picker, the typed cards, and the count with its ruling.
import { $, ask, canonical, cards, el, explain, facts, findings, ordinal, startOver, tableSettings } from "./common.js";
import { buildPicker, markPicker } from "./picker.js";

// How many cards the hand or the crib holds, as the variant's facts say.
function handSize() {
  const known = facts();
  return $("crib").checked ? known.crib : known.kept;
}

// A tap adds the card to the hand (then the starter); a tap on a card taken takes it back.
function pick(card) {
  const hand = $("hand");
  const starter = $("starter");
  const held = cards(hand.value);
  const at = held.findIndex((typed) => canonical(typed) === card);
  if (at >= 0) {
    held.splice(at, 1);
    hand.value = held.join(" ");
  } else if (canonical(starter.value) === card) {
    starter.value = "";
  } else if (held.length < handSize()) {
    hand.value = [...held, card].join(" ");
  } else {
    starter.value = card;
  }
  markUsed();
}

function markUsed() {
  markPicker($("picker"), new Set([...cards($("hand").value), $("starter").value].map(canonical).filter(Boolean)));
}

// Where a pointer into a hand check is, in words, and the field to mark.
function locate(pointer) {
  const [name, index] = pointer.replace(/^#\//, "").split("/");
  if (name === "hand" && index !== undefined) {
    return { where: `the ${ordinal(Number(index) + 1)} card of the ${$("crib").checked ? "crib" : "hand"}`, field: $("hand") };
  }
  const words = { hand: $("crib").checked ? "the crib" : "the hand", starter: "the starter", claimed: "the claimed count",
    variant: "the game", ruleset: "the rules", muggins: "muggins", crib: "the crib box" };
  const field = { hand: "hand", starter: "starter", claimed: "claimed", variant: "variant",
    ruleset: "ruleset", muggins: "muggins", crib: "crib" }[name];
  return { where: words[name] || pointer, field: field ? $(field) : null };
}

async function countHand(event) {
  event.preventDefault();
  const out = $("hand-result");
  startOver(out, $("hand-form"));
  /** @type {Record<string, any>} */
  const body = {
    hand: cards($("hand").value),
    crib: $("crib").checked,
    ...tableSettings(),
  };
  // A blank starter is not sent at all, so the referee asks for it rather than for a card.
  if ($("starter").value.trim() !== "") body.starter = $("starter").value.trim();
  if ($("claimed").value !== "") body.claimed = Number($("claimed").value);
  await ask("/v1/hands/check", body, out, "Counting…", showHand,
    (problem) => explain(problem, body, locate));
}

function showHand(r) {
  const items = el("table", { id: "items" },
    el("caption", {}, "Every score in it"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Score"), el("th", { scope: "col" }, "Cards"),
      el("th", { scope: "col", class: "num" }, "Points"))));
  const rows = el("tbody");
  for (const item of r.items) {
    rows.append(el("tr", {}, el("td", {}, item.kind), el("td", {}, item.cards.join(" ")),
      el("td", { class: "num" }, item.points)));
  }
  items.append(rows);
  const parts = [
    el("p", { class: "summary" }, `${r.hand.join(" ")} with ${r.starter}${r.crib ? " (crib)" : ""}: `,
      el("span", { class: "total", id: "total" }, r.total)),
    el("p", { class: "call", id: "call" }, r.call),
  ];
  if (r.verdict) {
    parts.push(el("p", {}, `Claimed ${r.claimed}: `,
      el("span", { class: "verdict " + r.verdict, id: "verdict" }, r.verdict)));
    parts.push(el("p", { id: "award" }, el("strong", {}, "Pegs: "),
      `the player ${r.award.player}, the opponent ${r.award.opponent}`));
    parts.push(findings(r.findings));
  }
  parts.push(el("div", { class: "scroll" }, items));
  return parts;
}

export function setUpHand() {
  buildPicker($("picker"), pick);
  $("hand-form").addEventListener("submit", countHand);
  $("hand").addEventListener("input", markUsed);
  $("starter").addEventListener("input", markUsed);
  $("clear-hand").addEventListener("click", () => {
    // Everything: a crib left ticked would count the next hand as a crib.
    $("hand").value = ""; $("starter").value = ""; $("claimed").value = ""; $("crib").checked = false;
    startOver($("hand-result"), $("hand-form"));
    markUsed();
    $("hand").focus();
  });
}
