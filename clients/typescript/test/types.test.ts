// The types, held by the compiler (tsc --strict, at `npm run build`): what the service
// refuses must not type-check, and every field of every request body the contract
// has must be one a function takes. A `@ts-expect-error` line fails the build the day
// the line under it compiles; so does a `true` below the day its type is `false`.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Muggins, operations, PlayEvent } from "../src/index.js";

// A card laid, or a go: never both (the service answers 422 `card-and-go`).
const card = { player: "pone", card: "5H", claimed: 2, claimed_go: 1 } satisfies PlayEvent;
const go = { player: "dealer", go: true, claimed: 1 } satisfies PlayEvent;
// @ts-expect-error a card laid is not also a go
const cardAndGo: PlayEvent = { player: "pone", card: "5H", go: true };
// @ts-expect-error a go lays no card
const goAndCard: PlayEvent = { player: "dealer", go: true, card: "5H" };
// @ts-expect-error claimed_go is the card's that earned the go, not the go's
const goClaimingGo: PlayEvent = { player: "dealer", go: true, claimed_go: 1 };

// Every operation of the contract that takes a body, and the fields of its body that
// its function does not take: none.
// (Every body is required; an optional one would drop out here, and `bodies` would say so.)
type JsonBody<Op> = Op extends { requestBody: { content: { "application/json": infer B } } }
  ? B : never;
type WithBody = {
  [K in keyof operations]: [JsonBody<operations[K]>] extends [never] ? never : K
}[keyof operations];
type Unsent = {
  [K in WithBody]: K extends keyof Muggins
    ? Exclude<keyof JsonBody<operations[K]>, keyof NonNullable<Parameters<Muggins[K]>[0]>>
    : `${K}: no function`
}[WithBody];
const everyFieldIsSent: [Unsent] extends [never] ? true : false = true;
// And the walk sees the operations with a body (were none found, it would hold of none).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const bodies: Same<WithBody, "checkHand" | "checkHands" | "checkPegging" | "checkDeal"
  | "checkGame" | "adviseDiscards" | "reviewDeal" | "reviewGame" | "advisePlay"
  | "checkTournament" | "seatTournament" | "chances" | "readScorecards" | "writeNotation"
  | "readNotation" | "writeNames" | "rateTournamentSeason"> = true;

describe("the types", () => {
  it("compiled: each event is a card or a go, and every body field can be sent", () => {
    assert.deepEqual([card.card, go.go, everyFieldIsSent, bodies], ["5H", true, true, true]);
    assert.ok(cardAndGo && goAndCard && goClaimingGo);
  });
});
