"""The drop page: ``mahjong-club serve``, a small local web application on 127.0.0.1.

The organiser drops the workbook on a page in their browser and gets, on one page, either the
located problems (the same texts as the command line) or the standings preview, the warnings
and buttons for everything a run makes (the updated workbook, the site, its zip, the emails,
sending them). It is a layer above :mod:`mahjong_club.pipeline` and calls it as the command
line does: :mod:`.runs` processes one upload, :mod:`.app` is the Flask application,
:mod:`.command` parses the arguments and serves it.
"""
