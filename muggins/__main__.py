"""``python -m muggins``: the ``muggins`` command, as the installed script runs it."""

from muggins.cli import main

main(prog_name="muggins")
