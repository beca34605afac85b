// A ruling you can send: the record packed into the link's fragment (docs/notation.md,
// "Share links"), opened on any device by filling the page and asking the referee again.
// The fragment never leaves the browser, so nothing is kept on the server. The link is
// also drawn as a QR code while it fits one a phone reads off a screen, and the ruling
// has a print view (share.css).
import { $, canonical, el, facts, nameText, sideText } from "./common.js";
import { openSection } from "./tabs.js";
import qrcode from "./vendor/qrcode.js";

export const PREFIX = "r1.";
const VARIANTS = ["six-card", "five-card", "three-player", "four-player", "seven-card"];
const RULESETS = ["acc", "hoyle", "english", "friendly"];
const RANKS = "A23456789TJQK";
const SUITS = "SHDC";
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
// The largest QR code drawn: version 25 (117 modules a side) at level M holds 997
// characters, and a phone camera still reads it off a phone's screen.
export const QR_VERSION = 25;
export const QR_LEVEL = "M";
// Bounds a decoder keeps to, so a hostile link cannot make it build a huge page.
const MOST = { players: 8, name: 100, deals: 200, cards: 20, events: 120, number: 999999 };

export class ShareError extends Error {}

// --- reading the notation the page writes (and the library's canonical text) ---------------

const KEYWORD = /^\s*(scores|deal|dealt|discards|crib[\s_-]*card|starter|play|show|ruleset|muggins|hands|in[\s_-]*progress)\s*(:|$)/i;

function tokens(text) {
  const out = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "#") { while (i < text.length && text[i] !== "\n") i += 1; continue; }
    if (/[,;\n]/.test(c)) { out.push({ sep: true }); i += 1; continue; }
    if (/\s/.test(c)) { i += 1; continue; }
    if (c === "&") { out.push({ amp: true }); i += 1; continue; }
    if (c === '"') {
      let value = "";
      i += 1;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === "\\") i += 1;
        value += text[i] ?? "";
        i += 1;
      }
      if (i >= text.length) throw new ShareError("a name's quote is not closed");
      i += 1;
      out.push({ word: value, quoted: true });
      continue;
    }
    let word = "";
    while (i < text.length && !/[\s,;&"#]/.test(text[i])) { word += text[i]; i += 1; }
    out.push({ word });
  }
  return out;
}

// The items of a section: the runs of tokens between separators.
function items(text) {
  const out = [[]];
  for (const token of tokens(text)) {
    if (token.sep) out.push([]); else out[out.length - 1].push(token);
  }
  return out.filter((item) => item.length);
}

function seatOf(token, players) {
  if (!token || token.amp) throw new ShareError("a name is missing");
  const exact = players.indexOf(token.word);
  if (exact >= 0) return exact;
  const loose = players.filter((name) => name.toLowerCase() === token.word.toLowerCase());
  if (loose.length === 1 && !token.quoted) return players.indexOf(loose[0]);
  throw new ShareError(`'${token.word}' is not one of the players`);
}

function card(word) {
  const found = canonical(word);
  if (!found) throw new ShareError(`'${word}' is not a card`);
  return RANKS.indexOf(found[0]) * 4 + SUITS.indexOf(found[1]);
}

function claims(words) {
  const out = {};
  for (const word of words) {
    for (const [, sign, digits] of word.matchAll(/([=+])(\d+)/g)) out[sign === "=" ? "claimed" : "go"] = Number(digits);
    if (!/^([=+]\d+)*$/.test(word)) throw new ShareError(`'${word}' is not a claim`);
  }
  return out;
}

function cardsOf(text, players) {
  const out = players.map(() => []);
  for (const item of items(text)) out[seatOf(item[0], players)] = item.slice(1).map((t) => card(t.word));
  return out;
}

function events(text, players) {
  return items(text).map((item) => {
    const seat = seatOf(item[0], players);
    if (!item[1]) throw new ShareError("a play names no card");
    const [, what, glued] = /^([^=+]*)(.*)$/.exec(item[1].word);
    const said = claims([glued, ...item.slice(2).map((t) => t.word)].filter(Boolean));
    return { seat, card: what.toLowerCase() === "go" ? null : card(what), ...said };
  });
}

