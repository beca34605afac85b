"""The strict reader's depth check, done in C (service/body.py), against a plain reading
of the rule it keeps: brackets outside strings, a string read from a quote to the next
quote not escaped, and a quote whose string never ends (or holds a backslash before a
line break) opening none."""

from __future__ import annotations

import json
import random

import pytest
from flask.testing import FlaskClient

from service.body import MAX_DEPTH, _too_deep


def naive_depth(data: bytes) -> int:
    """The deepest the brackets outside strings go, a byte at a time."""
    depth = deepest = 0
    i = 0
    while i < len(data):
        char = data[i : i + 1]
        if char == b'"':
            j = i + 1
            while j < len(data) and data[j : j + 1] != b'"':
                if data[j : j + 1] == b"\\":
                    if j + 1 >= len(data) or data[j + 1 : j + 2] == b"\n":
                        j = len(data)  # no string here: the quote is read as text
                        break
                    j += 1
                j += 1
            if j < len(data):
                i = j + 1
                continue
        elif char in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        elif char in (b"]", b"}"):
            depth -= 1
        i += 1
    return deepest


@pytest.mark.parametrize("escapes", [False, True])
def test_the_depth_check_agrees_with_a_plain_reading(escapes: bool) -> None:
    rng = random.Random(31)
    marks = [b"[", b"]", b"{", b"}", b'"', b"a", b",", b"\n", *([b"\\"] if escapes else [])]
    too_deep = 0
    for i in range(1500):
        weights = [rng.random() for _ in marks]
        if i % 3 == 0:
            weights[0] *= 10  # deep ones
        data = b"".join(rng.choices(marks, weights=weights, k=rng.choice([50, 700, 2500])))
        if i % 4 == 0:
            data = b"[" * 500 + data
        assert _too_deep(data) == (naive_depth(data) > MAX_DEPTH), data
        too_deep += _too_deep(data)
    assert 50 < too_deep < 1450  # both answers were asked for many times


def test_brackets_in_strings_are_text() -> None:
    inside = json.dumps({"names": ["[" * 600, '"{' * 600, "\\[" * 600]}).encode()
    assert naive_depth(inside) == 2 and not _too_deep(inside)
    unclosed = b'"' + b"[" * 513  # a quote never closed opens no string
    assert _too_deep(unclosed) and _too_deep(b'"\\\n"' + b"[" * 513)
    assert not _too_deep(b"[" * 512 + b"]" * 512 + b"[" * 512)


def test_a_batch_past_the_depth_is_unreadable_and_one_at_it_is_read(
        client: FlaskClient) -> None:
    hand = {"hand": ["5H", "5C", "5S", "JD"], "starter": "5D"}
    # Hundreds of brackets and strings, as a real batch has: read the quick way.
    body = json.dumps({"hands": [hand] * 300, "note": '"[' * 10}).encode()
    assert _too_deep(body) is False
    deep = b'{"hands": ' + b"[" * 511 + b"]" * 511 + b"}"
    answer = client.post("/v1/hands/batch", data=deep, content_type="application/json")
    assert answer.status_code == 200  # read: its one item refused in its slot
    assert answer.get_json()["results"][0]["status"] == 422
    deeper = b'{"hands": ' + b"[" * 512 + b"]" * 512 + b"}"
    answer = client.post("/v1/hands/batch", data=deeper, content_type="application/json")
    assert answer.status_code == 400
    assert answer.get_json()["detail"] == "unreadable JSON: nested too deeply"


@pytest.mark.parametrize(("data", "detail"), [
    (b'{"hand": 1, "hand": 2}', "unreadable JSON: duplicate key 'hand'"),
    (b'{"claimed": NaN}', "unreadable JSON: NaN is not valid JSON"),
    (b"\xef\xbb\xbf{}", None),  # a UTF-8 mark first: read, as json.loads reads bytes
    (b'{"hand": [}', "unreadable JSON: Expecting value: line 1 column 11 (char 10)"),
])
def test_the_decoder_built_once_reads_as_json_loads(client: FlaskClient, data: bytes,
                                                     detail: str | None) -> None:
    answer = client.post("/v1/hands/check", data=data, content_type="application/json")
    if detail is None:
        assert answer.status_code == 422  # read, then refused by the schema
    else:
        assert answer.status_code == 400 and answer.get_json()["detail"] == detail
