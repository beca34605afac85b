// @ts-check
// What every section of the scorepad shares: building nodes, reading cards and records,
// asking the referee, and telling the director what went wrong in the table's words.
import { Entry } from "./store.js";

// The page's element by id: typed loosely (an input, a button, a list), as the page
// knows which each id is.
/** @param {string} id @returns {any} */
export function $(id) { return document.getElementById(id); }

export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value; else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// --- cards -------------------------------------------------------------------------

// The pack as the server reads it (GET /v1/cards, fetched with the variants): every
// spelling of each card, and how people write it. The page looks cards up; it reads none.
let SPELLED = new Map();
let SHOWN = new Map();

// The card a director typed, in the referee's canonical form ("10♥" → "TH"), or null.
// Only for showing which cards are taken: the referee itself judges every card sent.
export function canonical(text) { return SPELLED.get(text.trim()) ?? null; }

// A card as people write it: "TH" → "10♥".
export function cardText(card) { return SHOWN.get(card) ?? card; }

// The cards typed in a field. A rank and a suit typed apart ("10 H": neither a card,
// together one in the pack) stay one card, so the referee refuses one card, not two.
export function cards(text) {
  const out = [];
  for (const word of text.split(/[\s,]+/).filter(Boolean)) {
    const last = out[out.length - 1];
    if (last !== undefined && !SPELLED.has(last) && !SPELLED.has(word) && SPELLED.has(last + word)) {
      out[out.length - 1] = last + " " + word;
    } else out.push(word);
  }
  return out;
}

// --- the table: the settings at the top of the page, and the seats ----------------------

// The Game, Rules and Muggins settings, as every request of the page sends them.
export function tableSettings() {
  return { variant: $("variant").value, ruleset: $("ruleset").value, muggins: $("muggins").checked };
}

// The settings a record in notation leaves to the JSON fields: the variant is the
// table line's, the ruleset and muggins are sent beside the text unless it says them.
export function rulingSettings(text) {
  const said = (word) => new RegExp(`^\\s*${word}\\s*:`, "im").test(text);
  return { ...(said("ruleset") ? {} : { ruleset: $("ruleset").value }),
    ...(said("muggins") ? {} : { muggins: $("muggins").checked }) };
}

// --- the record notation (docs/notation.md): the referee reads what was typed --------------

// Names as the notation writes them, bare or quoted: the server's (POST
// /v1/notation/names), asked for before a record is written (knowNames) and looked up as
// it is. A name not known goes as typed, and the referee says what is wrong with it.
const WRITTEN = new Map();

export async function knowNames(names) {
  const missing = [...new Set(names)].filter((name) => name && !WRITTEN.has(name));
  if (!missing.length) return;
  try {
    const response = await fetch("/v1/notation/names", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ names: missing }),
    });
    if (!response.ok) return;
    for (const each of (await response.json()).names) WRITTEN.set(each.name, each.notation);
  } catch (error) {
    // Offline: the check that follows says so.
  }
}

export function nameText(name) { return WRITTEN.get(name) ?? name; }

export function sideText(side) { return side.split("&").map(nameText).join("&"); }

// The table line: the variant, its target, the seats in play order (the dealer last), and
// the partnerships by the names they keep.
export function tableLine(players, sides) {
  const known = facts();
  const line = `${known.name} to ${known.target}: ${players.map(nameText).join(" ")}`;
  return sides && known.partnerships.length ? `${line}; sides ${sides.map(sideText).join(" ")}` : line;
}

// Typed text that is a record of its own (a table line or a section keyword): sent as typed.
export function wholeRecord(text) {
  return /^\s*(?:[\w-]+ to \d+\s*:|(?:hands|play|ruleset|muggins)\s*:)/im.test(text);
}

// A record being written for the referee, line by line. Each line keeps the spot it came
// from ({field, where, line} and, for a line of cards, what they are and where they
// start), so that a problem at a line and a column is told at its field.
export class Notation {
  constructor() { this.lines = []; this.spots = []; }

  add(line, spot) { this.lines.push(line); this.spots.push(spot || {}); }

  // One player's cards on a line of their own: "pone 5H 5C".
  cards(name, typed, field, what) {
    const head = `${nameText(name)} `;
    this.add(head + cards(typed).join(" "), { field, what, from: head.length });
  }

  // The lines a director typed in a field, as typed: the referee reads them.
  typed(text, field, what) {
    text.split("\n").forEach((line, i) => this.add(line,
      { field, line: i, where: `line ${i + 1} of ${what}`, card: `the card on line ${i + 1} of ${what}` }));
  }

  text() { return this.lines.join("\n") + "\n"; }

