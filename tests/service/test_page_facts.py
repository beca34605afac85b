"""The facts the scorepad shows that the server now answers (issue 30, item 2; 0.4.0,
additive): the moves not legal that a director may still record, which findings change
no peg, the tiebreaks in words and the standings as CSV, and whether a discard's order
is within its interval. Each expected value is worked out by hand in its comment."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

DEALT = {"A": ["5H", "5C", "5S", "JD", "2C", "3C"], "B": ["KH", "QD", "9C", "8S", "4H", "AD"]}
DISCARDS = {"A": ["2C", "3C"], "B": ["4H", "AD"]}


def lay(player: str, card: str) -> dict[str, Any]:
    return {"player": player, "go": True} if card == "go" else {"player": player, "card": card}


def coming(client: FlaskClient, *plays: tuple[str, str]) -> dict[str, Any]:
    answer = client.post("/v1/deals/check", json={
        "players": ["A", "B"], "dealt": DEALT, "discards": DISCARDS, "starter": "5D",
        "plays": [lay(*p) for p in plays], "in_progress": True})
    assert answer.status_code == 200, answer.get_json()
    return dict(answer.get_json()["next"])


def moves(next_: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(m["player"], m.get("card", "go" if m.get("go") else "?"), m["why"])
            for m in next_["not_legal"]]


def test_on_25_every_card_of_the_player_on_turn_is_over_31(client: FlaskClient) -> None:
    # A JD, B KH, A 5H: 25. B holds QD 9C 8S, none under 6 (no go to renege on); A holds
    # 5C 5S, laid now out of turn.
    found = coming(client, ("A", "JD"), ("B", "KH"), ("A", "5H"))
    assert (found["player"], found["count"], found["legal"], found["go"]) == ("B", 25, [], True)
    assert sorted(moves(found)[:3]) == [("B", "8S", "over-31"), ("B", "9C", "over-31"),
                                        ("B", "QD", "over-31")]
    assert sorted(moves(found)[3:]) == [("A", "5C", "out-of-turn"), ("A", "5S", "out-of-turn")]


def test_a_go_with_a_card_that_fits_is_a_renege(client: FlaskClient) -> None:
    # A JD, B 9C: 19. A's three fives all fit (24): a go is a renege; B's KH QD 8S are
    # out of turn.
    found = coming(client, ("A", "JD"), ("B", "9C"))
    assert sorted(found["legal"]) == ["5C", "5H", "5S"] and found["go"] is False
    assert moves(found)[0] == ("A", "go", "renege")
    assert sorted(moves(found)[1:]) == [("B", "8S", "out-of-turn"), ("B", "KH", "out-of-turn"),
                                        ("B", "QD", "out-of-turn")]


def test_the_moves_not_legal_draw_their_findings_once_recorded(client: FlaskClient) -> None:
    # B's QD on 25 is taken back as over 31: the finding the move was marked with.
    answer = client.post("/v1/deals/check", json={
        "players": ["A", "B"], "dealt": DEALT, "discards": DISCARDS, "starter": "5D",
        "plays": [lay("A", "JD"), lay("B", "KH"), lay("A", "5H"), lay("B", "QD")],
        "in_progress": True}).get_json()
    assert [(f["code"], f["index"]) for f in answer["findings"]] == [("over-31", 3)]


def test_no_move_is_offered_where_the_cards_are_unknown(client: FlaskClient) -> None:
    answer = client.post("/v1/pegging/check", json={
        "players": ["pone", "dealer"], "plays": [lay("pone", "KH")], "in_progress": True})
    assert "not_legal" not in answer.get_json()["next"]


# The README's renege (ACC 7.3): the dealer says go on 25 holding AH; pone's 5D (play 5)
# pairs for 2 and is retracted, so its claim of 1 misses 1 that no one pegs.
RENEGE = ("six-card to 121: pone dealer\nhands:\npone KH 5S 5D 9C\ndealer QC AH 5C 4S\n"
          "play:\npone KH\ndealer QC\npone 5S\ndealer go\npone 5D =1\npone go\ndealer AH\n"
          "pone 9C\ndealer 5C\ndealer 4S\n")


def test_a_claim_on_a_retracted_card_changes_no_peg(client: FlaskClient) -> None:
    answer = client.post("/v1/pegging/check", json={"notation": RENEGE, "muggins": True,
                                                    "ruleset": "acc"}).get_json()
    assert [(f["code"], f["index"], f.get("changes_no_peg"), f.get("decided_by"))
            for f in answer["findings"]] == [
        ("renege", 3, None, None), ("undercount", 4, True, 0), ("muggins", 4, True, 0)]


def test_without_a_retraction_every_finding_pegs(client: FlaskClient) -> None:
    # Hoyle retracts nothing: the same undercount and muggins are findings of their own.
    answer = client.post("/v1/pegging/check", json={"notation": RENEGE, "muggins": True,
                                                    "ruleset": "hoyle"}).get_json()
    assert [f for f in answer["findings"] if "changes_no_peg" in f or "decided_by" in f] == []


# One round: ann beats bob by 12, cy beats dee by 5. Ann and cy are level on game points
# (2) and games won (1): spread puts ann (+12) above cy (+5). Cy is above dee on game
# points; dee (-5) above bob (-12) on spread. One place in four: ann qualifies.
NIGHT = [{"player": "ann", "games": [{"round": 1, "opponent": "bob", "result": "W", "spread": 12}]},
         {"player": "bob", "games": [{"round": 1, "opponent": "ann", "result": "L", "spread": 12}]},
         {"player": "cy", "games": [{"round": 1, "opponent": "dee", "result": "W", "spread": 5}]},
         {"player": "dee", "games": [{"round": 1, "opponent": "cy", "result": "L", "spread": 5}]}]


def test_the_standings_say_their_tiebreaks_in_words_and_as_csv(client: FlaskClient) -> None:
    answer = client.post("/v1/tournaments/check", json={"cards": NIGHT}).get_json()
    assert [(s["player"], s["tiebreak"], s["tiebreak_words"]) for s in answer["standings"]] == [
        ("ann", "spread", "ahead on spread"), ("cy", "game_points", "ahead on game points"),
        ("dee", "spread", "ahead on spread"), ("bob", None, None)]
    assert answer["standings_csv"] == (
        "rank,player,game_points,wins,losses,spread,plus,head_to_head,tiebreak,qualified\n"
        "1,ann,2,1,0,+12,12,,spread,yes\n"
        "2,cy,2,1,0,+5,5,,game_points,\n"
        "3,dee,0,0,1,-5,0,,spread,\n"
        "4,bob,0,0,1,-12,0,,,\n")


def test_the_advice_says_when_its_order_is_within_the_interval(client: FlaskClient) -> None:
    answer = client.post("/v1/discards/advise", json={
        "cards": ["KS", "2S", "5C", "AS", "QS", "7C"], "dealer": False,
        "scores": {"pone": 115, "dealer": 100}}).get_json()
    options = answer["options"]
    assert options[0]["within_interval"] is False
    for option in options:
        assert option["within_interval"] == (0 < option["behind"] <= option["behind_interval"])
    assert answer["order_within_interval"] == any(o["within_interval"] for o in options)
    # The board's two best throws by the chance of winning differ by less than the noise.
    assert answer["order_within_interval"] is True


def test_the_pack_has_every_spelling_the_referee_reads(client: FlaskClient) -> None:
    cards = client.get("/v1/cards").get_json()["cards"]
    assert len(cards) == 52 and len({c["card"] for c in cards}) == 52
    ten = next(c for c in cards if c["card"] == "TH")
    assert ten["shown"] == "10♥"
    # T or t or 10, times H, h, ♥, ♥️, ♡, ♡️: 18.
    assert sorted(ten["spellings"]) == sorted(
        rank + suit for rank in ("T", "t", "10")
        for suit in ("H", "h", "♥", "♥\ufe0f", "♡", "♡\ufe0f"))
    five = next(c for c in cards if c["card"] == "5S")
    assert (five["shown"], len(five["spellings"])) == ("5♠", 6)
    # 2-9: 6 each; A J Q K: 12 (the rank in two cases); T: 18. No text reads as two cards.
    spelled = [text for c in cards for text in c["spellings"]]
    assert len(spelled) == 8 * 4 * 6 + 4 * 4 * 12 + 4 * 18 == len(set(spelled))
    # The referee reads each spelling as its card.
    for card in cards:
        others = [c["card"] for c in cards if c["card"] != card["card"]][:4]
        for text in card["spellings"]:
            answer = client.post("/v1/hands/check", json={"hand": [text, *others[:3]],
                                                         "starter": others[3]})
            assert answer.get_json()["hand"][0] == card["card"], text


def test_names_are_written_bare_or_quoted(client: FlaskClient) -> None:
    sent = ["ann", "Ann Smith", 'say "hi"', "o'neil", "a\\b", "ann&cy"]
    answer = client.post("/v1/notation/names", json={"names": sent}).get_json()
    assert answer == {"names": [{"name": name, "notation": written} for name, written in zip(
        sent, ["ann", '"Ann Smith"', '"say \\"hi\\""', "o'neil", '"a\\\\b"', '"ann&cy"'],
        strict=True)]}


def test_no_names_or_an_empty_one_is_refused_at_the_field(client: FlaskClient) -> None:
    for body, pointer in (({"names": []}, "#/names"), ({"names": [""]}, "#/names/0")):
        answer = client.post("/v1/notation/names", json=body)
        assert answer.status_code == 422
        assert [e["pointer"] for e in answer.get_json()["errors"]] == [pointer]
