"""The draw of a tournament (``mahjong-club draw``): the seating of every session from the
``Players`` sheet, made by :mod:`rules.draw` from a seed, written as ``Seating``, the ``Games``
template and the players' programmes (:mod:`.plan` reads and draws, :mod:`.output` writes).
"""
