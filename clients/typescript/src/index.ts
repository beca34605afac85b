// The Muggins client: one typed function per operation of openapi.yaml, over
// openapi-fetch and the types openapi-typescript generates from the contract
// (src/schema.ts, written by `npm run build`). Every answer keeps its request id; every
// refusal (4xx, 5xx) is thrown as a MugginsError carrying the problem and its errors.
import createClient from "openapi-fetch";
import type { components, operations, paths } from "./schema.js";

export type { components, operations, paths } from "./schema.js";
export type Schemas = components["schemas"];

export type HandCheckRequest = Schemas["HandCheckRequest"];
export type HandCheckResult = Schemas["HandCheckResult"];
export type HandBatchRequest = Omit<Schemas["HandBatchRequest"], "hands"> & {
  hands: HandCheckRequest[];
};
export type HandBatchResult =
  operations["checkHands"]["responses"][200]["content"]["application/json"];
/** A card laid or a go, never both: a card's `go` and a go's `card` are `never`. */
export type PlayEvent = Schemas["PlayEvent"];
export type CardEvent = Schemas["CardEvent"];
export type GoEvent = Schemas["GoEvent"];
export type PeggingCheckRequest = Schemas["PeggingCheckRequest"];
export type PeggingCheckResult = Schemas["PeggingCheckResult"];
export type DealCheckRequest = Schemas["DealCheckRequest"];
export type DealCheckResult = Schemas["DealCheckResult"];
export type GameCheckRequest = Schemas["GameCheckRequest"];
export type GameCheckResult = Schemas["GameCheckResult"];
export type AdviseRequest = Schemas["AdviseRequest"];
export type AdviseResult = Schemas["AdviseResult"];
export type DealReviewResult = Schemas["DealReviewResult"];
export type GameReviewResult = Schemas["GameReviewResult"];
export type DiscardReview = Schemas["DiscardReview"];
/** A game review's figures for one player: error rate, decisions counted, luck. */
export type PlayerFigures = NonNullable<GameReviewResult["players"]>[string];
export type PeggingAdviseRequest = Schemas["PeggingAdviseRequest"];
export type PeggingAdviseResult = Schemas["PeggingAdviseResult"];
export type Rulesets = Schemas["Rulesets"];
export type Variants = Schemas["Variants"];
export type TournamentCheckRequest = Schemas["TournamentCheckRequest"];
export type TournamentCheckResult = Schemas["TournamentCheckResult"];
export type SeatingRequest = Schemas["SeatingRequest"];
export type ScorecardsFileRequest = Schemas["ScorecardsFileRequest"];
export type NotationWriteRequest = Schemas["NotationWriteRequest"];
export type NotationReadRequest = Schemas["NotationReadRequest"];
export type NotationNamesRequest = Schemas["NotationNamesRequest"];
export type SeatingResult = Schemas["SeatingResult"];
export type TournamentRatingsRequest = Schemas["TournamentRatingsRequest"];
export type SeasonRatings = Schemas["SeasonRatings"];
export type ChancesRequest = Schemas["ChancesRequest"];
export type ChancesResult = Schemas["ChancesResult"];
export type Seen = Schemas["Seen"];
export type Status = Schemas["Status"];
export type Finding = Schemas["Finding"];
export type Problem = Schemas["Problem"];
/** One entry of a validation problem's `errors`: where, what, and a stable code. */
export type FieldError = NonNullable<Problem["errors"]>[number];

/** The header that carries the request id, both ways. */
export const REQUEST_ID = "X-Request-ID";

/** An answer: the body, typed, with the id the service logged it under. */
export interface Answer<T> {
  data: T;
  requestId: string;
  /** The front's `RateLimit-Policy` (draft-ietf-httpapi-ratelimit-headers-09), if any. */
  rateLimitPolicy: string | null;
  response: Response;
}

/** A refusal: the service's RFC 9457 problem, its `errors` list, and the request id. */
export class MugginsError extends Error {
  readonly status: number;
  readonly problem: Problem;
  readonly errors: FieldError[];
  readonly requestId: string | null;
  /** On a 429: the limit that was hit (the `RateLimit` field) and when to come back. */
  readonly rateLimit: string | null;
  readonly retryAfter: number | null;
  readonly response: Response;

