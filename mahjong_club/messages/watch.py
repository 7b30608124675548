"""What ``mahjong-club watch`` says: its log lines and the problems report of a workbook.

The problems themselves are the CLI's (the reading and computing entries); these are the words
around them. The log is English, as the terminal is.
"""

from mahjong_club.messages.core import entry

# Counted nouns: (one, many).
ERRORS = (
    entry("watch.count.error", en="1 error", da="1 fejl"),
    entry("watch.count.errors", en="{count} errors", da="{count} fejl"),
)

STARTED = entry(
    "watch.started",
    en="watching {inbox} for workbooks; results go to {out}; Ctrl-C stops",
    da="holder øje med arbejdsbøger i {inbox}; resultaterne kommer i {out}; Ctrl-C stopper",
)
STOPPED = entry("watch.stopped", en="stopped", da="stoppet")
PROCESSING = entry("watch.processing", en="{name}: processing", da="{name}: behandles")
SAVED_MEANWHILE = entry(
    "watch.saved_meanwhile",
    en="{name}: saved again while it was processed; the new save is processed next",
    da="{name}: gemt igen, mens den blev behandlet; den nye udgave behandles nu",
)
PUBLISHED = entry(
    "watch.published",
    en="{name}: published in {folder} ({warnings})",
    da="{name}: offentliggjort i {folder} ({warnings})",
)
NO_WARNINGS = entry("watch.no_warnings", en="no warnings", da="ingen advarsler")
NOT_PUBLISHED = entry(
    "watch.not_published",
    en="{name}: {errors}, nothing was published (the previous results stay); see {report}",
    da="{name}: {errors}, intet blev offentliggjort (de tidligere resultater bliver stående);"
    " se {report}",
)
INTERNAL_ERROR = entry(
    "watch.internal_error",
    en="{name}: internal error: {error}; the watch goes on",
    da="{name}: intern fejl: {error}; overvågningen fortsætter",
)
NOT_A_ZIP_YET = entry(
    "watch.not_a_zip_yet",
    en="{name}: its size has not changed for {seconds} seconds but it is still not a complete"
    " workbook; processing it as it is",
    da="{name}: størrelsen har ikke ændret sig i {seconds} sekunder, men den er stadig ikke en"
    " hel arbejdsbog; den behandles, som den er",
)
INBOX_MISSING = entry(
    "watch.inbox_missing",
    en="the folder to watch {inbox} does not exist",
    da="mappen, der skal holdes øje med, {inbox}, findes ikke",
)
SETTLE_NOT_POSITIVE = entry(
    "watch.settle_not_positive",
    en="--settle takes a number of seconds above 0, not {value!r}",
    da="--settle tager et antal sekunder over 0, ikke {value!r}",
)

# The problems email (--email-problems).
MAIL_SUBJECT = entry(
    "watch.mail.subject", en="Problems in {name}: {errors}", da="Problemer i {name}: {errors}"
)
MAILED = entry(
    "watch.mail.sent",
    en="{name}: the problems were emailed to {to}",
    da="{name}: problemerne blev sendt til {to}",
)
MAILED_BEFORE = entry(
    "watch.mail.before",
    en="{name}: these problems were emailed to {to} before; not again",
    da="{name}: disse problemer er sendt til {to} før; ikke igen",
)
MAIL_FAILED = entry(
    "watch.mail.failed",
    en="{name}: could not email the problems to {to}: {reason}",
    da="{name}: kunne ikke sende problemerne til {to}: {reason}",
)
MAIL_OPTION_ALONE = entry(
    "watch.mail.option_alone",
    en="{option} needs --email-problems ADDRESS",
    da="{option} kræver --email-problems ADRESSE",
)
MAIL_BAD_ADDRESS = entry(
    "watch.mail.bad_address",
    en="{address!r} is not an email address that can be used: {problem}",
    da="{address!r} er ikke en e-mailadresse, der kan bruges: {problem}",
)
MAIL_NEEDS_HOST = entry(
    "watch.mail.needs_host",
    en="--email-problems needs --smtp-host HOST (the mail server)",
    da="--email-problems kræver --smtp-host VÆRT (mailserveren)",
)
MAIL_BAD_PORT = entry(
    "watch.mail.bad_port",
    en="--smtp-port takes a port from 1 to 65535, not {port}",
    da="--smtp-port tager en port fra 1 til 65535, ikke {port}",
)
MAIL_NOT_STARTED = entry(
    "watch.mail.not_started",
    en="--email-problems cannot work: {problem}",
    da="--email-problems kan ikke virke: {problem}",
)

# The problems report (INBOX/problems/<workbook>.txt and .html).
REPORT_TITLE = entry("watch.report.title", en="Problems in {name}", da="Problemer i {name}")
REPORT_SAVED = entry(
    "watch.report.saved",
    en="The workbook as saved at {saved}, read at {read}.",
    da="Arbejdsbogen, som den var gemt {saved}, læst {read}.",
)
REPORT_SUMMARY = entry(
    "watch.report.summary",
    en="{errors} in {name}; nothing was published, and the previous results stay. Correct the"
    " workbook and save it again: this report goes away when it is read without errors.",
    da="{errors} i {name}; intet blev offentliggjort, og de tidligere resultater bliver"
    " stående. Ret arbejdsbogen og gem den igen: denne rapport forsvinder, når den kan læses"
    " uden fejl.",
)