function sideWords(item) {
  const names = [];
  let i = 0;
  for (; i < item.length; i += 1) {
    if (item[i].amp) continue;
    if (i > 0 && !item[i - 1].amp) break;
    names.push(item[i].word);
  }
  return { names, rest: item.slice(i) };
}

function number(word) {
  if (!/^\d{1,6}$/.test(word || "")) throw new ShareError(`'${word}' is not a number`);
  return Number(word);
}

// The record in a notation text: {variant, target, players, sides (seat indexes) or null,
// scores (by side) or null, game, deals: [...]}.
export function readNotation(text, settings) {
  const lines = text.split("\n");
  const first = lines.findIndex((line) => line.trim() !== "" && !line.trim().startsWith("#"));
  const table = /^\s*([\w-]+) to (\d+)\s*:(.*)$/.exec(lines[first] || "");
  if (!table) throw new ShareError("the record has no table line");
  const [, variant, target, seatsText] = table;
  const [seatItem, sidesItem] = items(seatsText);
  const players = seatItem.map((t) => t.word);
  let sides = null;
  if (sidesItem) {
    if (sidesItem[0].word !== "sides") throw new ShareError("the table line is not one the page writes");
    sides = [];
    let rest = sidesItem.slice(1);
    while (rest.length) {
      const side = sideWords(rest);
      sides.push(side.names.map((name) => seatOf({ word: name }, players)));
      rest = side.rest;
    }
  }
  const sections = [];
  for (const line of lines.slice(first + 1)) {
    const keyword = KEYWORD.exec(line);
    if (keyword) sections.push({ key: keyword[1].toLowerCase().replace(/[\s_-]+/g, " "), text: line.slice(keyword[0].length) });
    else if (sections.length) sections[sections.length - 1].text += "\n" + line;
    else if (line.trim() && !line.trim().startsWith("#")) throw new ShareError("a line before the record's first section");
  }
  const record = { variant, target: Number(target), players, sides, scores: null, game: false, deals: [],
    ruleset: settings.ruleset, muggins: settings.muggins };
  const sideNames = sides ? sides.map((side) => side.map((i) => players[i]).join("&")) : players;
  let deal = null;
  const open = () => {
    deal = { dealt: players.map(() => []), discards: players.map(() => []), cribCard: null, starter: null,
      heels: null, plays: null, hands: players.map(() => null), crib: null, inProgress: false };
    record.deals.push(deal);
  };
  for (const { key, text: body } of sections) {
    if (key === "ruleset") { record.ruleset = body.trim().toLowerCase(); continue; }
    if (key === "muggins") { record.muggins = /^\s*yes\s*$/i.test(body); continue; }
    if (key === "hands") throw new ShareError("a play on its own is not shared");
    if (key === "scores" && !deal) {
      record.scores = sideNames.map(() => 0);
      for (const item of items(body)) {
        const side = sideWords(item);
        const i = sideNames.findIndex((name) => name.split("&").sort().join("&") === [...side.names].sort().join("&"));
        if (i < 0) throw new ShareError(`'${side.names.join("&")}' is not a side at the table`);
        record.scores[i] = number(side.rest[0] && side.rest[0].word);
      }
      continue;
    }
    if (key === "deal") { record.game = true; open(); continue; }
    if (!deal) open();
    if (key === "dealt") deal.dealt = cardsOf(body, players);
    else if (key === "discards") deal.discards = cardsOf(body, players);
    else if (key === "crib card") deal.cribCard = card(body.trim());
    else if (key === "starter") {
      const [item] = items(body);
      const [, what, glued] = /^([^=+]*)(.*)$/.exec(item[0].word);
      deal.starter = card(what);
      const said = claims([glued, ...item.slice(1).map((t) => t.word)].filter(Boolean));
      deal.heels = said.claimed ?? null;
    } else if (key === "play") deal.plays = events(body, players);
    else if (key === "show") {
      for (const item of items(body)) {
        const value = number(item[item.length - 1].word.replace(/^=/, ""));
        if (item[0].word.toLowerCase() === "crib" && !item[0].quoted) deal.crib = value;
        else deal.hands[seatOf(item[0], players)] = value;
      }
    } else if (key === "in progress") deal.inProgress = true;
  }
  if (!record.deals.length) throw new ShareError("the record has no deal");
  return record;
}

