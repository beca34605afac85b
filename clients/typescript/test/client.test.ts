// The client against a real server (gunicorn, `python -m service`, on a free port): every
// operation once, with the service's exact answers; refusals as typed errors.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createMuggins, MugginsError, type Muggins, type PlayEvent } from "../src/index.js";
import { startServer, type Running } from "./server.js";

let server: Running;
let muggins: Muggins;

before(async () => {
  server = await startServer();
  muggins = createMuggins({ baseUrl: server.baseUrl });
});
after(async () => { await server.stop(); });

const REVIEWED = {
  players: ["bob", "ann"],
  dealt: { bob: ["AH", "2H", "3H", "4S", "6S", "7S"], ann: ["8C", "9C", "TC", "QC", "KD", "6H"] },
  discards: { bob: ["6S", "7S"], ann: ["KD", "6H"] },
  starter: "JH",
  plays: [{ player: "bob", card: "AH" }, { player: "ann", card: "8C" },
          { player: "bob", card: "2H" }, { player: "ann", card: "9C" },
          { player: "bob", card: "3H" }, { player: "ann", go: true },
          { player: "bob", card: "4S" }, { player: "ann", card: "TC" },
          { player: "ann", card: "QC" }] satisfies PlayEvent[],
};

describe("every operation answers, typed", () => {
  it("checkHand: 29, the claim of 28 an undercount, and a fresh request id", async () => {
    const { data, requestId, rateLimitPolicy } = await muggins.checkHand(
      { hand: ["5H", "5C", "5S", "JD"], starter: "5D", claimed: 28 });
    assert.equal(data.total, 29);
    assert.equal(data.verdict, "undercount");
    assert.deepEqual(data.award, { player: 28, opponent: 0 });
    assert.match(requestId, /^[0-9a-f]{32}$/);
    assert.equal(rateLimitPolicy, null); // no front here
  });

  it("keeps the request id the caller sent", async () => {
    const { requestId } = await muggins.checkHand(
      { hand: ["5H", "5C", "5S"], starter: "5D", variant: "five-card" },
      { requestId: "table-7:deal-3" });
    assert.equal(requestId, "table-7:deal-3");
  });

  it("checkHands: one answer per item, a problem in an invalid item's slot", async () => {
    const { data } = await muggins.checkHands({ ruleset: "hoyle", hands: [
      { hand: ["5H", "5C", "5S", "JD"], starter: "5D", claimed: 29 },
      { hand: ["2H", "4H", "6H", "8H"], starter: "KC", crib: true, claimed: 4 },
      { hand: ["5H", "5H", "5S", "JD"], starter: "5D" }] });
    const [first, second, third] = data.results;
    assert.ok(first && "verdict" in first && second && "award" in second);
    assert.equal(first.verdict, "correct");
    assert.deepEqual(second.award, { player: 0, opponent: 2 });
    assert.ok(third && "status" in third);
    assert.equal(third.status, 422);
  });

  it("checkPegging: the inferred gos and the overcount", async () => {
    const { data } = await muggins.checkPegging({ plays: [
      { player: "pone", card: "KH" }, { player: "dealer", card: "QC" },
      { player: "pone", card: "TD", claimed: 2 }, { player: "dealer", card: "9S", claimed: 1 }] });
    assert.deepEqual(data.plays[3]?.inferred_go, ["dealer", "pone"]);
    assert.equal(data.findings[0]?.code, "overcount");
    assert.deepEqual(data.award, { pone: 1, dealer: 2 });
  });

  it("checkDeal: the pone wins in the show", async () => {
    const { data } = await muggins.checkDeal({
      dealt: { pone: ["5H", "5C", "5S", "JD", "2C", "3C"], dealer: ["KH", "QD", "9C", "8S", "4H", "AD"] },
      discards: { pone: ["2C", "3C"], dealer: ["4H", "AD"] },
      starter: "5D",
      plays: [{ player: "pone", card: "5H" }, { player: "dealer", card: "KH" },
              { player: "pone", card: "5C" }, { player: "dealer", card: "QD" },
              { player: "pone", go: true }, { player: "pone", card: "5S" },
              { player: "dealer", card: "9C" }, { player: "pone", card: "JD" },
              { player: "dealer", card: "8S" }],
      claims: { hands: { pone: 29, dealer: 4 }, crib: 7 },
      scores_before: { pone: 100, dealer: 110 } });
    assert.equal(data.winner, "pone");
    assert.equal(data.won_during, "show");
    assert.deepEqual(data.scores_after, { pone: 121, dealer: 114 });
  });

  it("checkGame: one deal, its dealer and the scores", async () => {
    const { players: _players, ...deal } = REVIEWED;
    const { data } = await muggins.checkGame({ players: ["ann", "bob"], first_dealer: "ann", deals: [deal] });
    assert.equal(data.deals[0]?.dealer, "ann");
    assert.deepEqual(data.scores, { ann: 14, bob: 9 });
    assert.equal(data.winner, null);
  });

  it("checkGame: a game joined at 50-60 goes on from those scores", async () => {
    const { players: _players, ...deal } = REVIEWED;
    const { data } = await muggins.checkGame({
      players: ["ann", "bob"], first_dealer: "ann", deals: [deal], scores_before: { ann: 50, bob: 60 } });
    assert.deepEqual(data.deals[0]?.scores_before, { ann: 50, bob: 60 });
    assert.deepEqual(data.scores, { ann: 64, bob: 69 });
  });

  it("adviseDiscards: 2C-JS first, exactly 287/23 for the hand", async () => {
    const { data } = await muggins.adviseDiscards({ cards: ["2C", "3H", "4D", "5D", "5S", "JS"], dealer: false });
    assert.deepEqual(data.options[0]?.discard, ["2C", "JS"]);
    assert.equal(data.options[0]?.exact.hand_ev, "287/23");
  });

  it("reviewDeal: bob's discard ranks second and his first card loses 2", async () => {
    const { data } = await muggins.reviewDeal({ ...REVIEWED, claims: { hands: { bob: 10 } } });
    assert.equal(data.discards.bob?.rank, 2);
    assert.equal(data.discards.bob?.exact.loss, "15463/7590");
    assert.equal(data.play?.cards[0]?.loss, 2);
    assert.deepEqual(data.lost.bob?.play, 2);
  });

  it("reviewGame: the deal's losses summed", async () => {
    const { players: _players, ...deal } = REVIEWED;
    const { data } = await muggins.reviewGame({ players: ["ann", "bob"], first_dealer: "ann", deals: [deal] });
    assert.equal(data.deals[0]?.dealer, "ann");
    assert.equal(data.lost.bob?.exact.discard, "15463/7590");
    assert.deepEqual(data.scores, { ann: 14, bob: 9 });
    // The play rating (docs/rating.md, 0.4.0): the discards and the claims add up to it
    // (the play is shown beside it, not in it); one deal wins nothing.
    const bob = data.players?.bob;
    const rating = bob?.rating;
    assert.ok(rating !== undefined && Math.abs(rating.value - (rating.discards + rating.claims)) < 0.002);
    assert.equal(bob?.result, 0.5);
    assert.ok(bob?.luck_adjusted !== undefined && bob.net_luck !== undefined
      && Math.abs(bob.luck_adjusted - (0.5 - 0.52 * bob.net_luck)) < 2e-6);  // LUCK_WEIGHT
  });

  it("advisePlay: the 9S, exactly", async () => {
    const { data } = await muggins.advisePlay({ player: "pone", hand: ["5H", "5D", "6C", "9S"], starter: "JH",
      plays: [{ player: "pone", card: "5H" }, { player: "dealer", card: "TC" }], samples: 1000 });
    assert.equal(data.method, "exact");
    assert.equal(data.deals, 454);
    assert.equal(data.options[0]?.card, "9S");
    assert.equal(data.options[0]?.exact, "-28109/15180");
  });

  it("listRulesets, health, ready", async () => {
    const rulesets = (await muggins.listRulesets()).data.rulesets;
    assert.deepEqual(rulesets.map((r) => r.id), ["acc", "hoyle", "english", "friendly"]);
    assert.deepEqual((await muggins.health()).data, { status: "ok" });
    assert.deepEqual((await muggins.ready()).data, { status: "ready" });
  });

  it("listVariants: each variant's facts from the library", async () => {
    const variants = (await muggins.listVariants()).data.variants;
    assert.deepEqual(variants.map((v) => [v.name, v.players, v.dealt, v.kept, v.target]), [
      ["six-card", 2, 6, 4, 121], ["five-card", 2, 5, 3, 61], ["three-player", 3, 5, 4, 121],
      ["four-player", 4, 5, 4, 121], ["seven-card", 2, 7, 5, 181]]);
  });

  it("checkTournament and seatTournament: a disagreement ruled, a plan with a bye", async () => {
    const { data } = await muggins.checkTournament({ cards: [
      { player: "ann", games: [{ opponent: "bob", result: "W", spread: 12 }] },
      { player: "bob", games: [{ opponent: "ann", result: "L", spread: 21 }] }] });
    assert.deepEqual(data.standings.map((s) => [s.player, s.rank, s.game_points, s.spread]),
      [["ann", 1, 2, 12], ["bob", 2, 0, -12]]);
    assert.ok(data.findings.length >= 1);
    const plan = (await muggins.seatTournament({ players: ["ann", "bob", "cy"], games: 3,
      seed: 1 })).data;
    assert.equal(plan.rounds.length, 3);
  });

  it("chances: each player's chance of winning, by name, from the shipped table", async () => {
    const { data } = await muggins.chances({ players: ["ann", "bob"], dealer: "bob",
      scores: { ann: 115, bob: 100 } });
    assert.deepEqual([data.pone, data.dealer, data.after, data.samples], ["ann", "bob", null, 0]);
    assert.deepEqual(data.win, { ann: 0.954506, bob: 0.045494 });
    assert.deepEqual(data.game_points, { ann: 1.909013, bob: 0.090987 });
    assert.deepEqual(data.table, { deals: 300000, seed: 2026, version: "0.3.0" });
    const after = (await muggins.chances({ scores: { pone: 115, dealer: 100 }, after: "play" })).data;
    assert.deepEqual(after.win, { pone: 0.949019, dealer: 0.050981 });
    const seen = (await muggins.chances({ scores: { pone: 100, dealer: 100 },
      seen: { player: "pone", cards: ["5H", "5C", "5S", "JD", "2C", "3C"] } })).data;
    assert.deepEqual([seen.samples, seen.win.pone], [256, 0.480507]);
  });

  it("the text answers: metrics, the contract, the pages", async () => {
    assert.match((await muggins.metrics()).data, /^# HELP muggins_http_requests_total/m);
    assert.match((await muggins.contract()).data, /^openapi: 3\.1\.0$/m);
    assert.match((await muggins.ruleBook()).data, /id="renege"/);
    assert.match((await muggins.scorepad()).data, /<!doctype html>/i);
    assert.match((await muggins.serviceWorker()).data, /^const CACHE = "muggins-[0-9a-f]{16}";$/m);
    assert.match((await muggins.docs()).data, /swagger-ui-bundle\.js/);
  });
});

describe("refusals are MugginsErrors", () => {
  it("a 422 carries its errors, each pointed, and the request id", async () => {
    const refused = await muggins.checkHand({ hand: ["5H", "ZZ", "5S", "JD"], starter: "5D" },
      { requestId: "bad-hand-1" }).then(() => null, (e: unknown) => e);
    assert.ok(refused instanceof MugginsError);
    assert.equal(refused.status, 422);
    assert.equal(refused.requestId, "bad-hand-1");
    assert.equal(refused.problem.status, 422);
    assert.deepEqual(refused.errors.map((e) => [e.pointer, e.code]), [["#/hand/1", "invalid-card"]]);
  });

  it("a record the rules refuse: a 422 that names the unknown player", async () => {
    const refused = await muggins.checkPegging({ plays: [{ player: "carol", card: "5H" }] })
      .then(() => null, (e: unknown) => e);
    assert.ok(refused instanceof MugginsError);
    assert.deepEqual(refused.errors.map((e) => [e.pointer, e.code]), [["#/plays/0/player", "unknown-player"]]);
  });

  it("chances refuses a position it cannot answer, each problem pointed", async () => {
    const refused = await muggins.chances({ scores: { pone: 121, dealer: 0 }, dealer: "zed" })
      .then(() => null, (e: unknown) => e);
    assert.ok(refused instanceof MugginsError);
    assert.deepEqual(refused.errors.map((e) => [e.pointer, e.code]),
      [["#/dealer", "unknown-player"], ["#/scores/pone", "out-of-range"]]);
  });

  it("a 405 from the wrong method is a problem too, with Allow", async () => {
    const answer = await fetch(`${server.baseUrl}/v1/hands/check`);
    assert.equal(answer.status, 405);
    assert.equal(answer.headers.get("Allow")?.split(", ").sort().join(","), "OPTIONS,POST");
    assert.equal(answer.headers.get("Content-Type"), "application/problem+json");
  });

  it("the front's 429, as nginx answers it: which limit, when to retry, the policy", async () => {
    // deploy/front/muggins.conf.template's answer (tests/operations/test_stack.py holds the front to it).
    const front = createMuggins({ baseUrl: server.baseUrl, fetch: async () =>
      new Response(JSON.stringify({ type: "about:blank", title: "Too Many Requests", status: 429,
        detail: "too many requests from this address (20 a second, bursts of 40): slow down and retry" }),
      { status: 429, headers: { "Content-Type": "application/problem+json", "X-Request-ID": "limited-41",
        "Retry-After": "1", "RateLimit": '"requests";r=0;t=1',
        "RateLimit-Policy": '"requests";q=20;w=1, "connections";q=20;qu="concurrent-requests"' } }) });
    const refused = await front.checkHand({ hand: ["5H", "5C", "5S", "JD"], starter: "5D" })
      .then(() => null, (e: unknown) => e);
    assert.ok(refused instanceof MugginsError);
    assert.equal(refused.status, 429);
    assert.equal(refused.rateLimit, '"requests";r=0;t=1');
    assert.equal(refused.retryAfter, 1);
    assert.equal(refused.requestId, "limited-41");
    assert.equal(refused.message, "too many requests from this address (20 a second, bursts of 40): slow down and retry");
    assert.deepEqual(refused.errors, []);
  });

  it("an answer that is not a problem document still becomes a MugginsError", async () => {
    const html = createMuggins({ baseUrl: server.baseUrl, fetch: async () =>
      new Response("<html>bad gateway</html>", { status: 502, statusText: "Bad Gateway",
        headers: { "Content-Type": "text/html", "X-Request-ID": "abc" } }) });
    const refused = await html.health().then(() => null, (e: unknown) => e);
    assert.ok(refused instanceof MugginsError);
    assert.equal(refused.status, 502);
    assert.equal(refused.requestId, "abc");
    assert.equal(refused.message, "HTTP 502: <html>bad gateway</html>");
    assert.deepEqual(refused.errors, []);
  });
});
