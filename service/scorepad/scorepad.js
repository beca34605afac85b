// The scorepad: a thin page over the public API. No framework, no build step.
"use strict";

const SUITS = [["S", "♠"], ["H", "♥"], ["D", "♦"], ["C", "♣"]];
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];

function $(id) { return document.getElementById(id); }

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value; else node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function cards(text) { return text.split(/[\s,]+/).filter(Boolean); }

// Ask the referee; show progress, then the answer (through render) or the problem.
async function ask(path, body, out, busy, render) {
  out.replaceChildren(el("p", {}, busy));
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
    out.replaceChildren(el("p", { class: "error" }, "The referee could not be reached."));
    return;
  }
  out.replaceChildren(...(response.ok ? render(answer) : [problem(answer)]).filter(Boolean));
}

function problem(body) {
  const list = el("ul", { class: "findings" });
  for (const error of body.errors || []) {
    list.append(el("li", {}, el("span", { class: "code" }, error.pointer), " ", error.detail));
  }
  return el("div", { class: "error", role: "alert" },
    el("p", {}, el("strong", {}, body.title), body.detail ? ": " + body.detail : ""), list);
}

function findings(list) {
  if (!list || !list.length) return null;
  const ul = el("ul", { class: "findings", id: "findings" });
  for (const finding of list) {
    ul.append(el("li", { "data-code": finding.code },
      el("span", { class: "code" }, finding.code), " ", finding.message,
      finding.rule ? " (" + finding.rule + ")" : ""));
  }
  return ul;
}

// --- counting a hand ---------------------------------------------------------------

function buildPicker() {
  const picker = $("picker");
  for (const [suit, symbol] of SUITS) {
    for (const rank of RANKS) {
      const card = rank + suit;
      const button = el("button", { type: "button", "data-card": card,
        class: suit === "H" || suit === "D" ? "red" : "" }, rank + symbol);
      button.addEventListener("click", () => pick(card));
      picker.append(button);
    }
  }
}

function pick(card) {
  const hand = $("hand");
  const starter = $("starter");
  const held = cards(hand.value);
  const size = $("crib").checked ? 4 : { "five-card": 3, "seven-card": 5 }[$("variant").value] || 4;
  if (held.includes(card) || starter.value === card) return;
  if (held.length < size) hand.value = [...held, card].join(" ");
  else starter.value = card;
  markUsed();
}

function markUsed() {
  const used = new Set([...cards($("hand").value), $("starter").value.trim()].map((c) => c.toUpperCase()));
  for (const button of $("picker").querySelectorAll("button")) {
    button.classList.toggle("used", used.has(button.dataset.card));
  }
}

async function countHand(event) {
  event.preventDefault();
  const body = {
    hand: cards($("hand").value),
    starter: $("starter").value.trim(),
    crib: $("crib").checked,
    muggins: $("muggins").checked,
    variant: $("variant").value,
    ruleset: $("ruleset").value,
  };
  if ($("claimed").value !== "") body.claimed = Number($("claimed").value);
  await ask("/v1/hands/check", body, $("hand-result"), "Counting…", showHand);
}

function showHand(r) {
  const items = el("table", { id: "items" },
    el("thead", {}, el("tr", {}, el("th", {}, "Score"), el("th", {}, "Cards"), el("th", { class: "num" }, "Points"))));
  const rows = el("tbody");
  for (const item of r.items) {
    rows.append(el("tr", {}, el("td", {}, item.kind), el("td", {}, item.cards.join(" ")),
      el("td", { class: "num" }, item.points)));
  }
  items.append(rows);
  const parts = [
    el("div", { class: "total", id: "total" }, r.total),
    el("p", { class: "call", id: "call" }, r.call),
    items,
  ];
  if (r.verdict) {
    parts.push(el("p", {}, "Claimed ", r.claimed, ": ",
      el("span", { class: "verdict " + r.verdict, id: "verdict" }, r.verdict)));
    parts.push(el("p", { id: "award" }, "Pegs: player ", r.award.player, ", opponent ", r.award.opponent));
    parts.push(findings(r.findings));
  }
  return parts;
}

// --- checking the play -------------------------------------------------------------

function parseRecord(text) {
  const plays = [];
  for (const line of text.split(/\n|;/)) {
    const words = line.trim().split(/\s+/).filter(Boolean);
    if (!words.length) continue;
    const [player, what, ...rest] = words;
    const event = { player };
    if ((what || "").toLowerCase() === "go") event.go = true; else event.card = what || "";
    const claim = rest.join("").replace("=", "");
    if (claim !== "") event.claimed = Number(claim);
    plays.push(event);
  }
  return plays;
}

async function checkPlay(event) {
  event.preventDefault();
  const body = { plays: parseRecord($("record").value) };
  const pone = cards($("pone-hand").value);
  const dealer = cards($("dealer-hand").value);
  if (pone.length || dealer.length) body.hands = { pone, dealer };
  await ask("/v1/pegging/check", body, $("play-result"), "Checking…", showPlay);
}

function showPlay(r) {
  const table = el("table", { id: "plays" }, el("thead", {}, el("tr", {},
    el("th", {}, "#"), el("th", {}, "Player"), el("th", {}, "Card"), el("th", { class: "num" }, "Count"),
    el("th", { class: "num" }, "Points"), el("th", {}, "For"))));
  const rows = el("tbody");
  for (const play of r.plays) {
    const scores = play.scores.map((s) => s.kind + " " + s.points).join(", ");
    rows.append(el("tr", { class: play.legal === false ? "illegal" : "" },
      el("td", {}, play.index), el("td", {}, play.player), el("td", {}, play.go ? "go" : play.card),
      el("td", { class: "num" }, play.count), el("td", { class: "num" }, play.points), el("td", {}, scores)));
  }
  table.append(rows);
  const totals = Object.entries(r.totals).map(([who, points]) => who + " " + points).join(", ");
  return [table, el("p", { id: "totals" }, "Totals: " + totals), findings(r.findings),
    r.findings.length ? null : el("p", { id: "no-findings" }, "No findings: the play was by the rules.")];
}

document.addEventListener("DOMContentLoaded", () => {
  buildPicker();
  $("hand-form").addEventListener("submit", countHand);
  $("play-form").addEventListener("submit", checkPlay);
  $("hand").addEventListener("input", markUsed);
  $("starter").addEventListener("input", markUsed);
  $("clear-hand").addEventListener("click", () => {
    $("hand").value = ""; $("starter").value = ""; $("claimed").value = "";
    $("hand-result").replaceChildren(); markUsed();
  });
});