  // Where a problem the referee found at `line` and `column` is, in words.
  spot(error, locate) {
    const spot = this.spots[error.line - 1] || {};
    const text = this.lines[error.line - 1] || "";
    const token = tokenAt(text, error.column);
    const detail = error.detail.replace(/^line \d+, column \d+: /, "").replace(/ \(\/[^()]* in the record\)$/, "");
    const inner = /\((\/[^()]*) in the record\)$/.exec(error.detail);
    if (inner) {
      const found = locate("#" + inner[1], spot);
      return { ...found, field: found.field || spot.field, line: spot.line, value: token, detail };
    }
    if (spot.what && /expected a card/.test(detail)) {
      const before = text.slice(spot.from, error.column - 1).split(/\s+/).filter(Boolean).length;
      return { where: `the ${ordinal(before + 1)} card ${spot.what}`, field: spot.field, value: token, code: "invalid-card" };
    }
    if (spot.card && /expected a card/.test(detail)) {
      return { where: spot.card, field: spot.field, line: spot.line, value: token, code: "invalid-card" };
    }
    return { where: spot.where || "the record", field: spot.field, line: spot.line, value: token, detail };
  }
}

function tokenAt(text, column) {
  const match = /^(?:"((?:[^"\\]|\\.)*)"|([^\s,;]+))/.exec(text.slice(Math.max(column - 1, 0)));
  if (!match) return "";
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, "$1") : match[2];
}

// The variants' facts, as GET /v1/variants serves them (fetched once, at start): the
// page holds no rule of its own, so a seat count, a target or a crib card comes from here.
let VARIANTS = {};
const VARIANTS_KEPT = new Entry("muggins.variants", { schema: 1, what: "The variants' facts" });

export async function loadVariants() {
  let answer;
  try {
    const response = await fetch("/v1/variants");
    answer = await response.json();
    VARIANTS_KEPT.save(answer);
  } catch (error) {
    // Offline (the page's files from the service worker): the facts last fetched.
    answer = VARIANTS_KEPT.load().value;
    if (!answer) throw error;
  }
  VARIANTS = Object.fromEntries(answer.variants.map((facts) => [facts.name, facts]));
  await loadPack();
  // The Game menu says each variant's target as the referee has it.
  for (const option of $("variant").options) {
    const known = VARIANTS[option.value];
    if (known) option.textContent = `${option.textContent.replace(/\s*\(to \d+\)$/, "")} (to ${known.target})`;
  }
}

const PACK_KEPT = new Entry("muggins.cards", { schema: 1, what: "The pack's spellings" });

async function loadPack() {
  let answer;
  try {
    answer = await (await fetch("/v1/cards")).json();
    PACK_KEPT.save(answer);
  } catch (error) {
    answer = PACK_KEPT.load().value;
    if (!answer) throw error;
  }
  SPELLED = new Map(answer.cards.flatMap((card) => card.spellings.map((text) => [text, card.card])));
  SHOWN = new Map(answer.cards.map((card) => [card.card, card.shown]));
}

export function facts(variant) { return VARIANTS[variant || $("variant").value]; }

export function seatCount() { return facts().players; }

// Names offered where a variant has no seat names of its own; the director types theirs.
const NAMES = ["ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal"];

export function defaultNames(count) {
  const seats = facts().seats;
  return seats && seats.length === count ? seats : NAMES.slice(0, count);
}

// The names of a deal's seats when the director gives none: neutral letters, never the
// roles (pone, dealer), which change with every deal (issue 30, item 3.3).
export function neutralNames(count) { return "ABCDEFGH".slice(0, count).split(""); }

// The sides that keep a score: each player, or the variant's partnerships (pairs of seat
// indexes), named from the players in them ("ann&cy").
export function sidesOf(players) {
  const pairs = facts().partnerships;
  if (!pairs.length) return players;
  return pairs.map((pair) => pair.map((i) => players[i]).join("&"));
}

// Seats go round from the dealer's left; the dealer is last.
export function seatTitle(i, count) {
  if (i === count - 1) return "Dealer";
  if (count === 2) return "Pone";
  return i === 0 ? "Seat 1, the dealer's left" : `Seat ${i + 1}`;
}

// --- asking the referee -----------------------------------------------------------------

// Clear the last answer and every mark of a refused field before a new attempt.
export function startOver(out, form) {
  out.replaceChildren();
  for (const field of form.querySelectorAll("[aria-invalid]")) {
    field.removeAttribute("aria-invalid");
    field.classList.remove("invalid");
  }
}

// Show an answer or a problem and bring it to the director: scrolled into view, focused.
export function present(out, nodes) {
  out.replaceChildren(...nodes.filter(Boolean));
  // A problem is short: centred, the fields it names above it stay in sight longer.
  out.scrollIntoView({ block: out.querySelector(".problems-box") ? "center" : "start" });
  out.focus({ preventScroll: true });
}

// Ask the referee; the answer goes through render, a problem through explain.
export async function ask(path, body, out, busy, render, explain) {
  out.replaceChildren(el("p", { class: "busy" }, busy));
  let response;
  let answer;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    answer = await response.json();
  } catch (error) {
    present(out, [el("p", { class: "error", role: "alert" }, navigator.onLine
      ? "The referee could not be reached. Try again."
      : "You are offline: checks need the server. Check again once it is back.")]);
    return null;
  }
  if (!response.ok) {
    present(out, [explain(answer)]);
    return null;
  }
  present(out, render(answer));
  return answer;
}