// --- the record as notation again (canonical) ------------------------------------------------

export function cardText(index) { return RANKS[index >> 2] + SUITS[index & 3]; }

export function sideNamesOf(record) {
  return record.sides ? record.sides.map((side) => side.map((i) => record.players[i]).join("&")) : record.players;
}

function eventText(record, event) {
  return `${nameText(record.players[event.seat])} ${event.card === null ? "go" : cardText(event.card)}`
    + (event.claimed !== undefined ? ` =${event.claimed}` : "") + (event.go !== undefined ? ` +${event.go}` : "");
}

function dealLines(record, deal) {
  const mapping = (cards) => record.players.map((name, i) => [nameText(name), ...cards[i].map(cardText)].join(" ")).join("; ");
  const out = [`dealt: ${mapping(deal.dealt)}`, `discards: ${mapping(deal.discards)}`];
  if (deal.cribCard !== null) out.push(`crib card: ${cardText(deal.cribCard)}`);
  if (deal.starter !== null) out.push(`starter: ${cardText(deal.starter)}${deal.heels !== null ? ` =${deal.heels}` : ""}`);
  if (deal.plays !== null) out.push(`play: ${deal.plays.map((event) => eventText(record, event)).join(", ")}`.trimEnd());
  const show = record.players.map((name, i) => (deal.hands[i] === null ? null
    : `${name === "crib" ? '"crib"' : nameText(name)} =${deal.hands[i]}`)).filter(Boolean);
  if (deal.crib !== null) show.push(`crib =${deal.crib}`);
  if (show.length) out.push(`show: ${show.join("; ")}`);
  if (deal.inProgress) out.push("in progress");
  return out;
}

export function tableText(record) {
  const line = `${record.variant} to ${record.target}: ${record.players.map(nameText).join(" ")}`;
  return record.sides ? `${line}; sides ${sideNamesOf(record).map(sideText).join(" ")}` : line;
}

export function notationOf(record) {
  const out = [tableText(record)];
  if (record.scores) out.push(`scores: ${sideNamesOf(record).map((side, i) => `${sideText(side)} ${record.scores[i]}`).join("; ")}`);
  record.deals.forEach((deal, k) => {
    if (record.game) out.push(`deal: ${k + 1}`);
    out.push(...dealLines(record, deal));
  });
  return out.join("\n") + "\n";
}

// --- packing: bits, then base64url -----------------------------------------------------------

class Bits {
  constructor() { this.bits = []; }
  put(value, width) { for (let i = width - 1; i >= 0; i -= 1) this.bits.push((value >> i) & 1); }
  flag(on) { this.put(on ? 1 : 0, 1); }
  // A number in groups of four bits: a flag (another group follows), then three bits of
  // the number, the lowest three first.
  number(value) {
    let rest = value;
    do {
      const low = rest & 7;
      rest = Math.floor(rest / 8);
      this.put(rest > 0 ? 1 : 0, 1);
      this.put(low, 3);
    } while (rest > 0);
  }
  text(value) {
    const bytes = new TextEncoder().encode(value);
    this.number(bytes.length);
    for (const byte of bytes) this.put(byte, 8);
  }
  base64() {
    let out = "";
    for (let i = 0; i < this.bits.length; i += 6) {
      let value = 0;
      for (let j = 0; j < 6; j += 1) value = value * 2 + (this.bits[i + j] || 0);
      out += BASE64URL[value];
    }
    return out;
  }
}

class Reader {
  constructor(payload) {
    this.bits = [];
    for (const c of payload) {
      const value = BASE64URL.indexOf(c);
      if (value < 0) throw new ShareError(`The link has a character no share link has (${JSON.stringify(c)}): it was changed on its way.`);
      for (let j = 5; j >= 0; j -= 1) this.bits.push((value >> j) & 1);
    }
    this.at = 0;
  }
  get(width) {
    if (this.at + width > this.bits.length) throw new ShareError("The link is cut short: ask for it again, whole.");
    let value = 0;
    for (let i = 0; i < width; i += 1) value = value * 2 + this.bits[this.at + i];
    this.at += width;
    return value;
  }
  flag() { return this.get(1) === 1; }
  number(most) {
    let value = 0;
    let scale = 1;
    let more = true;
    while (more) {
      more = this.flag();
      value += this.get(3) * scale;
      scale *= 8;
      if (value > (most ?? MOST.number)) throw damaged("a number too large");
    }
    return value;
  }
  text() {
    const bytes = new Uint8Array(this.number(MOST.name));
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = this.get(8);
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch (error) {
      throw damaged("a name that is not text");
    }
  }
  card() {
    const value = this.get(6);
    if (value >= 52) throw damaged("a card that does not exist");
    return value;
  }
  // What is left is the padding of the last character: at most five bits, all zero.
  end() {
    const rest = this.bits.slice(this.at);
    if (rest.length >= 6 || rest.some(Boolean)) throw damaged("more than a record");
  }
}

