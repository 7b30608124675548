"""The mahjong club tool: a club's season workbook in, standings, a site and emails out.

The package is the pipeline: ``reading`` (the workbook into typed data) → ``compute`` (one
module per capability, using the pure ``rules`` package) → ``workbook`` (result sheets spliced
into a copy of the organiser's file), ``site`` (the HTML pages) and ``mail`` (the emails).
``capabilities`` is the registry that the ``pipeline`` walks; ``cli`` is the thin command line.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("mahjong-club")
except PackageNotFoundError:  # running from a checkout that was never installed
    __version__ = "0.0.0+unknown"
