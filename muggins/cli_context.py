"""How the ``muggins`` command finds its referee and says what it found.

The :class:`Context` asks the referee (in-process on the library, or the service at
``--url`` through the client) and prints the answer or the problem with the command's
exit code. :class:`RefereeGroup`
gives every referee command ``--json`` and ``--url`` after its name as well as before
it (``muggins count … --json`` and ``muggins --json count …``).
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NoReturn, Protocol

import click

__all__ = ["FOUND", "HELD", "JSON_HELP", "REFUSED", "UNREACHABLE", "URL_HELP", "Context",
           "Referee", "RefereeGroup", "pass_context"]

HELD, FOUND, REFUSED, UNREACHABLE = 0, 1, 2, 3


class Referee(Protocol):
    """Who answers: :class:`muggins.client.Client` at ``--url``, else
    :class:`muggins.local.LocalReferee`; each takes the API's requests as they are."""

    def request(self, method: str, path: str, body: Any | None = None) -> Any: ...


class Context:
    def __init__(self, url: str | None, as_json: bool) -> None:
        self.url = url
        self.as_json = as_json
        self._client: Referee | None = None

    @property
    def client(self) -> Referee:
        if self._client is None:
            if self.url:
                from muggins.client import Client

                self._client = Client(self.url)
            else:
                from muggins.local import LocalReferee

                self._client = LocalReferee()
        return self._client

    def ask(self, path: str, body: Any, show: Callable[[Any], None],
            findings: Callable[[Any], Sequence[Any]],
            where: Callable[[str], str] = str,
            refused: Callable[[Any], bool] | None = None) -> NoReturn:
        """POST ``body`` to ``path``, print, exit (as :meth:`run`)."""
        self.run(lambda referee: referee.request("POST", path, body), show, findings, where,
                 refused)

    def run(self, call: Callable[[Referee], Any], show: Callable[[Any], None],
            findings: Callable[[Any], Sequence[Any]],
            where: Callable[[str], str] = str,
            refused: Callable[[Any], bool] | None = None) -> NoReturn:
        """Ask, print, exit. ``where`` names a refused field as the command's user typed
        it (a record's JSON pointer is already the user's own); ``refused`` says whether
        an answer refused a part of the request (a batch's hand) in its place."""
        try:
            answer = call(self.client)
        except Exception as error:
            from muggins.errors import ProblemError, Unreachable

            if isinstance(error, Unreachable):
                click.echo(str(error), err=True)
                sys.exit(UNREACHABLE)
            if not isinstance(error, ProblemError):
                raise
            if self.as_json:
                click.echo(json.dumps(error.problem, ensure_ascii=False, indent=2))
            else:
                click.echo(f"refused: {error.summary}", err=True)
                for e in error.errors:
                    click.echo(f"  {where(e['pointer'])}: {e['detail']} ({e['code']})", err=True)
            sys.exit(REFUSED)
        if self.as_json:
            click.echo(json.dumps(answer, ensure_ascii=False, indent=2))
        else:
            show(answer)
        if refused is not None and refused(answer):
            sys.exit(REFUSED)
        sys.exit(FOUND if findings(answer) else HELD)


pass_context = click.make_pass_decorator(Context)


def _set_json(ctx: click.Context, _: click.Parameter, value: bool) -> None:
    if value:
        ctx.find_object(Context).as_json = True  # type: ignore[union-attr]


def _set_url(ctx: click.Context, _: click.Parameter, value: str | None) -> None:
    if value is not None:
        ctx.find_object(Context).url = value  # type: ignore[union-attr]


JSON_HELP = "Print the API's JSON answer."
URL_HELP = "A running service to ask (default: answer in-process)."


def _global_options() -> list[click.Option]:
    """``--json`` and ``--url`` as a subcommand takes them, after its name."""
    return [
        click.Option(["--json"], is_flag=True, expose_value=False, callback=_set_json,
                     help=JSON_HELP),
        click.Option(["--url"], expose_value=False, callback=_set_url, help=URL_HELP),
    ]


class RefereeGroup(click.Group):
    """The global options work before or after the subcommand (``muggins --json count …``
    and ``muggins count … --json``): every referee command registered here gets them too,
    so a command added later needs nothing of its own.

    ``lazy`` names commands by where they are written (``"muggins.cli_hands:count"``);
    each is imported when it is first asked for, so that a command run loads its own
    module and not every other's."""

    LOCAL = frozenset({"serve", "archive"})
    """Commands that ask no referee, for which the global options mean nothing."""

    def __init__(self, *args: Any, lazy: Mapping[str, str] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        where = self.lazy.pop(cmd_name, None)
        if where is not None:
            module, name = where.split(":")
            command = getattr(importlib.import_module(module), name)
            self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        if (name or cmd.name) not in self.LOCAL:
            cmd.params.extend(_global_options())
        super().add_command(cmd, name)
