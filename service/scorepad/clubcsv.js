// The club night's CSV on the page: scorecards in and standings out, the same columns
// and cell forms as `muggins night` (rules/club/csvtext.py, docs/rules.md#club-csv),
// with a problem per row. The API stays JSON: the browser reads and writes the text.
// tests/test_scorepad_club.py feeds one file to this and to the CLI: they must agree.

const CARD_COLUMNS = ["player", "round", "opponent", "result", "spread", "game_points"];
const REQUIRED = ["player", "opponent", "result"];
export const STANDINGS_COLUMNS = ["rank", "player", "game_points", "wins", "losses", "spread",
  "plus", "head_to_head", "tiebreak", "qualified"];
const LOSS_MARKS = new Set(["x", "/", "-", "–", "—"]);

// RFC 4180 rows: quoted cells may hold commas, quotes ("") and line breaks.
function rows(text) {
  const out = [];
  let row = [], cell = "", quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; }
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") { row.push(cell); cell = ""; }
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(cell); out.push(row); row = []; cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length) { row.push(cell); out.push(row); }
  return out;
}

const digits = (text) => /^[0-9]+$/.test(text);

// Each row's line, or its problem: {line: n, column, detail}.
function readLine(number, cell, bad) {
  let round;
  if (cell.round) {
    if (!digits(cell.round)) return bad(number, "round", `a round is a number, not '${cell.round}'`);
    round = Number(cell.round);
  }
  const result = cell.result.toUpperCase();
  if (result === "BYE") return { round, bye: true };
  if (result !== "W" && result !== "L") return bad(number, "result", `a result is W, L or BYE, not '${cell.result}'`);
  if (!cell.opponent) return bad(number, "opponent", "no opponent named");
  const line = { round, opponent: cell.opponent, result };
  const spread = cell.spread || "";
  if (spread) {
    const sign = "+-".includes(spread[0]) ? spread[0] : "";
    if (!digits(spread.slice(sign.length))) return bad(number, "spread", `a spread is a number such as 16, +16 or -05, not '${spread}'`);
    line.spread = Number(spread.slice(sign.length));
    if (sign) line.column = sign === "+" ? "plus" : "minus"; // the column it was written in
  }
  const points = cell.game_points || "";
  if (points) {
    if (LOSS_MARKS.has(points.toLowerCase())) line.game_points = 0;
    else if (digits(points)) line.game_points = Number(points);
    else return bad(number, "game_points", `game points are a number (or X, /, – for a loss), not '${points}'`);
  }
  if (round === undefined) delete line.round;
  return line;
}

// The cards a CSV file holds, in the order players first appear: {cards} or {problems}.
export function readCards(text) {
  const all = rows(text.replace(/^\uFEFF/, ""));
  const problems = [];
  const bad = (line, column, detail) => { problems.push({ line, column, detail }); return null; };
  if (!all.length) return { problems: [{ line: 1, column: "header", detail: "the file is empty" }] };
  const names = all[0].map((name) => name.trim().toLowerCase().replace(/ /g, "_"));
  const unknown = names.filter((name) => !CARD_COLUMNS.includes(name));
  const missing = REQUIRED.filter((name) => !names.includes(name));
  if (unknown.length || missing.length) {
    return { problems: [{ line: 1, column: "header", detail: `the header needs ${REQUIRED.join(", ")} (and may have round, spread, game_points); ${[...unknown.map((u) => `unknown column '${u}'`), ...missing.map((m) => `no '${m}' column`)].join("; ")}` }] };
  }
  const cards = new Map();
  all.slice(1).forEach((row, n) => {
    const number = n + 2;
    if (!row.some((cell) => cell.trim())) return;
    if (row.length !== names.length) { bad(number, "row", `${row.length} columns, not the header's ${names.length}`); return; }
    const cell = Object.fromEntries(names.map((name, i) => [name, row[i].trim()]));
    const line = readLine(number, cell, bad);
    if (!line) return;
    if (!cell.player) { bad(number, "player", "no player named"); return; }
    if (!cards.has(cell.player)) cards.set(cell.player, []);
    cards.get(cell.player).push(line);
  });
  if (problems.length) return { problems };
  return { cards: [...cards].map(([player, games]) => ({ player, games })) };
}

function csvCell(value) {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

// The standings as the CLI's `--csv` writes them.
export function standingsCsv(answer) {
  const lines = [STANDINGS_COLUMNS, ...answer.standings.map((s) => [s.rank, s.player,
    s.game_points, s.wins, s.losses, (s.spread >= 0 ? "+" : "") + s.spread, s.plus,
    s.head_to_head ?? "", s.tiebreak || "", s.qualified ? "yes" : s.playoff ? "playoff" : ""])];
  return lines.map((row) => row.map(csvCell).join(",")).join("\n") + "\n";
}
