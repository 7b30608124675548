"""The words of the draw (``mahjong-club draw``): its report, its refusals and its pages.

>>> from mahjong_club.messages.core import say
>>> say(DRAW["repeats"], count=0).render("da")
'Gentagne møder: 0'
"""

from mahjong_club.messages.core import Entry, entry


def _draw(key: str, *, en: str, da: str) -> Entry:
    return entry(f"draw.{key}", en=en, da=da)


#: Every string of the draw by its key.
DRAW: dict[str, Entry] = {
    # the report on stdout
    "hash": _draw(
        "hash",
        en="Seed hash (publish it before session {session}): {hash}",
        da="Frøets hash (offentliggør den før runde {session}): {hash}",
    ),
    "hash_kept": _draw(
        "hash_kept",
        en="Seed hash (the earlier draw's seed, from {file}; already published): {hash}",
        da="Frøets hash (den tidligere lodtræknings frø, fra {file}; allerede offentliggjort):"
        " {hash}",
    ),
    "drawn": _draw(
        "drawn",
        en="Drew {count:session|sessions} {span} for {players} players ({tables}"
        " {tables:table|tables} a session)",
        da="Trak {count:runde|runderne} {span} for {players} spillere ({tables}"
        " {tables:bord|borde} pr. runde)",
    ),
    "kept": _draw(
        "kept",
        en="Kept the {count} {count:session|sessions} already played as {count:it was|they were}",
        da="Beholdt {count} {count:runde|runder}, der allerede er spillet, som {count:den|de} var",
    ),
    "swiss": _draw(
        "swiss",
        en="Session {session} is seated by the ranking after session {after} (Swiss)",
        da="Runde {session} er placeret efter stillingen efter runde {after} (schweizisk)",
    ),
    "repeats": _draw("repeats", en="Repeat meetings: {count}", da="Gentagne møder: {count}"),
    "repeats_found": _draw(
        "repeats_found",
        en="Repeat meetings: {count} (some pairs meet more than once: no better seating was found)",
        da="Gentagne møder: {count} (nogle par mødes mere end én gang: ingen bedre placering"
        " blev fundet)",
    ),
    "clashes": _draw(
        "clashes",
        en="Team-mates at one table: {team}; players of one club at one table: {club}",
        da="Holdkammerater ved samme bord: {team}; spillere fra samme klub ved samme bord: {club}",
    ),
    "winds": _draw(
        "winds",
        en="Winds: each player's count of each wind differs by at most {spread}",
        da="Vinde: hver spillers antal af hver vind afviger højst {spread}",
    ),
    "wrote": _draw("wrote", en="Wrote {workbook} ({sheets})", da="Skrev {workbook} ({sheets})"),
    "pages": _draw(
        "pages",
        en="Programmes (a page per player and per session): {folder}",
        da="Programmer (en side pr. spiller og pr. runde): {folder}",
    ),
    "seed_file": _draw(
        "seed_file",
        en="The seed is in {file}: keep it secret until the tournament is over, then publish it"
        " so that anyone can check the draw with: mahjong-club draw WORKBOOK --sessions"
        " {sessions} --seed SEED{swiss}",
        da="Frøet står i {file}: hold det hemmeligt til turneringen er slut, og offentliggør det"
        " så, så alle kan kontrollere lodtrækningen med: mahjong-club draw REGNEARK --sessions"
        " {sessions} --seed FRØ{swiss}",
    ),
    "template_sheet": _draw(
        "template_sheet",
        en="Your Games sheet has results, so it is left as it is: copy the rows of the sheet"
        " 'Next games' under them",
        da="Dit Games-ark har resultater, så det er ikke ændret: kopiér rækkerne fra arket"
        " 'Next games' ind under dem",
    ),
    "template_sheet_planned": _draw(
        "template_sheet_planned",
        en="Your Games sheet has results, so it is left as it is: delete its rows of"
        " {sessions:session|sessions} {planned} (drawn before, not played: this draw replaces"
        " them), then copy the rows of the sheet 'Next games' under the rest",
        da="Dit Games-ark har resultater, så det er ikke ændret: slet dets rækker for"
        " {sessions:runde|runder} {planned} (trukket før, ikke spillet: denne lodtrækning"
        " erstatter dem), og kopiér så rækkerne fra arket 'Next games' ind under resten",
    ),
    # refusals (the rules' DrawError codes, and the command's own)
    "too_few": _draw(
        "too_few",
        en="the draw needs at least 4 players in the Players sheet, not {count}",
        da="lodtrækningen kræver mindst 4 spillere i arket Players, ikke {count}",
    ),
    "not_four": _draw(
        "not_four",
        en="{count} players cannot sit four to a table: add {missing}"
        " {missing:substitute|substitutes} as {missing:a row|rows} of"
        " the Players sheet",
        da="{count} spillere kan ikke sidde fire ved hvert bord: tilføj {missing}"
        " {missing:reserve|reserver}"
        " som {missing:en række|rækker} i arket Players",
    ),
    "no_session": _draw(
        "no_session",
        en="--sessions {sessions}: {played} {played:session is|sessions are} already played, so"
        " there is no"
        " session to draw (give the tournament's whole number of sessions)",
        da="--sessions {sessions}: {played} {played:runde|runder} er allerede spillet, så der"
        " er ingen"
        " runde at trække (angiv turneringens samlede antal runder)",
    ),
    "no_players": _draw(
        "no_players",
        en="the workbook has no Players sheet: the draw seats the players listed there",
        da="regnearket har intet Players-ark: lodtrækningen placerer spillerne derfra",
    ),
    "stranger": _draw(
        "stranger",
        en="{player!r} played in session {session} but is not in the Players sheet",
        da="{player!r} spillede i runde {session}, men står ikke i arket Players",
    ),
    "swiss_first": _draw(
        "swiss_first",
        en="--swiss seats a session by the ranking: play and score session 1 first (the first"
        " session is drawn without --swiss)",
        da="--swiss placerer en runde efter stillingen: spil og indtast runde 1 først (den"
        " første runde trækkes uden --swiss)",
    ),
    "sessions_range": _draw(
        "sessions_range",
        en="--sessions takes a number of sessions from 1 to {most}, not {value!r}",
        da="--sessions tager et antal runder fra 1 til {most}, ikke {value!r}",
    ),
    "bad_seed": _draw(
        "bad_seed",
        en="--seed takes a text of 1 to {most} printable characters, not {value!r}",
        da="--seed tager en tekst på 1 til {most} skrivbare tegn, ikke {value!r}",
    ),
    # the pages
    "title": _draw("title", en="The draw", da="Lodtrækningen"),
    "intro": _draw(
        "intro",
        en="Find your name for your table and wind in every session. The draw was made from a"
        " secret seed; its fingerprint (SHA-256), published before session 1, is:",
        da="Find dit navn for dit bord og din vind i hver runde. Lodtrækningen er lavet ud fra"
        " et hemmeligt frø; dets fingeraftryk (SHA-256), offentliggjort før runde 1, er:",
    ),
    "session": _draw("session", en="Session {session}", da="Runde {session}"),
    "table": _draw("table", en="Table {table}", da="Bord {table}"),
    "player": _draw("player", en="Player", da="Spiller"),
    "players": _draw("players", en="Players", da="Spillere"),
    "sessions": _draw("sessions", en="Sessions", da="Runder"),
    "wind": _draw("wind", en="Wind", da="Vind"),
    "table_column": _draw("table_column", en="Table", da="Bord"),
    "programme": _draw("programme", en="Programme of {name}", da="Program for {name}"),
    "E": _draw("wind_e", en="East", da="Øst"),
    "S": _draw("wind_s", en="South", da="Syd"),
    "W": _draw("wind_w", en="West", da="Vest"),
    "N": _draw("wind_n", en="North", da="Nord"),
}
