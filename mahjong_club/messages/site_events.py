"""The words of the tournament and Duplicate pages, in English and Danish.

They are site entries like those of :mod:`mahjong_club.messages.site` (codes ``site.…``) and
are added to its ``SITE`` table, so templates use them with ``t("key")`` as any other.

    >>> from mahjong_club.messages.core import say
    >>> say(SITE_EVENTS["tournament_rank_of"], rank="3", count=40).render("da")
    'Nr. 3 af 40'
"""

from mahjong_club.messages.core import Entry, entry


def _site(key: str, *, en: str, da: str) -> Entry:
    return entry(f"site.{key}", en=en, da=da)


#: Every tournament and Duplicate page string by its key.
SITE_EVENTS: dict[str, Entry] = {
    # --- Tournament ------------------------------------------------------------------------
    "tournament_played": _site(
        "tournament_played",
        en="{players} players, {sessions} {sessions:session|sessions}",
        da="{players} spillere, {sessions} {sessions:runde|runder}",
    ),
    "tournament_scroll_note": _site(
        "tournament_scroll_note",
        en="Each session's result and the penalties are further right: scroll the table sideways.",
        da="Hver rundes resultat og straffene står længere til højre: rul tabellen til siden.",
    ),
    "tournament_chart": _site(
        "tournament_chart", en="Total after each session", da="Total efter hver runde"
    ),
    "tournament_chart_desc": _site(
        "tournament_chart_desc",
        en="The cumulative total of the top {count} after each session.",
        da="Den samlede total for de {count} bedste efter hver runde.",
    ),
    "tournament_chart_note": _site(
        "tournament_chart_note",
        en=(
            "The top {count} of the ranking, each line ending in its rank; every player's own"
            " line is on their page."
        ),
        da=(
            "De {count} bedste i ranglisten, hver linje slutter med sin placering; hver spillers"
            " egen linje står på spillerens side."
        ),
    ),
    "tournament_player_chart_desc": _site(
        "tournament_player_chart_desc",
        en=(
            "The cumulative total of {player} after each session, against every other"
            " player (grey)."
        ),
        da="Den samlede total for {player} efter hver runde, mod alle de andre spillere (grå).",
    ),
    "tournament_other_players": _site(
        "tournament_other_players", en="Other players", da="Andre spillere"
    ),
    "tournament_marks": _site(
        "tournament_marks",
        en="Substituted or disqualified",
        da="Substitueret eller diskvalificeret",
    ),
    "tournament_disqualified": _site(
        "tournament_disqualified",
        en="Disqualified in session {session}, table {table}",
        da="Diskvalificeret i runde {session}, bord {table}",
    ),
    "tournament_disqualified_nowhere": _site(
        "tournament_disqualified_nowhere", en="Disqualified", da="Diskvalificeret"
    ),
    "tournament_disqualified_rank": _site(
        "tournament_disqualified_rank",
        en="ranked below every player who was not disqualified",
        da="placeret under alle spillere, der ikke blev diskvalificeret",
    ),
    "tournament_sub_start": _site(
        "tournament_sub_start",
        en="A substitute played session {session} (table {table}) from its start",
        da="En substitut spillede runde {session} (bord {table}) fra start",
    ),
    "tournament_sub_during": _site(
        "tournament_sub_during",
        en="A substitute took over during session {session} (table {table})",
        da="En substitut overtog under runde {session} (bord {table})",
    ),
    "tournament_sub_result": _site(
        "tournament_sub_result",
        en="the session counts {points} and a 4th place",
        da="runden tæller {points} og en 4. plads",
    ),
    "tournament_substitute_short": _site(
        "tournament_substitute_short", en="substitute", da="substitut"
    ),
    "tournament_sub_badge": _site(
        "tournament_sub_badge",
        en="substituted: session {sessions}",
        da="substitueret: runde {sessions}",
    ),
    "tournament_substitute_entrant": _site(
        "tournament_substitute_entrant",
        en="substitute entrant (not ranked by the EMA)",
        da="reserve (rangeres ikke af EMA)",
    ),
    "tournament_no_marks": _site(
        "tournament_no_marks",
        en="No player was disqualified or substituted.",
        da="Ingen spiller blev diskvalificeret eller substitueret.",
    ),
    "seating": _site("seating", en="Seating", da="Bordplan"),
    "seating_title": _site("seating_title", en="Seating and results", da="Bordplan og resultater"),
    "seating_link": _site(
        "seating_link",
        en="Who sat at which table in every session, with the results",
        da="Hvem sad ved hvilket bord i hver runde, med resultaterne",
    ),
    "seating_order_note": _site(
        "seating_order_note",
        en="Each table's players are listed in the order of the Games sheet.",
        da="Hvert bords spillere står i Games-arkets rækkefølge.",
    ),
    "seating_sessions": _site("seating_sessions", en="Sessions", da="Runder"),
    "tournament_rank_of": _site(
        "tournament_rank_of", en="Rank {rank} of {count}", da="Nr. {rank} af {count}"
    ),
    "tournament_total_after": _site("tournament_total_after", en="Total after", da="Total efter"),
    "tournament_opponents": _site("tournament_opponents", en="At the table", da="Ved bordet"),
    "tournament_penalties_total": _site(
        "tournament_penalties_total",
        en="Penalties off the total: {points}",
        da="Straffe trukket fra totalen: {points}",
    ),
    "tournament_sum_note": _site(
        "tournament_sum_note",
        en="The sessions add up to {sessions}; penalties off the total {penalties}; total {total}.",
        da="Runderne giver i alt {sessions}; straffe fra totalen {penalties}; total {total}.",
    ),
    "tournament_back": _site("tournament_back", en="The whole ranking", da="Hele ranglisten"),
    # --- Duplicate -------------------------------------------------------------------------
    "duplicate_scale_default": _site(
        "duplicate_scale_default",
        en=(
            "IMP scale: provisional default (the bridge scale with its points divided by ten,"
            " until the official table is known)."
        ),
        da=(
            "IMP-skala: foreløbig standard (bridgeskalaen med pointene divideret med ti, indtil"
            " den officielle tabel kendes)."
        ),
    ),
    "duplicate_scale_workbook": _site(
        "duplicate_scale_workbook",
        en="IMP scale: the club's own, from the workbook's “IMP scale” sheet.",
        da="IMP-skala: klubbens egen, fra arbejdsbogens ark “IMP scale”.",
    ),
    "duplicate_decided_imps": _site("duplicate_decided_imps", en="IMPs", da="IMP"),
    "duplicate_decided_positive": _site(
        "duplicate_decided_positive",
        en="boards with positive IMPs",
        da="brætter med positive IMP",
    ),
    "duplicate_decided_tied": _site("duplicate_decided_tied", en="tied", da="delt"),
    "duplicate_shared": _site(
        "duplicate_shared",
        en="Shares place {rank}: the same IMPs and as many boards with positive IMPs.",
        da="Deler {rank}. pladsen: samme IMP og lige så mange brætter med positive IMP.",
    ),
    "duplicate_positive_boards": _site(
        "duplicate_positive_boards", en="Positive boards", da="Positive brætter"
    ),
    "duplicate_ranking_note": _site(
        "duplicate_ranking_note",
        en=(
            "Ranked by total IMPs (false Mahjong penalties included), then by the number of"
            " boards with positive IMPs; still equal: a shared place."
        ),
        da=(
            "Rangeret efter samlede IMP (straffe for falsk mahjong medregnet), derefter efter"
            " antal brætter med positive IMP; stadig lige: delt plads."
        ),
    ),
    "duplicate_your_boards": _site("duplicate_your_boards", en="Every board", da="Alle brætter"),
    "duplicate_total": _site("duplicate_total", en="Total", da="I alt"),
    "duplicate_board_imps": _site("duplicate_board_imps", en="Board IMPs", da="Brættets IMP"),
    "duplicate_false_penalty": _site(
        "duplicate_false_penalty", en="False Mahjong penalty", da="Straf for falsk mahjong"
    ),
    "duplicate_back": _site("duplicate_back", en="The whole ranking", da="Hele ranglisten"),
    "duplicate_boards_heading": _site(
        "duplicate_boards_heading", en="Every board", da="Alle brætter"
    ),
}
