"""`pyramid-solitaire serve ARGS` whose solver never ends a search of deal STUCK_DEAL, as a kernel
that loops would (issue 48); every other deal is searched as usual. Run as a script by
tests/test_server.py, so the server is a process of its own that a signal can stop."""

import sys
import threading

from pyramid_solitaire import cli
from pyramid_solitaire.web import solving

STUCK_DEAL = 402418010
searched = solving.advice


def advice(game, seconds):
    """The real hint, except for STUCK_DEAL: a search that never returns (nor holds the GIL,
    as the C kernel does not)."""
    if game.deal.number == STUCK_DEAL:
        threading.Event().wait()
    return searched(game, seconds)


if __name__ == "__main__":
    solving.advice = advice
    sys.exit(cli.main(["serve", *sys.argv[1:]]))
