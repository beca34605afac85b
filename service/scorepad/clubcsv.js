// @ts-check
// The club night's standings as a CSV file, the columns and cell forms of `muggins night
// --csv` (rules/club/csvtext.py, docs/rules.md#club-csv). Scorecards are read from a file
// by the server (POST /v1/tournaments/read): the page holds no CSV reader.
// tests/page/test_scorepad_club.py compares what this writes with the CLI's.

export const STANDINGS_COLUMNS = ["rank", "player", "game_points", "wins", "losses", "spread",
  "plus", "head_to_head", "tiebreak", "qualified"];

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
