"""The computing step of the pipeline: from a validated season to its results.

read (reading/) -> compute (this package, using rules/) -> write (workbook/, site/, mail/).
One module per capability: :mod:`.standings`, :mod:`.attendance`, :mod:`.schedule`,
:mod:`.next_season`, :mod:`.tonight`, :mod:`.hands`, :mod:`.duplicate`, :mod:`.tournament`.
The registry (mahjong_club/capabilities/) calls them in order; each takes the season as read
and the results it depends on, and reports problems to the run's ``Problems``.
"""
