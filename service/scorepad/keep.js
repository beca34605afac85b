// @ts-check
// Nothing lost: the game in progress (the table's settings, the seats, every deal kept and
// every field of the deal in the form) is kept in this browser at each change, and comes
// back after a reload, a closed tab or a locked phone, until *New game*. A change that
// would clear entered work asks first. Games can be kept by name, and opened again.
import { $, el, neutralNames, seatCount, tableSettings } from "./common.js";
import { gameRecord, newGame, restoreGame } from "./deal.js";
import { notice } from "./notices.js";
import { Entry, onTrouble } from "./store.js";

// The game in progress: {kept, saved, state}, where kept is the id of the kept game it
// is (and keeps up to date), or null.
const CURRENT = new Entry("muggins.game", { schema: 1, what: "The game in progress" });
// The games kept: {games: [{id, name, saved, state}]}, the last kept first.
const KEPT = new Entry("muggins.games", { schema: 1, what: "The list of games" });

let games = [];
let keptId = null;
let restoring = false;

// --- the page as it can be kept -----------------------------------------------------

// The deal form's fields by id: whatever the form holds, so that a field added to it is
// kept too.
function formFields() {
  return [...$("deal-form").querySelectorAll("input[id], textarea[id], select[id]")]
    .filter((field) => field.type !== "file");
}

function snapshot() {
  const fields = Object.fromEntries(formFields().map((field) =>
    [field.id, field.type === "checkbox" ? field.checked : field.value]));
  return { settings: tableSettings(), fields, game: gameRecord() };
}

// Work the director would have to enter again: a deal kept, or a field of the form that
// is not as a new game leaves it (the seats named as offered, the scores at 0).
function entered() {
  if (gameRecord().deals.length) return true;
  const offered = neutralNames(seatCount());
  return formFields().some((field) => {
    if (field.type === "checkbox") return field.checked;
    const value = field.value.trim();
    if (field.classList.contains("seat-name")) return value !== "" && value !== offered[Number(field.id.split("-").pop())];
    if (field.id.startsWith("score-before-")) return value !== "" && value !== "0";
    return value !== "";
  });
}

function setSetting(id, value) {
  const field = $(id);
  if (field.type === "checkbox") field.checked = value === true;
  else {
    if (![...field.options].some((option) => option.value === value)) throw new Error(`no ${id} ${value}`);
    field.value = value;
  }
  field.dispatchEvent(new Event("change", { bubbles: true }));
}

// A kept state back on the page. Throws on a state this page cannot read; the caller
// says so and starts a new game.
function restore(state) {
  restoring = true;
  try {
    setSetting("variant", state.settings.variant);
    setSetting("ruleset", state.settings.ruleset);
    setSetting("muggins", state.settings.muggins);
    restoreGame(state.game, () => {
      for (const [id, value] of Object.entries(state.fields)) {
        const field = $(id);
        if (!field || !$("deal-form").contains(field)) continue;
        if (field.type === "checkbox") field.checked = value === true; else field.value = String(value);
      }
    });
  } finally {
    restoring = false;
  }
}

function restoreOr(state, words) {
  try {
    restore(state);
    return true;
  } catch (error) {
    notice("keep-notice", `${words} could not be opened: it is not a game this page can read.`);
    keptId = null;
    newGame();
    return false;
  }
}

// --- keeping -----------------------------------------------------------------------

function save() {
  if (restoring) return;
  const saved = new Date().toISOString();
  const state = snapshot();
  CURRENT.save({ kept: keptId, saved, state });
  const game = games.find((g) => g.id === keptId);
  if (game) {
    Object.assign(game, { saved, state });
    KEPT.save({ games });
    showKept();
  }
}

function mayDiscard(question) {
  if (keptId !== null || !entered()) return true;
  return window.confirm(`${question} The deals and cards entered for this game will be cleared. `
    + "(To come back to it, cancel and keep the game first.)");
}

function gameName(state) {
  const players = state.game.players || Object.entries(state.fields)
    .filter(([id]) => id.startsWith("seat-name-")).map(([id, name]) => name || $(id)?.placeholder || "");
  return players.join(" v ");
}

function keepGame() {
  const name = keepAs($("keep-name").value.trim());
  $("keep-name").value = "";
  $("kept-status").textContent = `Kept as “${name}”: this game is kept as it goes on.`;
  showKept();
}

// Keep the game on the page by name (the players' names if none is given), or bring its
// kept copy up to date; says the name kept under.
function keepAs(given) {
  const state = snapshot();
  const name = given || gameName(state);
  const saved = new Date().toISOString();
  let game = games.find((g) => g.id === keptId);
  if (!game) {
    keptId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    game = { id: keptId };
    games.unshift(game);
  }
  Object.assign(game, { name, saved, state });
  KEPT.save({ games });
  CURRENT.save({ kept: keptId, saved, state });
  return name;
}

