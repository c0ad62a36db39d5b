"""``python -m zeitkonto``: the ``zeitkonto`` command line (``zeitkonto.cli``), as the console script."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
