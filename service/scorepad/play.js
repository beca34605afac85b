// @ts-check
// Check the play: a typed record, or the play entered card by card with the live
// referee saying whose turn it is and which cards may be laid.
import { playFindings } from "./results.js";
import {
  $, ask, cards, defaultNames, el, explain, knowNames, nameText, Notation, ordinal, playSpot, playSummary,
  playTable, present, rulingSettings, seatCount, seatTitle, startOver, tableLine, wholeRecord,
} from "./common.js";

// The seats of the play: the game's two, three or four, from the dealer's left. Two
// players are the pone and the dealer (the referee's own names for them); three and
// four are named, as at the table.
function buildSeats() {
  const count = seatCount();
  const box = $("play-seats");
  const old = seats();
  const named = defaultNames(count);
  if (old.length === count) return;
  box.replaceChildren();
  box.className = count === 2 ? "row two" : "row";
  for (let i = 0; i < count; i += 1) {
    if (count === 2) {
      const [id, title] = i === 0 ? ["pone-hand", "Pone's hand"] : ["dealer-hand", "Dealer's hand"];
      box.append(el("div", {}, el("label", { for: id }, title),
        el("input", { id, class: "play-hand", "data-name": named[i], autocapitalize: "characters",
          spellcheck: "false", placeholder: i === 0 ? "KH TD 5S 2C" : "QC 9S AH 3D" })));
      continue;
    }
    box.append(el("fieldset", { class: "seat" }, el("legend", {}, seatTitle(i, count)),
      el("div", { class: "fields" },
        el("div", {}, el("label", { for: `play-name-${i}` }, "Name"),
          el("input", { id: `play-name-${i}`, class: "play-name", spellcheck: "false", value: named[i] })),
        el("div", {}, el("label", { for: `play-hand-${i}` }, "Hand"),
          el("input", { id: `play-hand-${i}`, class: "play-hand", autocapitalize: "characters", spellcheck: "false" })))));
  }
  const [a, b, c] = seats().map((seat) => seat.name);
  $("record-help").replaceChildren(count === 2 ? "one card or go a line: " : "one card or go a line, by name: ",
    el("code", {}, `${a} KH`), ", ", el("code", {}, `${b} go`), ", ", el("code", {}, `${c || a} TD =2`), " for a claim of 2");
  $("record").placeholder = count === 2 ? "pone KH\ndealer QC\npone TD =2\ndealer 9S" : `${a} KH\n${b} QC\n${c} 5S`;
}

// Each seat's name and the field that holds its hand, in play order.
function seats() {
  return [...$("play-seats").querySelectorAll("input.play-hand")].map((field) => {
    const name = field.dataset.name || $(field.id.replace("hand", "name")).value.trim();
    return { name, field };
  });
}

