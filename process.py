#!/usr/bin/env python3
"""The entry the README shows: ``python process.py WORKBOOK.xlsx [options]``.

It does exactly what the installed ``mahjong-club`` command does; see ``--help``.
"""

import sys

from mahjong_club.cli import main

if __name__ == "__main__":
    sys.exit(main())
