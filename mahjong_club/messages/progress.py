"""The words of a run's progress: each stage's title and the steps that have words of their own.

The other steps name what they work on as it is called in the workbook (a sheet such as
``Games``, a capability such as ``standings``) or an email address.

    >>> from mahjong_club.messages.core import say
    >>> say(PROGRESS["read"], name="season.xlsx").render("da")
    'Læser season.xlsx'
"""

from mahjong_club.messages.core import Entry, entry


def _progress(key: str, *, en: str, da: str) -> Entry:
    return entry(f"progress.{key}", en=en, da=da)


#: Every word of the progress by its key.
PROGRESS: dict[str, Entry] = {
    # the stages
    "read": _progress("read", en="Reading {name}", da="Læser {name}"),
    "compute": _progress("compute", en="Computing", da="Beregner"),
    "build": _progress("build", en="Preparing the results", da="Forbereder resultaterne"),
    "render": _progress(
        "render",
        en="Making the emails",
        da="Laver e-mails",
    ),
    "write": _progress("write", en="Writing {folder}", da="Skriver {folder}"),
    "check_pages": _progress(
        "check_pages",
        en="Making the site's pages (a dry run: none is kept)",
        da="Laver sidens sider (prøvekørsel: ingen gemmes)",
    ),
    "send": _progress("send", en="Sending the emails", da="Sender e-mails"),
    # steps with words of their own
    "open": _progress("open", en="opening the file", da="åbner filen"),
    "formulas": _progress(
        "formulas", en="checking the formulas' saved values", da="kontrollerer formlernes værdier"
    ),
    "exports": _progress("exports", en="exports", da="eksporter"),
    "result_sheets": _progress("result_sheets", en="result sheets", da="resultatark"),
    "site": _progress("site", en="the site", da="siden"),
    "pages": _progress("pages", en="the site's pages ({count})", da="sidens sider ({count})"),
    "emails": _progress("emails", en="the emails ({count})", da="e-mails ({count})"),
    "page": _progress("page", en="the page {file}", da="siden {file}"),
    "compose": _progress("compose", en="the emails", da="e-mails"),
    "workbook": _progress("workbook", en="the workbook {name}", da="regnearket {name}"),
    "publish": _progress("publish", en="publishing", da="offentliggør"),
    # a line of the plain log (not on a terminal)
    "line": _progress(
        "line", en="{title}: {done}/{total} {item}", da="{title}: {done}/{total} {item}"
    ),
    "line_done": _progress("line_done", en="{title}: done", da="{title}: færdig"),
    "line_stopped": _progress(
        "line_stopped",
        en="{title}: stopped after {done} of {total}",
        da="{title}: standset efter {done} af {total}",
    ),
}
