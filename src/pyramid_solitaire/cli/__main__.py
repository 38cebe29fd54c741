"""`python -m pyramid_solitaire.cli`: the same as the `pyramid-solitaire` command."""

import sys

from . import main

sys.exit(main())
