"""``python -m mahjong_club``: the same as the ``mahjong-club`` command."""

import sys

from mahjong_club.cli import main

sys.exit(main())