function damaged(what) { return new ShareError(`The link is damaged or was changed (${what}): ask for it again.`); }

function width(values) { return Math.max(1, Math.ceil(Math.log2(values))); }

// The cards a seat holds for the play: dealt, less those laid away, in the order dealt.
function kept(deal, seat) { return deal.dealt[seat].filter((c) => !deal.discards[seat].includes(c)); }

export function pack(record) {
  const bits = new Bits();
  const variant = VARIANTS.indexOf(record.variant);
  const ruleset = RULESETS.indexOf(record.ruleset);
  if (variant < 0 || ruleset < 0) throw new ShareError("a game or rules the link cannot say");
  bits.flag(record.game);
  bits.put(variant, 3);
  bits.put(ruleset, 2);
  bits.flag(record.muggins);
  bits.number(record.target);
  bits.number(record.players.length);
  record.players.forEach((name) => bits.text(name));
  const seat = width(record.players.length);
  bits.flag(record.sides !== null);
  if (record.sides) {
    bits.number(record.sides.length);
    for (const side of record.sides) { bits.number(side.length); side.forEach((i) => bits.put(i, seat)); }
  }
  bits.flag(record.scores !== null);
  if (record.scores) record.scores.forEach((points) => bits.number(points));
  if (record.game) bits.number(record.deals.length);
  for (const deal of record.deals) {
    record.players.forEach((_, i) => {
      bits.number(deal.dealt[i].length);
      deal.dealt[i].forEach((c) => bits.put(c, 6));
    });
    // The discards as a mark on each card dealt, and any card laid away that was not.
    record.players.forEach((_, i) => {
      deal.dealt[i].forEach((c) => bits.flag(deal.discards[i].includes(c)));
      const others = deal.discards[i].filter((c) => !deal.dealt[i].includes(c));
      bits.flag(others.length > 0);
      if (others.length) { bits.number(others.length); others.forEach((c) => bits.put(c, 6)); }
    });
    bits.flag(deal.cribCard !== null);
    if (deal.cribCard !== null) bits.put(deal.cribCard, 6);
    bits.flag(deal.starter !== null);
    if (deal.starter !== null) bits.put(deal.starter, 6);
    bits.flag(deal.heels !== null);
    if (deal.heels !== null) bits.number(deal.heels);
    bits.flag(deal.plays !== null);
    if (deal.plays !== null) {
      bits.number(deal.plays.length);
      for (const event of deal.plays) {
        bits.put(event.seat, seat);
        // The card as its place in the hand kept for the play, or go, or any other card.
        const hand = kept(deal, event.seat);
        const symbol = width(hand.length + 2);
        const at = event.card === null ? -1 : hand.indexOf(event.card);
        if (event.card === null) bits.put(hand.length, symbol);
        else if (at >= 0) bits.put(at, symbol);
        else { bits.put(hand.length + 1, symbol); bits.put(event.card, 6); }
        bits.flag(event.claimed !== undefined);
        if (event.claimed !== undefined) bits.number(event.claimed);
        bits.flag(event.go !== undefined);
        if (event.go !== undefined) bits.number(event.go);
      }
    }
    for (const claim of [...deal.hands, deal.crib]) {
      bits.flag(claim !== null);
      if (claim !== null) bits.number(claim);
    }
    bits.flag(deal.inProgress);
  }
  return PREFIX + bits.base64();
}

