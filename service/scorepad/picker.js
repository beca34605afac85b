// @ts-check
// The card picker: the 52 cards as buttons, a suit to a row (two rows of it on a phone),
// one tab stop with the arrow keys moving within it. Counting a hand and entering a deal
// both tap on it; what a tap does is theirs to say.
import { cardText, el } from "./common.js";

const SUITS = [["S", "spades"], ["H", "hearts"], ["D", "diamonds"], ["C", "clubs"]];
const RANKS = [["A", "ace"], ["2", "2"], ["3", "3"], ["4", "4"], ["5", "5"], ["6", "6"], ["7", "7"],
  ["8", "8"], ["9", "9"], ["T", "10"], ["J", "jack"], ["Q", "queen"], ["K", "king"]];

// Fill `picker` with the cards; `pick(card)` is called with the card tapped ("TH"), unless
// the card is marked unavailable (see markPicker).
export function buildPicker(picker, pick) {
  for (const [suit, suitName] of SUITS) {
    for (const [rank, rankName] of RANKS) {
      const card = rank + suit;
      const button = el("button", {
        type: "button", "data-card": card, "data-suit": suit, tabindex: "-1", "aria-pressed": "false",
        "aria-label": `${rankName} of ${suitName}`, class: suit === "H" || suit === "D" ? "red" : null,
      }, cardText(card));
      button.addEventListener("click", () => {
        if (button.getAttribute("aria-disabled") !== "true") pick(card);
      });
      picker.append(button);
    }
  }
  picker.firstChild.tabIndex = 0;
  picker.addEventListener("keydown", (event) => moveInPicker(picker, event));
}

// The cards taken (pressed, greyed), and, when `open` is a set, the only cards a tap may
// take now (the others are marked unavailable, not hidden: the grid keeps its place).
export function markPicker(picker, taken, open) {
  for (const button of picker.querySelectorAll("button")) {
    const card = button.dataset.card;
    button.classList.toggle("used", taken.has(card));
    button.setAttribute("aria-pressed", String(taken.has(card)));
    const shut = open !== undefined && open !== null && !open.has(card);
    if (shut) button.setAttribute("aria-disabled", "true"); else button.removeAttribute("aria-disabled");
  }
}

// Left and right go card by card; up and down go to the card drawn above or below (a
// suit's row is short of the grid's width on a phone, so this is by where they stand).
function moveInPicker(picker, event) {
  const buttons = [...picker.querySelectorAll("button")];
  const here = buttons.indexOf(document.activeElement);
  if (here < 0) return;
  let next;
  if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
    next = buttons[Math.min(Math.max(here + (event.key === "ArrowRight" ? 1 : -1), 0), buttons.length - 1)];
  } else if (event.key === "Home" || event.key === "End") {
    next = buttons[event.key === "Home" ? 0 : buttons.length - 1];
  } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    next = vertical(buttons, buttons[here], event.key === "ArrowDown" ? 1 : -1) || buttons[here];
  } else {
    return;
  }
  event.preventDefault();
  buttons[here].tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
}

// The card in the next row up or down nearest in column to `from`.
function vertical(buttons, from, way) {
  const rows = [...new Set(buttons.map((b) => b.offsetTop))].sort((a, b) => a - b);
  const row = rows[rows.indexOf(from.offsetTop) + way];
  if (row === undefined) return null;
  const inRow = buttons.filter((b) => b.offsetTop === row);
  return inRow.reduce((best, b) => (Math.abs(b.offsetLeft - from.offsetLeft) < Math.abs(best.offsetLeft - from.offsetLeft) ? b : best));
}
