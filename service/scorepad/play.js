// Check the play: a typed record, or the play entered card by card with the live
// referee saying whose turn it is and which cards may be laid.
import {
  $, ask, cards, el, explain, findings, ordinal, parseRecord, playSpot, playSummary, playTable,
  present, startOver,
} from "./common.js";

const NAMES = ["pone", "dealer"];
const HAND_FIELDS = { pone: "pone-hand", dealer: "dealer-hand" };

function locate(pointer, lines) {
  const parts = pointer.replace(/^#\//, "").split("/");
  if (parts[0] === "plays") return playSpot(parts.slice(1), lines, $("record"), "the play");
  if (parts[0] === "hands") {
    const field = $(HAND_FIELDS[parts[1]]) || $("pone-hand");
    if (parts[2] !== undefined) return { where: `the ${ordinal(Number(parts[2]) + 1)} card of ${parts[1]}'s hand`, field };
    return { where: parts[1] ? `${parts[1]}'s hand` : "the hands", field };
  }
  if (parts[0] === "in_progress") {
    return { where: "card-by-card entry (this referee cannot follow a play in progress yet: type the whole play and press Check)", field: null };
  }
  return { where: pointer, field: null };
}

function request(inProgress) {
  const { plays, lines } = parseRecord($("record").value, NAMES);
  const body = { plays };
  const pone = cards($("pone-hand").value);
  const dealer = cards($("dealer-hand").value);
  if (pone.length || dealer.length) body.hands = { pone, dealer };
  if (inProgress) body.in_progress = true;
  return { body, lines };
}

async function checkPlay(event) {
  if (event) event.preventDefault();
  const out = $("play-result");
  startOver(out, $("play-form"));
  $("live").hidden = true;
  const { body, lines } = request(false);
  await ask("/v1/pegging/check", body, out, "Checking…", showPlay,
    (problem) => explain(problem, body, (pointer) => locate(pointer, lines)));
}

function showPlay(r) {
  return [playTable(r), ...playSummary(r), findings(r.findings),
    r.findings.length ? null : el("p", { class: "no-findings" }, "No findings: the play was by the rules.")];
}

// --- card by card ----------------------------------------------------------------------

async function step() {
  const out = $("play-result");
  const live = $("live");
  startOver(out, $("play-form"));
  if (!cards($("pone-hand").value).length || !cards($("dealer-hand").value).length) {
    live.hidden = false;
    present(live, [el("p", { class: "error", role: "alert" },
      "Enter both hands first: card by card, the referee needs them to know who may lay what.")]);
    const empty = cards($("pone-hand").value).length ? $("dealer-hand") : $("pone-hand");
    empty.setAttribute("aria-invalid", "true");
    empty.classList.add("invalid");
    return;
  }
  const { body, lines } = request(true);
  const answer = await ask("/v1/pegging/check", body, out, "Asking the referee…",
    (r) => [r.plays.length ? playTable(r) : null, ...playSummary(r), findings(r.findings)],
    (problem) => explain(problem, body, (pointer) => locate(pointer, lines)));
  if (answer === null) { live.hidden = true; return; }
  live.hidden = false;
  present(live, turn(answer.next));
  if (answer.next.phase !== "play") await checkPlay();
}

// Whose turn it is, and a button for each card they may lay (or for their go).
function turn(next) {
  if (next.phase !== "play") {
    return [el("p", { id: "turn" }, el("strong", {}, "The play is over."), " The ruling is below.")];
  }
  const who = next.player;
  const buttons = el("div", { class: "choices", role: "group", "aria-label": `What ${who} may do` });
  if (next.go) {
    buttons.append(choice(`${who} go`, "Go", `${who} says go`));
  } else if (next.legal) {
    for (const card of next.legal) buttons.append(choice(`${who} ${card}`, card, `${who} lays ${card}`));
  }
  return [
    el("p", { id: "turn" }, el("strong", {}, `${capital(who)} to ${next.go ? "say go" : "lay a card"}`),
      `, the count is ${next.count}.`),
    next.legal || next.go ? buttons : el("p", {}, `The referee does not know ${who}'s cards: type the play.`),
    el("div", { class: "buttons" }, undoButton()),
  ];
}

function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

function choice(line, label, name) {
  const button = el("button", { type: "button", class: "card-choice", "data-line": line, "aria-label": name }, label);
  button.addEventListener("click", () => {
    const record = $("record");
    record.value = record.value.trimEnd() + (record.value.trim() ? "\n" : "") + line;
    step().then(() => {
      const first = $("live").querySelector("button.card-choice");
      if (first) first.focus();
    });
  });
  return button;
}

function undoButton() {
  const button = el("button", { type: "button", class: "secondary", id: "undo-play" }, "Take back the last");
  button.addEventListener("click", () => {
    const lines = $("record").value.trimEnd().split("\n");
    lines.pop();
    $("record").value = lines.join("\n");
    step();
  });
  return button;
}

export function setUpPlay() {
  $("play-form").addEventListener("submit", checkPlay);
  $("live-play").addEventListener("click", step);
  $("clear-play").addEventListener("click", () => {
    $("record").value = "";
    $("live").hidden = true;
    startOver($("play-result"), $("play-form"));
    $("pone-hand").focus();
  });
}
