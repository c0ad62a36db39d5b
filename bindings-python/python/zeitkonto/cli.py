"""``zeitkonto``: the command line for the scripts people write against the API (``zeitkonto
--help``; the guide: docs/guide/jobs.md). One implementation, in Rust (the ``zeitkonto-cli``
crate, which ``cargo install zeitkonto-cli`` installs too); this module is the package's console
script over it.

Exit codes: 0 done; 1 finished with failures (listed on stderr) or stopped by an error; 2 bad
usage or input; 3 the key was refused (or the company is inactive); 130 interrupted (Ctrl-C).
"""

from __future__ import annotations

import sys
from typing import Optional, Sequence

from . import _core

__all__ = ["main"]


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Runs ``zeitkonto`` with ``argv`` (default: the process's arguments); returns the exit code.

    It writes to the process's stdout and stderr, or, when ``sys.stdout`` or ``sys.stderr`` is not
    the process's own (pytest's ``capsys``, ``contextlib.redirect_stdout``), through them."""
    args = [str(a) for a in (sys.argv[1:] if argv is None else argv)]
    out, err = sys.stdout, sys.stderr
    if out is None or err is None or (out is sys.__stdout__ and err is sys.__stderr__):
        for stream in (out, err):
            if stream is not None:
                stream.flush()  # what Python wrote before goes first
        return int(_core.cli_main(args))
    tty = getattr(err, "isatty", None)
    return int(_core.cli_main(args, out, err, bool(tty and tty())))


if __name__ == "__main__":
    sys.exit(main())