export function unpack(fragment) {
  const text = fragment.replace(/^#/, "");
  const version = /^r(\d+)\./.exec(text);
  if (!version) throw new ShareError("This is not a share link: its part after # does not start r1.");
  if (version[1] !== "1") {
    throw new ShareError(`This link was written in version ${version[1]} of the share format; this scorepad reads version 1.`);
  }
  const bits = new Reader(text.slice(version[0].length));
  const game = bits.flag();
  const variant = VARIANTS[bits.get(3)];
  const ruleset = RULESETS[bits.get(2)];
  if (!variant || !ruleset) throw damaged("a game or rules that do not exist");
  const muggins = bits.flag();
  const target = bits.number();
  const count = bits.number(MOST.players);
  if (count < 2) throw damaged("fewer than two players");
  const players = Array.from({ length: count }, () => bits.text());
  if (new Set(players).size !== count || players.some((name) => name === "")) throw damaged("a player seated twice");
  const seat = width(count);
  const seatIndex = () => {
    const i = bits.get(seat);
    if (i >= count) throw damaged("a seat that is not at the table");
    return i;
  };
  let sides = null;
  if (bits.flag()) {
    sides = Array.from({ length: bits.number(count) }, () => Array.from({ length: bits.number(count) }, seatIndex));
  }
  const sideCount = sides ? sides.length : count;
  const scores = bits.flag() ? Array.from({ length: sideCount }, () => bits.number()) : null;
  const dealCount = game ? bits.number(MOST.deals) : 1;
  if (dealCount < 1) throw damaged("no deal");
  const deals = [];
  for (let k = 0; k < dealCount; k += 1) {
    const dealt = players.map(() => Array.from({ length: bits.number(MOST.cards) }, () => bits.card()));
    const discards = dealt.map((hand) => {
      const laid = hand.filter(() => bits.flag());
      if (bits.flag()) laid.push(...Array.from({ length: bits.number(MOST.cards) }, () => bits.card()));
      return laid;
    });
    const deal = { dealt, discards, cribCard: null, starter: null, heels: null, plays: null,
      hands: [], crib: null, inProgress: false };
    if (bits.flag()) deal.cribCard = bits.card();
    if (bits.flag()) deal.starter = bits.card();
    if (bits.flag()) deal.heels = bits.number();
    if (bits.flag()) {
      deal.plays = Array.from({ length: bits.number(MOST.events) }, () => {
        const who = seatIndex();
        const hand = kept(deal, who);
        const symbol = bits.get(width(hand.length + 2));
        if (symbol > hand.length + 1) throw damaged("a card that is no card of the hand");
        const event = { seat: who, card: symbol === hand.length ? null : symbol < hand.length ? hand[symbol] : bits.card() };
        if (bits.flag()) event.claimed = bits.number();
        if (bits.flag()) event.go = bits.number();
        return event;
      });
    }
    deal.hands = players.map(() => (bits.flag() ? bits.number() : null));
    if (bits.flag()) deal.crib = bits.number();
    deal.inProgress = bits.flag();
    twice(deal, k, game);
    deals.push(deal);
  }
  bits.end();
  return { variant, ruleset, muggins, target, players, sides, scores, game, deals };
}

// A card dealt twice (or dealt and cut) cannot come from a real deal: a link that says so
// was changed, and is refused here in words rather than sent.
function twice(deal, k, game) {
  const seen = new Set();
  for (const c of [...deal.dealt.flat(), ...(deal.cribCard === null ? [] : [deal.cribCard]),
    ...(deal.starter === null ? [] : [deal.starter])]) {
    if (seen.has(c)) {
      throw new ShareError(`The link is damaged or was changed: ${game ? `deal ${k + 1} has` : "the deal has"} the ${cardText(c)} twice. Ask for it again.`);
    }
    seen.add(c);
  }
}

// --- on the page ---------------------------------------------------------------------------

export function linkOf(fragment) {
  return `${location.origin}${location.pathname}#${fragment}`;
}

// The link as a QR code on a canvas, or null when it does not fit the largest one drawn.
export function qrCanvas(link) {
  let code;
  try {
    code = qrcode(0, QR_LEVEL);
    code.addData(link, "Byte");
    code.make();
  } catch (error) {
    return null;
  }
  const modules = code.getModuleCount();
  const version = (modules - 17) / 4;
  if (version > QR_VERSION) return null;
  const scale = 4;
  const quiet = 4;
  const size = (modules + 2 * quiet) * scale;
  const canvas = el("canvas", { width: size, height: size, class: "qr", role: "img", id: "share-qr",
    "data-version": version, "aria-label": "The share link as a QR code, to open on a phone" });
  const pen = canvas.getContext("2d");
  pen.fillStyle = "#fff";
  pen.fillRect(0, 0, size, size);
  pen.fillStyle = "#000";
  for (let r = 0; r < modules; r += 1) {
    for (let c = 0; c < modules; c += 1) {
      if (code.isDark(r, c)) pen.fillRect((c + quiet) * scale, (r + quiet) * scale, scale, scale);
    }
  }
  return canvas;
}

// The share panel under a ruling: the link, the QR code while it fits, and print.
export function offerShare(out, text, settings) {
  let fragment;
  try {
    fragment = pack(readNotation(text, settings));
  } catch (error) {
    if (!(error instanceof ShareError)) throw error;
    out.append(el("p", { class: "note", id: "share-none" }, `This ruling cannot be sent as a link: ${error.message}.`));
    return;
  }
  const link = linkOf(fragment);
  const qr = qrCanvas(link);
  const copy = el("button", { type: "button", class: "secondary", id: "share-copy" }, "Copy the link");
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link);
      status.textContent = "Copied.";
    } catch (error) {
      status.textContent = "The browser would not copy: select the link and copy it.";
    }
  });
  const print = el("button", { type: "button", class: "secondary", id: "share-print" }, "Print the ruling");
  print.addEventListener("click", () => { document.body.classList.add("share-printing"); window.print(); });
  const status = el("span", { class: "note", "aria-live": "polite" });
  out.append(el("div", { class: "share", id: "share" },
    el("h3", {}, "Send this ruling"),
    el("p", { class: "note" }, "The link holds the whole record; opened on any device, the page asks the referee again. "
      + "Nothing is kept on the server."),
    el("p", {}, el("a", { id: "share-link", href: link, "data-length": link.length }, link)),
    qr || el("p", { class: "note", id: "share-no-qr" }, `The link (${link.length} characters) is too long for a QR code a phone reads off a screen: send the link.`),
    el("div", { class: "buttons" }, copy, print, status)));
}