  constructor(problem: Problem, response: Response) {
    super(problem.detail ?? problem.title);
    this.name = "MugginsError";
    this.status = problem.status;
    this.problem = problem;
    this.errors = problem.errors ?? [];
    this.response = response;
    this.requestId = response.headers.get(REQUEST_ID);
    this.rateLimit = response.headers.get("RateLimit");
    const retry = response.headers.get("Retry-After");
    this.retryAfter = retry === null ? null : Number(retry);
  }
}

export interface ClientOptions {
  /** Where the service answers, e.g. "https://muggins.example.org" (no trailing /v1). */
  baseUrl: string;
  /** A fetch of your own (tests, retries, a proxy); the global fetch by default. */
  fetch?: typeof globalThis.fetch;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

/** Per call: your own request id (letters, digits, `._:-`, up to 128), an abort signal. */
export interface CallOptions {
  requestId?: string;
  signal?: AbortSignal;
}

function problemOf(error: unknown, response: Response): Problem {
  if (typeof error === "object" && error !== null && "status" in error && "title" in error) {
    return error as Problem;
  }
  // Not a problem document (a proxy's page, say): say what came back.
  const text = typeof error === "string" ? error.slice(0, 200) : "";
  return {
    type: "about:blank",
    title: response.statusText || `HTTP ${response.status}`,
    status: response.status,
    detail: text ? `HTTP ${response.status}: ${text}` : `HTTP ${response.status}`,
  };
}

interface Raw<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

function answer<T>(raw: Raw<T>): Answer<T> {
  const { response } = raw;
  if (!response.ok || raw.data === undefined) {
    throw new MugginsError(problemOf(raw.error, response), response);
  }
  return {
    data: raw.data,
    requestId: response.headers.get(REQUEST_ID) ?? "",
    rateLimitPolicy: response.headers.get("RateLimit-Policy"),
    response,
  };
}

function init(options: CallOptions | undefined): { headers: Record<string, string>; signal?: AbortSignal } {
  const headers: Record<string, string> = {};
  if (options?.requestId !== undefined) headers[REQUEST_ID] = options.requestId;
  return options?.signal ? { headers, signal: options.signal } : { headers };
}

export type Muggins = ReturnType<typeof createMuggins>;

/** A client for one Muggins service. */
export function createMuggins(options: ClientOptions) {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  const text = { parseAs: "text" as const };
  return {
    /** Count a hand or crib; with `claimed`, rule on the claim. */
    checkHand: async (body: HandCheckRequest, call?: CallOptions) =>
      answer(await client.POST("/v1/hands/check", { body, ...init(call) })),
    /** Many hand checks at once; an invalid item gets a problem in its slot. */
    checkHands: async (body: HandBatchRequest, call?: CallOptions) =>
      answer(await client.POST("/v1/hands/batch", { body, ...init(call) })),
    /** Referee a recorded play, card by card. */
    checkPegging: async (body: PeggingCheckRequest, call?: CallOptions) =>
      answer(await client.POST("/v1/pegging/check", { body, ...init(call) })),
    /** Referee one whole deal. */
    checkDeal: async (body: DealCheckRequest, call?: CallOptions) =>
      answer(await client.POST("/v1/deals/check", { body, ...init(call) })),
    /** Referee a whole game from its deals. */
    checkGame: async (body: GameCheckRequest, call?: CallOptions) =>
      answer(await client.POST("/v1/games/check", { body, ...init(call) })),
    /** Every legal discard, best first. */
    adviseDiscards: async (body: AdviseRequest, call?: CallOptions) =>
      answer(await client.POST("/v1/discards/advise", { body, ...init(call) })),
    /** Review one deal against the best discard, play and count. */
    reviewDeal: async (body: DealCheckRequest, call?: CallOptions) =>
      answer(await client.POST("/v1/deals/review", { body, ...init(call) })),
    /** Review a whole game, deal by deal. */
    reviewGame: async (body: GameCheckRequest, call?: CallOptions) =>
      answer(await client.POST("/v1/games/review", { body, ...init(call) })),
    /** Which card to lay now, by expected pegging difference. */
    advisePlay: async (body: PeggingAdviseRequest, call?: CallOptions) =>
      answer(await client.POST("/v1/pegging/advise", { body, ...init(call) })),
    /** Cross-check a club night's scorecards (ACC Rule 12.2) and rank the field. */
    checkTournament: async (body: TournamentCheckRequest, call?: CallOptions) =>
      answer(await client.POST("/v1/tournaments/check", { body, ...init(call) })),
    /** A round-robin seating plan for a night. */
    seatTournament: async (body: SeatingRequest, call?: CallOptions) =>
      answer(await client.POST("/v1/tournaments/seating", { body, ...init(call) })),
    /** A club season's players rated from their results (OpenSkill), night by night,
     * with the chance each beats each other. */
    rateTournamentSeason: async (body: TournamentRatingsRequest, call?: CallOptions) =>
      answer(await client.POST("/v1/tournaments/ratings", { body, ...init(call) })),
    /** Each player's chance of winning from the scores: before a deal, after a part of
     * it, or with the cards one player sees (two players: six- and five-card games). */
    chances: async (body: ChancesRequest, call?: CallOptions) =>
      answer(await client.POST("/v1/chances", { body, ...init(call) })),
    /** A night's scorecards from a CSV file's text, as checkTournament takes them. */
    readScorecards: async (body: ScorecardsFileRequest, call?: CallOptions) =>
      answer(await client.POST("/v1/tournaments/read", { body, ...init(call) })),
    /** A record in notation as the server writes it: canonical text, seats, share link. */
    writeNotation: async (body: NotationWriteRequest, call?: CallOptions) =>
      answer(await client.POST("/v1/notation/write", { body, ...init(call) })),
    /** The record a share link's fragment holds. */
    readNotation: async (body: NotationReadRequest, call?: CallOptions) =>
      answer(await client.POST("/v1/notation/read", { body, ...init(call) })),
    /** Each name as the notation writes it, bare or quoted. */
    writeNames: async (body: NotationNamesRequest, call?: CallOptions) =>
      answer(await client.POST("/v1/notation/names", { body, ...init(call) })),
    /** Every card: its text, as people write it, and every spelling read as it. */
    listCards: async (call?: CallOptions) =>
      answer(await client.GET("/v1/cards", init(call))),
    /** Each variant's facts (seats, cards dealt and kept, target, margins). */
    listVariants: async (call?: CallOptions) =>
      answer(await client.GET("/v1/variants", init(call))),
    /** The rule book, as HTML: every finding's `rulebook` link points into it. */
    ruleBook: async (call?: CallOptions) =>
      answer(await client.GET("/rules", { ...text, ...init(call) })),
    /** The rulesets and their remedies, in words. */
    listRulesets: async (call?: CallOptions) =>
      answer(await client.GET("/v1/rulesets", init(call))),
    /** Liveness. */
    health: async (call?: CallOptions) => answer(await client.GET("/healthz", init(call))),
    /** Readiness (a 503 while shutting down is thrown as a MugginsError). */
    ready: async (call?: CallOptions) => answer(await client.GET("/readyz", init(call))),
    /** Prometheus metrics, as text (the operator's listener only, behind the front). */
    metrics: async (call?: CallOptions) =>
      answer(await client.GET("/metrics", { ...text, ...init(call) })),
    /** The contract, openapi.yaml, as text. */
    contract: async (call?: CallOptions) =>
      answer(await client.GET("/openapi.yaml", { ...text, ...init(call) })),
    /** The scorepad page, as HTML. */
    scorepad: async (call?: CallOptions) =>
      answer(await client.GET("/", { ...text, ...init(call) })),
    /** The scorepad's service worker, as JavaScript (what makes the page installable). */
    serviceWorker: async (call?: CallOptions) =>
      answer(await client.GET("/sw.js", { ...text, ...init(call) })),
    /** The interactive documentation page, as HTML. */
    docs: async (call?: CallOptions) =>
      answer(await client.GET("/docs", { ...text, ...init(call) })),
  };
}

/** The operationId each function answers for (a test checks they cover openapi.yaml). */
export const OPERATIONS = [
  "checkHand", "checkHands", "checkPegging", "checkDeal", "checkGame", "adviseDiscards",
  "reviewDeal", "reviewGame", "advisePlay", "checkTournament", "seatTournament", "chances",
  "readScorecards", "rateTournamentSeason", "writeNotation", "readNotation", "writeNames", "listCards", "listRulesets", "listVariants", "health", "ready", "metrics", "contract", "scorepad",
  "ruleBook", "serviceWorker", "docs",
] as const satisfies readonly (keyof operations & keyof Muggins)[];
