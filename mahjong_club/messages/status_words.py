"""A member's attendance status explained, in English and Danish: during the season (what
happens next, how to stop being substitutable) and once it is complete (in the past, with no
check to come).

Site entries like those of :mod:`mahjong_club.messages.site` (codes ``site.status_…``), added to
its ``SITE`` table; the pages and emails use them through ``explain(member, final)``.

    >>> from mahjong_club.messages.core import say
    >>> say(STATUS_WORDS["status_final_warning"], attended=1, regular=19, required="2/3",
    ...     since="1 January 2026").render("en")  # doctest: +NORMALIZE_WHITESPACE
    'You attended 1 of 19 regular club nights on time; the requirement was 2/3. Your attendance
    was below it at the check on 1 January 2026.'
"""

from mahjong_club.messages.core import Entry, entry


def _status(key: str, *, en: str, da: str) -> Entry:
    return entry(f"site.{key}", en=en, da=da)


#: Every status explanation by its key.
STATUS_WORDS: dict[str, Entry] = {
    "status_explain_warning": _status(
        "status_explain_warning",
        en=(
            "You have attended {attended} of {regular} regular club {regular:night|nights} on"
            " time; the requirement is {required}. Your attendance was below it at the check"
            " on {since}. If it is still below at the next check, you become substitutable."
        ),
        da=(
            "Du er mødt til tiden {attended} af {regular} almindelige"
            " {regular:spilleaften|spilleaftener}; kravet er {required}. Dit fremmøde var under"
            " kravet ved checket {since}. Er det stadig under ved næste check, bliver du"
            " substituerbar."
        ),
    ),
    "status_explain_substitutable": _status(
        "status_explain_substitutable",
        en=(
            "You have attended {attended} of {regular} regular club {regular:night|nights} on"
            " time; the requirement is {required}. Since {since} you are substitutable: when no"
            " game of your division can be played otherwise, a substitute may play in your"
            " place. You stop being substitutable as soon as you reach the requirement."
        ),
        da=(
            "Du er mødt til tiden {attended} af {regular} almindelige"
            " {regular:spilleaften|spilleaftener}; kravet er {required}. Siden {since} er du"
            " substituerbar: hvis der ikke kan spilles noget spil i din division ellers, kan en"
            " substitut spille i dit sted. Du holder op med at være substituerbar, så snart du"
            " når kravet."
        ),
    ),
    "status_final_warning": _status(
        "status_final_warning",
        en=(
            "You attended {attended} of {regular} regular club {regular:night|nights} on"
            " time; the requirement was {required}. Your attendance was below it at the check"
            " on {since}."
        ),
        da=(
            "Du mødte til tiden {attended} af {regular} almindelige"
            " {regular:spilleaften|spilleaftener}; kravet var {required}. Dit fremmøde var under"
            " kravet ved checket {since}."
        ),
    ),
    "status_final_substitutable": _status(
        "status_final_substitutable",
        en=(
            "You attended {attended} of {regular} regular club {regular:night|nights} on"
            " time; the requirement was {required}. From {since} you were substitutable: when"
            " no game of your division could be played otherwise, a substitute could play in"
            " your place."
        ),
        da=(
            "Du mødte til tiden {attended} af {regular} almindelige"
            " {regular:spilleaften|spilleaftener}; kravet var {required}. Fra {since} var du"
            " substituerbar: hvis der ikke kunne spilles noget spil i din division ellers, kunne"
            " en substitut spille i dit sted."
        ),
    ),
}
