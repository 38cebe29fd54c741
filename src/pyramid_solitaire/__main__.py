"""`python -m pyramid_solitaire`: the same as the `pyramid-solitaire` command."""

import sys

from .cli import main

sys.exit(main())
