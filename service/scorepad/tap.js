// @ts-check
// A deal tapped, not typed: its cards on the picker (each seat's dealt cards, then the
// ones it lays away, tapped from them; the crib card; the starter), then the play card by
// card with the live referee offering only the cards that may be laid. The taps fill the
// deal's own fields, so a deal tapped is checked, kept and typed over as a deal typed.
import { $, ask, canonical, cards, el, explain, facts, rulingSettings, seatCount } from "./common.js";
import { dealInForm } from "./deal.js";
import { buildPicker, markPicker } from "./picker.js";
import { turn } from "./play.js";

// The field the next tap goes to (null: the first one not full), and whether the
// director chose it (by the focus): a field chosen full takes its cards back on a tap.
let target = null;
let chosen = false;

// The fields a deal's cards are tapped into, in the order they are entered.
function steps() {
  const known = facts();
  const list = [];
  for (let i = 0; i < seatCount(); i += 1) {
    list.push({ field: $(`seat-dealt-${i}`), size: known.dealt, kind: "dealt", seat: i });
    list.push({ field: $(`seat-discards-${i}`), size: known.to_crib, kind: "discards", seat: i });
  }
  if (known.crib_card) list.push({ field: $("deal-crib-card"), size: known.crib_card, kind: "crib" });
  list.push({ field: $("deal-starter"), size: 1, kind: "starter" });
  return list;
}

function held(field) { return cards(field.value).map(canonical).filter(Boolean); }

function full(step) { return held(step.field).length >= step.size; }

function seatName(i) { return $(`seat-name-${i}`).value.trim() || $(`seat-name-${i}`).placeholder; }

// The step the taps go to now: the field chosen (by a tap or by the focus), while it has
// room; else the first one after it with room, else the first with room at all.
function current() {
  const all = steps();
  const at = all.findIndex((step) => step.field === target);
  if (at >= 0 && (chosen || !full(all[at]))) return all[at];
  return all.slice(at + 1).find((step) => !full(step)) || all.find((step) => !full(step)) || null;
}

function put(field, list) {
  field.value = list.join(" ");
  // As typing would: the deal changed, so it is no longer the deal checked.
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

function tap(card) {
  const now = current();
  if (now && now.kind === "discards") {
    const dealt = $(`seat-dealt-${now.seat}`);
    const away = held(now.field);
    if (away.includes(card)) put(now.field, away.filter((c) => c !== card));
    else if (held(dealt).includes(card) && !full(now)) put(now.field, [...away, card]);
    target = now.field;
  } else {
    // A card already in the deal is taken back from where it is (and from the discards
    // of the hand it was dealt to), and the taps go there again.
    const holder = steps().find((step) => step.kind !== "discards" && held(step.field).includes(card));
    if (holder) {
      put(holder.field, held(holder.field).filter((c) => c !== card));
      if (holder.kind === "dealt") {
        const away = $(`seat-discards-${holder.seat}`);
        put(away, held(away).filter((c) => c !== card));
      }
      target = holder.field;
    } else if (now && !full(now)) {
      put(now.field, [...held(now.field), card]);
      target = now.field;
    }
  }
  chosen = false;
  const before = now;
  refresh();
  // The last card in: the play follows, card by card (unless the deal is its show only).
  if (before && current() === null && !$("show-only").checked && !$("deal-record").value.trim()) playStep();
}

// Mark the field the taps go to, say what to tap, and grey the cards taken; while a seat
// lays away, only its dealt cards can be tapped.
function refresh() {
  const now = current();
  const all = steps();
  for (const step of all) step.field.classList.toggle("tap-target", now !== null && step.field === now.field);
  const status = $("deal-tap-status");
  if (now === null) {
    status.textContent = $("show-only").checked
      ? "Every card is in. Type the claims, then press Check the deal."
      : "Every card is in. The play follows, card by card; then the claims.";
    markPicker($("deal-picker"), new Set(all.flatMap((step) => held(step.field))));
    return;
  }
  const count = held(now.field).length;
  const words = {
    dealt: () => `Tap the ${now.size} cards dealt to ${seatName(now.seat)} (${count} in).`,
    discards: () => `Tap the ${now.size === 1 ? "card" : `${now.size} cards`} ${seatName(now.seat)} laid away, from the cards dealt (${count} in).`,
    crib: () => "Tap the card dealt to the crib.",
    starter: () => "Tap the starter (the cut card).",
  }[now.kind];
  status.textContent = words();
  if (now.kind === "discards") {
    markPicker($("deal-picker"), new Set(held(now.field)), new Set(held($(`seat-dealt-${now.seat}`))));
  } else {
    markPicker($("deal-picker"), new Set(all.flatMap((step) => held(step.field))));
  }
}

// --- the play, card by card ---------------------------------------------------------------

const OVER = " Type the claims, then press Check the deal.";

async function playStep() {
  const live = $("deal-live");
  // Busy at once: the turn shown is no longer the turn while the names are asked for.
  live.replaceChildren(el("p", { class: "busy" }, "Asking the referee…"));
  const { notation, where } = await dealInForm();
  // The claims wait for the end of the play: sent with a play in progress, they would be
  // claimed out of their turn.
  const show = notation.lines.indexOf("show:");
  if (show >= 0) { notation.lines.length = show; notation.spots.length = show; }
  notation.add("in progress");
  const text = notation.text();
  const body = { notation: text, ...rulingSettings(text) };
  live.hidden = false;
  const answer = await ask("/v1/deals/check", body, live, "Asking the referee…", (r) => view(r.next),
    (problem) => explain(problem, body, where, notation));
  if (answer === null) return;
  const first = live.querySelector("button.card-choice");
  if (first) first.focus();
  else if (answer.next.phase === "show" || answer.next.phase === "over") $("seat-claim-0").focus();
}

function view(next) {
  if (next.phase === "discard" || next.phase === "cut") {
    return [el("p", { class: "error", role: "alert", id: "deal-turn" },
      `Enter ${next.phase === "cut" ? "the starter" : "every card laid away"} first: card by card, the referee needs the hands to know who may lay what.`)];
  }
  return turn(next, { lay, undo, prefix: "deal-", over: OVER });
}

function lay(line) {
  const record = $("deal-record");
  record.value = record.value.trimEnd() + (record.value.trim() ? "\n" : "") + line;
  record.dispatchEvent(new Event("input", { bubbles: true }));
  playStep();
}

function undo() {
  const record = $("deal-record");
  const lines = record.value.trimEnd().split("\n");
  lines.pop();
  record.value = lines.join("\n");
  record.dispatchEvent(new Event("input", { bubbles: true }));
  playStep();
}

function showOnly() {
  $("deal-play-row").hidden = $("show-only").checked;
  refresh();
}

// A new deal or a new game empties the fields: the taps start again at the first seat.
function again() {
  target = null;
  chosen = false;
  $("deal-live").hidden = true;
  $("deal-live").replaceChildren();
  refresh();
}

export function setUpTap() {
  buildPicker($("deal-picker"), tap);
  const form = $("deal-form");
  // A card field chosen by the focus is where the taps go.
  form.addEventListener("focusin", (event) => {
    if (steps().some((step) => step.field === event.target)) { target = event.target; chosen = true; refresh(); }
  });
  form.addEventListener("input", refresh);
  $("show-only").addEventListener("change", showOnly);
  $("deal-live-play").addEventListener("click", playStep);
  for (const id of ["next-deal", "new-game"]) $(id).addEventListener("click", again);
  $("variant").addEventListener("change", again);
  refresh();
}
