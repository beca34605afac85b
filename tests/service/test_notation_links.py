"""Share links written and read by the library (docs/notation.md#share-links), and the
two operations the scorepad asks instead of keeping a copy of the format (issue 30)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from rules.core.rulesets import Ruleset
from rules.notation import Deal, Game, LinkError, link_text, read_link, read_record
from rules.notation.link import _Bits

README_DEAL = ("six-card to 121: pone dealer\nscores: pone 10; dealer 20\n"
               "dealt: pone 5H 5C 5S JD 2C 3C; dealer KH QD 9C 8S 4H AD\n"
               "discards: pone 2C 3C; dealer 4H AD\nstarter: 5D =0\n"
               "play: pone 5H, dealer KH =0, pone 5C =2 +1, dealer go, pone AS\n"
               "show: pone =29; dealer =4; crib =6\n")
FOUR = ("four-player to 121: ann bob cy dee; sides ann&cy bob&dee\ndeal: 1\n"
        "dealt: ann 5H 5C 5S JD 2C; bob KH QD 9C 8S 4H; cy AD AC 2D 3D 4D; "
        "dee 6S 7S 8D 9D TD\ndiscards: ann 2C; bob 4H; cy 4D; dee TD\nstarter: 5D\ndeal: 2\n"
        "dealt: ann 5H 5C 5S JD 2C; bob KH QD 9C 8S 4H; cy AD AC 2D 3D 4D; dee 6S 7S 8D 9D TD\n")
THREE = ('three-player to 121: "Ann Smith" bob cy\n'
         'dealt: "Ann Smith" 5H 5C 5S JD 2C; bob KH QD 9C 8S 4H; cy AD AC 2D 3D 4D\n'
         "crib card: 9H\nin progress\n")
# Links the scorepad's own packer (share.js, before 0.4.0) wrote for these records: a
# link sent then opens the same record now. It wrote the four-player game's sides as the
# page's table line said them; the library leaves the variant's own sides unsaid, as
# its canonical text does, so that link is read but written shorter.
SENT_BEFORE = [
    (README_DEAL, Ruleset.HOYLE, True, "r1.Bz4kjg3tzKzIysLYyuTQ4TIpoVDltjdG4aEGDKUKgRAMo4KAdOlg"),
    (FOUR, Ruleset.ACC, False,
     "r1.sT4obC3NxsTexExvJsjKyyIicSopoVDrjdG4aoQYxRyqMPRTBBBBKQAqKaFQ643RuGqEGMUcqjD0UwAAAAAA"),
    (THREE, Ruleset.ENGLISH, False, "r1.KT4nIoLc3ECm2tLo0GxN7ETG8iopoVDrjdG4aoQYxRwAAGEB"),
]


def test_numbers_are_packed_as_the_format_says() -> None:
    # docs/notation.md: 5 is 0101; 121 is 1001 1111 0001 (121 = 1 + 8 * 15: 001, 111, 001).
    for value, bits in ((5, "0101"), (121, "100111110001"), (0, "0000"), (8, "10000001")):
        packed = _Bits()
        packed.number(value)
        assert "".join(map(str, packed.bits)) == bits


@pytest.mark.parametrize(("text", "ruleset", "muggins", "link"), SENT_BEFORE)
def test_links_sent_before_read_and_write_the_same(text: str, ruleset: Ruleset, muggins: bool,
                                                   link: str) -> None:
    record = read_record(text)
    assert isinstance(record, Deal | Game)
    shared = read_link("#" + link)
    assert (shared.ruleset, shared.muggins) == (ruleset, muggins)
    assert shared.record == record
    written = link_text(record, ruleset, muggins)
    assert read_link(written).record == record
    if "; sides" in text:
        assert len(written) < len(link)
    else:
        assert written == link


def test_the_record_options_win_over_the_settings() -> None:
    record = read_record("six-card to 121: pone dealer\nruleset: friendly\nmuggins: yes\n"
                         "dealt: pone 5H 5C 5S JD 2C 3C; dealer KH QD 9C 8S 4H AD\n")
    assert isinstance(record, Deal)
    shared = read_link(link_text(record, Ruleset.ACC, False))
    assert (shared.ruleset, shared.muggins) == (Ruleset.FRIENDLY, True)


GOOD = SENT_BEFORE[0][3]
TAMPERED = [
    (GOOD[:len(GOOD) // 2], "The link is cut short: ask for it again, whole."),
    (GOOD.replace("r1.", "r7."), "This link was written in version 7 of the share format; "
     "this scorepad reads version 1."),
    (GOOD[:-6] + "%21*!" + GOOD[-3:], 'The link has a character no share link has ("%"): '
     "it was changed on its way."),
    (GOOD + "AAAA", "The link is damaged or was changed (more than a record): ask for it again."),
    ("x1.AAAA", "This is not a share link: its part after # does not start r1."),
]


@pytest.mark.parametrize(("link", "message"), TAMPERED)
def test_a_tampered_link_is_refused_in_words(link: str, message: str) -> None:
    with pytest.raises(LinkError) as refused:
        read_link(link)
    assert str(refused.value) == message


def test_a_card_twice_is_refused() -> None:
    record = read_record(README_DEAL.replace("starter: 5D", "starter: 5H"))
    assert isinstance(record, Deal)
    with pytest.raises(LinkError) as refused:
        read_link(link_text(record, Ruleset.ACC, False))
    assert str(refused.value) == ("The link is damaged or was changed: the deal has the 5H "
                                  "twice. Ask for it again.")


# --- the operations ----------------------------------------------------------------------


def post(client: FlaskClient, path: str, body: dict[str, Any]) -> tuple[int, Any]:
    response = client.post(path, json=body)
    return response.status_code, response.get_json()


def test_write_then_read_a_deal(client: FlaskClient) -> None:
    status, written = post(client, "/v1/notation/write",
                           {"notation": README_DEAL, "ruleset": "hoyle", "muggins": True})
    assert status == 200
    assert written["link"] == SENT_BEFORE[0][3]
    assert written["notation"] == README_DEAL
    assert written["kind"] == "deal" and written["players"] == ["pone", "dealer"]
    assert written["next_players"] == ["dealer", "pone"]
    assert written["scores_before"] == {"pone": 10, "dealer": 20}
    deal = written["deals"][0]
    assert deal["dealt"]["pone"] == ["5H", "5C", "5S", "JD", "2C", "3C"]
    assert deal["discards"] == {"pone": ["2C", "3C"], "dealer": ["4H", "AD"]}
    assert deal["play"] == ["pone 5H", "dealer KH =0", "pone 5C =2 +1", "dealer go", "pone AS"]
    assert (deal["heels"], deal["hands"], deal["crib"]) == (0, {"pone": 29, "dealer": 4}, 6)
    status, read = post(client, "/v1/notation/read", {"link": "#" + written["link"]})
    assert status == 200 and read == written


def test_a_game_gives_each_deal_its_seats_and_the_next(client: FlaskClient) -> None:
    status, written = post(client, "/v1/notation/write", {"notation": FOUR})
    assert status == 200 and written["kind"] == "game"
    assert written["sides"] == ["ann&cy", "bob&dee"]
    assert [deal["players"] for deal in written["deals"]] == [["ann", "bob", "cy", "dee"],
                                                             ["bob", "cy", "dee", "ann"]]
    assert written["next_players"] == ["cy", "dee", "ann", "bob"]
    assert written["deals"][1]["lines"][0] == ("dealt: ann 5H 5C 5S JD 2C; bob KH QD 9C 8S 4H; "
                                               "cy AD AC 2D 3D 4D; dee 6S 7S 8D 9D TD")


def test_a_tampered_link_is_a_422_at_the_link(client: FlaskClient) -> None:
    status, problem = post(client, "/v1/notation/read", {"link": TAMPERED[0][0]})
    assert status == 422
    assert problem["errors"] == [{"pointer": "#/link", "code": "badly-written",
                                  "detail": TAMPERED[0][1]}]


def test_a_play_on_its_own_is_no_link(client: FlaskClient) -> None:
    status, problem = post(client, "/v1/notation/write",
                           {"notation": "six-card to 121: pone dealer\nplay: pone 5H\n"})
    assert status == 422
    assert [(e["pointer"], e["code"], e["line"]) for e in problem["errors"]] == [
        ("#/notation", "badly-written", 1)]


def test_notation_badly_written_points_at_its_line(client: FlaskClient) -> None:
    status, problem = post(client, "/v1/notation/write",
                           {"notation": "six-card to 121: pone dealer\ndealt: pone 5X\n"})
    assert status == 422
    error = problem["errors"][0]
    assert (error["pointer"], error["code"], error["line"], error["column"]) == (
        "#/notation", "badly-written", 2, 13)


def test_a_missing_link_is_required(client: FlaskClient) -> None:
    status, problem = post(client, "/v1/notation/read", {})
    assert status == 422
    assert [(e["pointer"], e["code"]) for e in problem["errors"]] == [("#/link", "required")]