// Where a pointer into the record is, in words; `spot` is the line of the text the
// referee found it at (its line in the field, when it was typed there).
function locate(pointer, spot) {
  const parts = pointer.replace(/^#\//, "").split("/");
  if (parts[0] === "plays") return playSpot(parts.slice(1), spot && spot.line, $("record"), "the play");
  if (parts[0] === "hands") {
    const seat = seats().find((s) => s.name === parts[1]);
    const field = seat ? seat.field : seats()[0].field;
    if (parts[2] !== undefined) return { where: `the ${ordinal(Number(parts[2]) + 1)} card of ${parts[1]}'s hand`, field };
    return { where: parts[1] ? `${parts[1]}'s hand` : "the hands", field };
  }
  if (parts[0] === "players") {
    const field = $(`play-name-${parts[1] || 0}`);
    return { where: "the players' names", field };
  }
  if (parts[0] === "in_progress") {
    return { where: "card-by-card entry (this referee cannot follow a play in progress yet: type the whole play and press Check)", field: null };
  }
  return { where: { variant: "the game", ruleset: "the rules", muggins: "muggins" }[parts[0]] || pointer, field: null };
}

// The play as the referee reads it, in notation: the table line from the seats and the
// Game setting, the hands, then the play as typed. A play typed as a whole record (with
// its own table line or sections) goes as typed. The rules and muggins from the top of
// the page go beside it, unless the text says them.
function request(inProgress) {
  const table = seats();
  const typed = $("record").value;
  const notation = new Notation();
  if (wholeRecord(typed)) {
    notation.typed(typed, $("record"), "the play");
    if (inProgress && !/^\s*in[ _-]progress/im.test(typed)) notation.add("in progress");
  } else {
    notation.add(tableLine(table.map((seat) => seat.name)), { where: "the players' names", field: $("play-name-0") });
    if (table.some((seat) => cards(seat.field.value).length)) {
      notation.add("hands:");
      for (const seat of table) notation.cards(seat.name, seat.field.value, seat.field, `of ${seat.name}'s hand`);
    }
    notation.add("play:");
    notation.typed(typed, $("record"), "the play");
    if (inProgress) notation.add("in progress");
  }
  const text = notation.text();
  return { body: { notation: text, ...rulingSettings(text) }, notation };
}

async function checkPlay(event) {
  if (event) event.preventDefault();
  const out = $("play-result");
  startOver(out, $("play-form"));
  $("live").hidden = true;
  await knowNames(seats().map((seat) => seat.name));
  const { body, notation } = request(false);
  await ask("/v1/pegging/check", body, out, "Checking…", showPlay,
    (problem) => explain(problem, body, locate, notation));
}

function showPlay(r) {
  return [playTable(r), ...playSummary(r), playFindings(r.findings),
    r.findings.length ? null : el("p", { class: "no-findings" }, "No findings: the play was by the rules.")];
}

// --- card by card ----------------------------------------------------------------------

async function step() {
  const out = $("play-result");
  const live = $("live");
  startOver(out, $("play-form"));
  const empty = seats().filter((seat) => !cards(seat.field.value).length);
  if (empty.length) {
    live.hidden = false;
    present(live, [el("p", { class: "error", role: "alert" },
      `Enter ${seats().length === 2 ? "both hands" : "every hand"} first: card by card, the referee needs them to know who may lay what.`)]);
    for (const seat of empty) {
      seat.field.setAttribute("aria-invalid", "true");
      seat.field.classList.add("invalid");
    }
    return;
  }
  live.replaceChildren(el("p", { class: "busy" }, "Asking the referee…"));
  await knowNames(seats().map((seat) => seat.name));
  const { body, notation } = request(true);
  const answer = await ask("/v1/pegging/check", body, out, "Asking the referee…",
    (r) => [r.plays.length ? playTable(r) : null, ...playSummary(r), playFindings(r.findings)],
    (problem) => explain(problem, body, locate, notation));
  if (answer === null) { live.hidden = true; return; }
  live.hidden = false;
  present(live, turn(answer.next));
  if (answer.next.phase !== "play") await checkPlay();
}

// Whose turn it is, and a button for each card they may lay (or for their go, saying
// that it is forced). The deal's entry asks the same (tap.js): `lay(line)` records a
// choice, `undo()` takes the last one back, `prefix` keeps the ids its own, `over` says
// what to do once the play is over.
export function turn(next, { lay = layHere, undo = undoHere, prefix = "", over = " The ruling is below." } = {}) {
  if (next.phase !== "play") {
    return [el("p", { id: `${prefix}turn` }, el("strong", {}, "The play is over."), over)];
  }
  const who = next.player;
  const buttons = el("div", { class: "choices", role: "group", "aria-label": `What ${who} may do` });
  if (next.go) {
    buttons.append(choice(`${nameText(who)} go`, "Go", `${who} says go`, lay));
  } else if (next.legal) {
    for (const card of next.legal) buttons.append(choice(`${nameText(who)} ${card}`, card, `${who} lays ${card}`, lay));
  }
  return [
    el("p", { id: `${prefix}turn` }, el("strong", {}, `${capital(who)} to ${next.go ? "say go" : "lay a card"}`),
      `, the count is ${next.count}.`),
    next.go ? el("p", { class: "forced" }, `No card ${who} holds fits under 31: the go is forced.`) : null,
    next.legal || next.go ? buttons : el("p", {}, `The referee does not know ${who}'s cards: type the play.`),
    notLegal(next.not_legal, lay, prefix),
    el("div", { class: "buttons" }, undoButton(`${prefix}undo-play`, undo)),
  ];
}

// What a player really laid, though the rules do not allow it (a card over 31, a go with
// a card that fits, a card out of turn): each move and why it is not legal are the
// server's (`next.not_legal`); recorded, the referee rules on it.
function notLegal(moves, lay, prefix) {
  if (!moves || !moves.length) return null;
  const group = el("div", { class: "choices", role: "group", "aria-label": "Moves that are not legal" });
  for (const move of moves) {
    const what = move.go ? "go" : move.card;
    const line = `${nameText(move.player)} ${what}`;
    const button = el("button", { type: "button", class: "not-legal-choice", "data-line": line,
      "data-why": move.why, "aria-label": `${move.player} ${move.go ? "says go" : `lays ${move.card}`}: not legal, ${move.why}` },
    `${move.player} ${move.go ? "Go" : move.card}`, el("small", {}, ` ${move.why}`));
    button.addEventListener("click", () => lay(line));
    group.append(button);
  }
  return el("details", { class: "not-legal", id: `${prefix}not-legal` },
    el("summary", {}, "A move that is not legal"),
    el("p", { class: "note" }, "Record what was really laid: the move is marked not legal and the referee rules on it."),
    group);
}

function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

function choice(line, label, name, lay) {
  const button = el("button", { type: "button", class: "card-choice", "data-line": line, "aria-label": name }, label);
  button.addEventListener("click", () => lay(line));
  return button;
}

function layHere(line) {
  const record = $("record");
  record.value = record.value.trimEnd() + (record.value.trim() ? "\n" : "") + line;
  step().then(() => {
    const first = $("live").querySelector("button.card-choice");
    if (first) first.focus();
  });
}

function undoHere() {
  const lines = $("record").value.trimEnd().split("\n");
  lines.pop();
  $("record").value = lines.join("\n");
  step();
}

function undoButton(id, undo) {
  const button = el("button", { type: "button", class: "secondary", id }, "Take back the last");
  button.addEventListener("click", undo);
  return button;
}

export function setUpPlay() {
  buildSeats();
  $("variant").addEventListener("change", buildSeats);
  $("play-form").addEventListener("submit", checkPlay);
  $("live-play").addEventListener("click", step);
  $("clear-play").addEventListener("click", () => {
    // Everything typed: the hands with the play (the seats' names are the table's).
    $("record").value = "";
    for (const seat of seats()) seat.field.value = "";
    $("live").hidden = true;
    startOver($("play-result"), $("play-form"));
    seats()[0].field.focus();
  });
}