function problem(message) {
  let box = $("share-problem");
  if (!box) {
    box = el("div", { id: "share-problem", class: "error problems-box", role: "alert", tabindex: "-1" });
    $("table").before(box);
  }
  box.replaceChildren(el("p", {}, el("strong", {}, "This share link cannot be opened. "), message));
  box.hidden = false;
  box.focus();
}

// Open the link in the address bar, if it is one: fill the page, then ask the referee.
// `over(open)` runs the opening (keep.js keeps the game it replaces first).
export async function openShared(openDeal, openGame, over = (open) => open()) {
  const hash = location.hash;
  if (!/^#r\d/.test(hash)) return;
  // The ruling is the deal's, on its tab; a link that cannot be opened is told there too.
  openSection("deal");
  const old = $("share-problem");
  if (old) old.hidden = true;
  let record;
  try {
    record = unpack(hash);
    if (!facts(record.variant) || facts(record.variant).players !== record.players.length) {
      throw new ShareError(`The link seats ${record.players.length} players at a ${record.variant} game.`);
    }
  } catch (error) {
    problem(error instanceof ShareError ? error.message : "The link is damaged or was changed: ask for it again.");
    return;
  }
  await over(async () => {
    $("variant").value = record.variant;
    $("variant").dispatchEvent(new Event("change"));
    $("ruleset").value = record.ruleset;
    $("ruleset").dispatchEvent(new Event("change"));
    $("muggins").checked = record.muggins;
    $("muggins").dispatchEvent(new Event("change"));
    if (record.game) {
      await openGame(record, record.deals.map((deal) => dealLines(record, deal)));
    } else {
      await openDeal(record, record.deals[0], record.deals[0].plays === null ? "" : record.deals[0].plays
        .map((event) => eventText(record, event)).join("\n"));
    }
  });
}

export function setUpShare(openDeal, openGame, over) {
  window.addEventListener("afterprint", () => document.body.classList.remove("share-printing"));
  window.addEventListener("hashchange", () => openShared(openDeal, openGame, over));
  return openShared(openDeal, openGame, over);
}