// A share link opened over the game on the page (share.js calls `open` through this). The
// director asked for the link, so nothing is asked; instead the game on the page, unless
// it is already kept by name, is kept by name first, and the page says so: the link never
// clears work. The ruling the link opens is then the game in progress, kept as a new one.
export async function openOver(open) {
  if (keptId === null && entered()) {
    const name = keepAs(`${gameName(snapshot())} (before a share link)`);
    notice("keep-notice", `The game that was on the page is kept as “${name}”: open it from the games kept in this browser.`);
  }
  keptId = null;
  restoring = true;
  try {
    await open();
  } finally {
    restoring = false;
  }
  save();
  showKept();
}

function openGame(game) {
  if (!mayDiscard(`Open “${game.name}”?`)) return;
  keptId = game.id;
  if (restoreOr(game.state, `The kept game “${game.name}”`)) {
    save();
    $("kept-status").textContent = `“${game.name}” is open.`;
  }
  showKept();
}

function deleteGame(game) {
  if (!window.confirm(`Delete the kept game “${game.name}”? It cannot be brought back.`)) return;
  games = games.filter((g) => g !== game);
  KEPT.save({ games });
  if (keptId === game.id) {
    keptId = null;
    save();
  }
  $("kept-status").textContent = `“${game.name}” is deleted.`;
  showKept();
}

function when(saved) {
  const date = new Date(saved);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
}

function showKept() {
  $("kept-list").replaceChildren(...games.map((game) => {
    const open = game.id === keptId;
    const deals = ((game.state && game.state.game && game.state.game.deals) || []).length;
    const openButton = el("button", { type: "button", class: "secondary", "aria-label": `Open ${game.name}`,
      disabled: open }, open ? "Open now" : "Open");
    const deleteButton = el("button", { type: "button", class: "secondary", "aria-label": `Delete ${game.name}` }, "Delete");
    openButton.addEventListener("click", () => openGame(game));
    deleteButton.addEventListener("click", () => deleteGame(game));
    return el("li", { "data-id": game.id, class: open ? "open" : null },
      el("span", { class: "kept-name" }, game.name), " ",
      el("small", {}, el("time", { datetime: game.saved }, when(game.saved)), ` · ${deals} deal${deals === 1 ? "" : "s"} kept`),
      el("span", { class: "buttons" }, openButton, deleteButton));
  }));
  $("kept-list").hidden = games.length === 0;
}

// --- asking before work is cleared ---------------------------------------------------------

// These listeners run in the capture phase, before the deal's own (which clear the
// game), and stop the event when the director cancels.
function guard() {
  let variant = $("variant").value;
  document.addEventListener("change", (/** @type {any} */ event) => {
    if (event.target.id !== "variant" || restoring) {
      if (event.target.id === "variant") variant = event.target.value;
      return;
    }
    const chosen = event.target.value;
    const words = event.target.selectedOptions[0].textContent;
    event.target.value = variant;  // the work is judged in the game it was entered in
    const ok = mayDiscard(`Switch the game to ${words}?`);
    event.target.value = ok ? chosen : variant;
    if (!ok) {
      event.stopImmediatePropagation();
      return;
    }
    variant = chosen;
    keptId = null;
    showKept();
  }, { capture: true });
  document.addEventListener("click", (event) => {
    if (!(event.target instanceof Element) || !event.target.closest("#new-game")) return;
    if (!mayDiscard("Start a new game?")) {
      event.stopImmediatePropagation();
      event.preventDefault();
      return;
    }
    keptId = null;
    showKept();
  }, { capture: true });
}

export function setUpKeep() {
  onTrouble((words) => notice("storage-notice", words));
  const list = KEPT.load();
  if (list.refused) notice("kept-notice", list.refused);
  games = list.value && Array.isArray(list.value.games) ? list.value.games : [];
  const current = CURRENT.load();
  if (current.refused) notice("keep-notice", current.refused);
  if (current.value) {
    keptId = games.some((g) => g.id === current.value.kept) ? current.value.kept : null;
    restoreOr(current.value.state, "The game in progress");
  }
  guard();
  document.addEventListener("scorepad:game", save);
  for (const id of ["ruleset", "muggins"]) $(id).addEventListener("change", save);
  // A phone locking or a tab closing: kept once more, whatever changed without an event.
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") save(); });
  $("keep-game").addEventListener("click", keepGame);
  showKept();
}