// --- problems in the table's words --------------------------------------------------------

export function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return n + suffix;
}

// The value the request held at a JSON pointer ("#/hand/3" → the hand's 4th card).
export function at(body, pointer) {
  let value = body;
  for (const part of pointer.replace(/^#\/?/, "").split("/").filter(Boolean)) {
    if (value === null || value === undefined) return undefined;
    value = value[part];
  }
  return value;
}

// One refused field, in words: `where` says which field ("the 4th card of the hand").
export function sentence(where, code, value, detail) {
  const quoted = typeof value === "string" ? `'${value}'` : value;
  switch (code) {
    case "invalid-card":
      if (value === "") return `enter ${where}`;
      if (/\s/.test(String(value))) {
        return `${where}, ${quoted}, is not a card: write it without the space, as ${String(value).replace(/\s+/g, "")}`;
      }
      return `${where}, ${quoted}, is not a card`;
    case "duplicate-card":
      return `${where}, ${value}, is there twice (${detail})`;
    case "required":
      return `enter ${where}`;
    case "unknown-player":
      return `${where}: ${quoted} is not one of the players`;
    default:
      return `${where}: ${detail}`;
  }
}

// A problem+json answer as a list of sentences, each a link to the field it names, which
// is marked invalid. `locate(pointer)` gives {where, field, line} for a pointer.
let problemCount = 0;

export function explain(problem, body, locate, notation) {
  const list = el("ul", { class: "problems" });
  (problem.errors || []).forEach((error) => {
    const spot = notation && error.pointer === "#/notation" && error.line ? notation.spot(error, locate) : locate(error.pointer);
    const value = "value" in spot ? spot.value : at(body, error.pointer);
    const words = sentence(spot.where, spot.code || error.code, value, spot.detail ?? error.detail);
    problemCount += 1;
    const id = `problem-${problemCount}`;
    if (spot.field) {
      spot.field.setAttribute("aria-invalid", "true");
      spot.field.classList.add("invalid");
    }
    const link = spot.field ? el("a", { href: "#" + spot.field.id, id }, capital(words)) : capital(words);
    if (spot.field) link.addEventListener("click", (event) => { event.preventDefault(); showField(spot); });
    list.append(el("li", { "data-pointer": error.pointer, "data-code": error.code }, link));
  });
  const heading = (problem.errors || []).length === 1 ? "One thing to put right:"
    : problem.errors ? `${problem.errors.length} things to put right:` : problem.detail || problem.title;
  return el("div", { class: "error problems-box", role: "alert" }, el("p", {}, el("strong", {}, heading)),
    problem.errors ? list : null);
}

function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

// Take the director to a refused field; in a record, select the line it came from.
function showField(spot) {
  spot.field.focus();
  if (spot.line === undefined || !("setSelectionRange" in spot.field)) return;
  const lines = spot.field.value.split("\n");
  const start = lines.slice(0, spot.line).reduce((sum, line) => sum + line.length + 1, 0);
  spot.field.setSelectionRange(start, start + lines[spot.line].length);
}

// Where a pointer into a list of plays is, in words, and which line of the record.
export function playSpot(parts, line, field, what) {
  const i = Number(parts[0]);
  if (Number.isNaN(i)) return { where: what, field };
  const event = `the ${ordinal(i + 1)} play${line !== undefined ? ` (line ${line + 1})` : ""}`;
  const part = { player: "the name in", card: "the card in", claimed: "the claim in", go: "" }[parts[1]];
  return { where: part ? `${part} ${event}` : event, field, line };
}

// A finding's words, its rule ("ACC 8.4") a link into the rule book where the finding
// says (its `rulebook`, /rules#renege); the text is the same as without the link.
export function ruleWords(finding) {
  if (!finding.rule) return [finding.message];
  const rule = finding.rulebook ? el("a", { href: finding.rulebook, class: "rule" }, finding.rule) : finding.rule;
  const at = finding.message.indexOf(finding.rule);
  if (at < 0) return [finding.message, " (", rule, ")"];
  return [finding.message.slice(0, at), rule, finding.message.slice(at + finding.rule.length)];
}

// Findings, as the referee words them, with their rule.
export function findings(list, numberOf) {
  if (!list || !list.length) return null;
  const ul = el("ul", { class: "findings" });
  for (const finding of list) {
    ul.append(el("li", { "data-code": finding.code },
      numberOf ? numberOf(finding) : null,
      el("span", { class: "code" }, finding.code), " ", ...ruleWords(finding)));
  }
  return ul;
}

export function scoresText(scores) {
  return Object.entries(scores).map(([who, points]) => `${who} ${points}`).join(", ");
}

// The play as a table: with what was claimed and which rows a finding names (results.js).
export { playTable } from "./results.js";

export function playSummary(r) {
  return [
    el("p", { class: "totals" }, "Points in the play: " + scoresText(r.totals)),
    r.award ? el("p", { class: "award" }, el("strong", {}, "Pegged after the rulings: "), scoresText(r.award)) : null,
  ];
}
