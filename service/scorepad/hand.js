// @ts-check
// Count a hand: the picker, the typed cards, and the count with its ruling.
import { $, ask, canonical, cards, el, explain, facts, findings, ordinal, startOver, tableSettings } from "./common.js";
import { buildPicker, markPicker } from "./picker.js";
import { linkOf, qrCanvas } from "./share.js";
import { Entry } from "./store.js";
import { openSection } from "./tabs.js";

// The hand being counted, kept in this browser as it is entered (a reload keeps it).
const HAND = new Entry("muggins.hand", { schema: 1, what: "The hand being counted" });
const FIELDS = ["hand", "starter", "claimed"];

function keep() {
  HAND.save({ ...Object.fromEntries(FIELDS.map((id) => [id, $(id).value])), crib: $("crib").checked });
}

function restore() {
  const kept = HAND.load().value;
  if (!kept) return;
  for (const id of FIELDS) if (typeof kept[id] === "string") $(id).value = kept[id];
  $("crib").checked = kept.crib === true;
}

// A hand's link: the fields as typed and the settings, in the fragment after "h1." (the
// page fills its fields from it and asks the referee, as a deal's share link does).
const HAND_LINK = "h1.";

function handLink() {
  const said = new URLSearchParams({ hand: $("hand").value.trim(), starter: $("starter").value.trim(),
    claimed: $("claimed").value, crib: $("crib").checked ? "yes" : "no", variant: $("variant").value,
    ruleset: $("ruleset").value, muggins: $("muggins").checked ? "yes" : "no" });
  return linkOf(HAND_LINK + said.toString());
}

function offerLink(out) {
  const link = handLink();
  const qr = qrCanvas(link);
  if (qr) qr.id = "hand-qr";
  out.append(el("div", { class: "share", id: "hand-share" }, el("h3", {}, "Send this count"),
    el("p", {}, el("a", { id: "hand-share-link", href: link }, link)),
    qr || el("p", { class: "note" }, "The link is too long for a QR code: send the link.")));
}

// Open a hand's link in the address bar, if it is one.
export async function openLink() {
  if (!location.hash.startsWith("#" + HAND_LINK)) return;
  const said = new URLSearchParams(location.hash.slice(1 + HAND_LINK.length));
  openSection("show");
  for (const [id, value] of [["variant", said.get("variant")], ["ruleset", said.get("ruleset")]]) {
    if (value && [...$(id).options].some((option) => option.value === value)) {
      $(id).value = value;
      $(id).dispatchEvent(new Event("change"));
    }
  }
  $("muggins").checked = said.get("muggins") === "yes";
  $("muggins").dispatchEvent(new Event("change"));
  for (const id of FIELDS) $(id).value = said.get(id) || "";
  $("crib").checked = said.get("crib") === "yes";
  keep();
  markUsed();
  await countHand({ preventDefault() {} });
}

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
  keep();
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
  const answer = await ask("/v1/hands/check", body, out, "Counting…", showHand,
    (problem) => explain(problem, body, locate));
  if (answer !== null) offerLink(out);
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
  restore();
  markUsed();
  $("hand-form").addEventListener("input", keep);
  $("hand-form").addEventListener("change", keep);
  window.addEventListener("hashchange", openLink);
  $("hand-form").addEventListener("submit", countHand);
  $("hand").addEventListener("input", markUsed);
  $("starter").addEventListener("input", markUsed);
  $("clear-hand").addEventListener("click", () => {
    // Everything: a crib left ticked would count the next hand as a crib.
    $("hand").value = ""; $("starter").value = ""; $("claimed").value = ""; $("crib").checked = false;
    startOver($("hand-result"), $("hand-form"));
    markUsed();
    keep();
    $("hand").focus();
  });
}
