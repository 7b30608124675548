"""Messages about the emails: their settings, their addresses, sending and the sent-ledger.

The terminal shows them in English (``str(message)``); the Danish is there for the day they
reach a Danish club's own screens, and because every entry has both.
"""

from mahjong_club.messages.core import entry

# Settings and addresses -----------------------------------------------------------------------
# Checked while reading the Settings sheet (each problem names its cell) and again, as a
# safeguard, when the emails are composed.

CONTROL_CHARACTER = entry(
    "mail.control_character",
    en="contains a line break or another control character ({character}); write it on one line",
    da="indeholder et linjeskift eller et andet kontroltegn ({character}); skriv det på én linje",
)
ADDRESS_UNUSABLE = entry(
    "mail.address_unusable",
    en="{address!r} cannot be used as an email address: {problem}",
    da="{address!r} kan ikke bruges som e-mailadresse: {problem}",
)
ADDRESS_NOT_PLAIN = entry(
    "mail.address_not_plain",
    en="it is not a plain address (ASCII letters, one @, a domain like example.org)",
    da="den er ikke en almindelig adresse (ASCII-bogstaver, ét @, et domæne som example.org)",
)
ADDRESS_NO_AT = entry(
    "mail.address_no_at",
    en="there is no '@' in it",
    da="der er intet '@' i den",
)
ADDRESS_BAD_USER = entry(
    "mail.address_bad_user",
    en="the part before '@' must be plain letters, digits and signs, without spaces",
    da="delen før '@' skal være almindelige bogstaver, tal og tegn, uden mellemrum",
)
ADDRESS_BAD_DOMAIN = entry(
    "mail.address_bad_domain",
    en="{domain!r} after '@' is not a domain name like example.org",
    da="{domain!r} efter '@' er ikke et domænenavn som example.org",
)
SENDER_ONLY_ADDRESS = entry(
    "mail.sender_only_address",
    en="{problem}; write only the address, like organiser@example.org",
    da="{problem}; skriv kun adressen, fx organiser@example.org",
)
HOST_NOT_A_NAME = entry(
    "mail.host_not_a_name",
    en="{host!r} is not a mail server's name (like smtp.example.org) or IP address",
    da="{host!r} er ikke navnet (som smtp.example.org) eller IP-adressen på en mailserver",
)
PORT_OUT_OF_RANGE = entry(
    "mail.port_out_of_range",
    en="{port} is not a port number (1 to 65535; usually 587 or 465)",
    da="{port} er ikke et portnummer (1 til 65535; som regel 587 eller 465)",
)

# Before anything is written --------------------------------------------------------------------
# ``--send`` checks what it needs first: a run that cannot send writes nothing.

SEND_NEEDS_SETTING = entry(
    "mail.send_needs_setting",
    en="sending the emails needs the {name} setting in the Settings sheet",
    da="at sende e-mails kræver indstillingen {name} i arket Settings",
)
SEND_HALF_CREDENTIALS = entry(
    "mail.send_half_credentials",
    en="the environment variable {given} is set but {missing} is not: set both"
    " (or neither, for a mail server without login)",
    da="miljøvariablen {given} er sat, men {missing} er ikke: sæt begge"
    " (eller ingen af dem, til en mailserver uden login)",
)
SEND_BAD_SECONDS = entry(
    "mail.send_bad_seconds",
    en="the environment variable {name}={value!r} is not a number of seconds above 0",
    da="miljøvariablen {name}={value!r} er ikke et antal sekunder over 0",
)
SEND_NO_CA_FILE = entry(
    "mail.send_no_ca_file",
    en="the environment variable SMTP_CA_FILE={path!r} names no file",
    da="miljøvariablen SMTP_CA_FILE={path!r} peger ikke på en fil",
)
SEND_BAD_CA_FILE = entry(
    "mail.send_bad_ca_file",
    en="the environment variable SMTP_CA_FILE={path!r} is not a certificate file (PEM): {error}",
    da="miljøvariablen SMTP_CA_FILE={path!r} er ikke en certifikatfil (PEM): {error}",
)
SEND_NOT_STARTED = entry(
    "mail.send_not_started",
    en="{problem}; nothing was written or sent",
    da="{problem}; intet er skrevet eller sendt",
)
SEND_WITHOUT_EMAILS = entry(
    "mail.send_without_emails",
    en="--send sends the emails this run writes: it does not go with --no-email",
    da="--send sender de e-mails, kørslen skriver: den kan ikke bruges sammen med --no-email",
)
SEND_OPTION_ALONE = entry(
    "mail.send_option_alone",
    en="{option} goes only with --send",
    da="{option} kan kun bruges sammen med --send",
)

# Sending ----------------------------------------------------------------------------------------

SEND_SUMMARY = entry(
    "mail.send_summary",
    en="Emails sent: {sent}; already sent before: {skipped}{resend}",
    da="E-mails sendt: {sent}; sendt før: {skipped}{resend}",
)
NOT_SENT_SUMMARY = entry(
    "mail.not_sent_summary",
    en="Emails not sent: {count} (each is named, with the reason, in the messages)",
    da="E-mails ikke sendt: {count} (hver er nævnt, med årsagen, i meddelelserne)",
)
UNCONFIRMED_SUMMARY = entry(
    "mail.unconfirmed_summary",
    en="Emails sent that the server did not confirm: 1 (named, with what to do, in the messages)",
    da="E-mails sendt, som serveren ikke bekræftede: 1 (nævnt, med hvad du kan gøre, i"
    " meddelelserne)",
)
# What the command line and the drop page each offer, said in the lines about sending.
RESEND_HINT = entry(
    "mail.resend_hint", en=" (--resend sends them again)", da=" (--resend sender dem igen)"
)
RETRY_HINT = entry(
    "mail.retry_hint", en=" (--retry-refused tries again)", da=" (--retry-refused prøver igen)"
)
RESEND_IT_HINT = entry(
    "mail.resend_it_hint",
    en=" (it had been sent before: only --resend sends it again)",
    da=" (den var sendt før: kun --resend sender den igen)",
)
SENT_OTHER_SEASON = entry(
    "mail.sent_other_season",
    en="the email to {to} was sent before, word for word, under the season name {season!r}"
    " (the season's name changed?), so it is not sent again{resend}",
    da="e-mailen til {to} er sendt før, ord for ord, under sæsonnavnet {season!r}"
    " (er sæsonens navn ændret?), så den sendes ikke igen{resend}",
)
NEXT_SEND = entry("mail.next_send", en="the next --send", da="næste --send")
NEXT_SENDING = entry("mail.next_sending", en="the next sending", da="næste afsendelse")
SEND_AGAIN = entry(
    "mail.send_again",
    en="Run with --send again to send only these",
    da="Kør med --send igen for kun at sende dem",
)
SEND_AGAIN_RESEND = entry(
    "mail.send_again_resend",
    en="Run with --send again to send those of them never sent before; --send --resend"
    " would send every email again, those sent now too",
    da="Kør med --send igen for at sende dem af dem, der aldrig er sendt før; --send --resend"
    " ville sende alle e-mails igen, også dem, der er sendt nu",
)
SEND_AGAIN_PAGE = entry(
    "mail.send_again_page",
    en="Send again to send only these",
    da="Send igen for kun at sende dem",
)
SEND_LEDGER_AT = entry(
    "mail.send_ledger_at",
    en="Sent-ledger: {path}",
    da="Afsendelseslog: {path}",
)
REFUSED_PERMANENTLY = entry(
    "mail.refused_permanently",
    en="the server refused the email to {to}: {answer}; it is not sent again{retry}",
    da="serveren afviste e-mailen til {to}: {answer}; den sendes ikke igen{retry}",
)
REFUSED_FOR_NOW = entry(
    "mail.refused_for_now",
    en="the server refused the email to {to} for now: {answer}; {next} tries again",
    da="serveren afviste e-mailen til {to} for nu: {answer}; {next} prøver igen",
)
REFUSED_BEFORE = entry(
    "mail.refused_before",
    en="the email to {to} was refused on {when} ({answer}) and is not sent again{retry}",
    da="e-mailen til {to} blev afvist {when} ({answer}) og sendes ikke igen{retry}",
)
ADDRESS_REFUSED_BEFORE = entry(
    "mail.address_refused_before",
    en="no email goes to {to}: the server said on {when} that the address does not exist"
    " ({answer}); correct it in the Players sheet{retry}",
    da="ingen e-mail går til {to}: serveren sagde {when}, at adressen ikke findes"
    " ({answer}); ret den i arket Players{retry}",
)
NOT_SENT_BAD_ADDRESS = entry(
    "mail.not_sent_bad_address",
    en="no email to {name!r}: {problem}; correct the Email in the Players sheet",
    da="ingen e-mail til {name!r}: {problem}; ret Email i arket Players",
)
SEND_STOPPED = entry(
    "mail.send_stopped",
    en="sending stopped: {reason}; not sent: {count} ({names}). {again}",
    da="afsendelsen stoppede: {reason}; ikke sendt: {count} ({names}). {again}",
)

# Why sending stopped (the {reason} above) ------------------------------------------------------

STOP_DEADLINE = entry(
    "mail.stop_deadline",
    en="it took longer than {seconds} seconds (SMTP_DEADLINE)",
    da="den tog længere end {seconds} sekunder (SMTP_DEADLINE)",
)
STOP_CONNECTION = entry(
    "mail.stop_connection",
    en="the connection to {host} failed or was lost ({error})",
    da="forbindelsen til {host} mislykkedes eller blev afbrudt ({error})",
)
STOP_NO_SERVER = entry(
    "mail.stop_no_server",
    en="could not connect to {host} on port {port} ({error}): is the mail server running,"
    " and are the smtp_host and smtp_port settings right?",
    da="kunne ikke forbinde til {host} på port {port} ({error}): kører mailserveren, og er"
    " indstillingerne smtp_host og smtp_port rigtige?",
)
STOP_SILENT = entry(
    "mail.stop_silent",
    en="{host} did not answer within {seconds} seconds (SMTP_TIMEOUT)",
    da="{host} svarede ikke inden for {seconds} sekunder (SMTP_TIMEOUT)",
)
STOP_SERVER_ANSWER = entry(
    "mail.stop_server_answer",
    en="{host} answered {answer}",
    da="{host} svarede {answer}",
)
STOP_INTERRUPTED = entry(
    "mail.stop_interrupted",
    en="you stopped it (Ctrl-C)",
    da="du stoppede den (Ctrl-C)",
)
STOP_GREETING = entry(
    "mail.stop_greeting",
    en="{host} turned the connection away: {answer}",
    da="{host} afviste forbindelsen: {answer}",
)
STOP_LOGIN_NEEDED = entry(
    "mail.stop_login_needed",
    en="{host} wants a login before it takes emails ({answer}): set SMTP_USER and"
    " SMTP_PASSWORD (see the README's mail settings), then --send again",
    da="{host} kræver et login, før den modtager e-mails ({answer}): sæt SMTP_USER og"
    " SMTP_PASSWORD (se README'ens mailindstillinger), og kør --send igen",
)
STOP_FOR_NOW = entry(
    "mail.stop_for_now",
    en="{host} takes no more emails for now: {answer}",
    da="{host} modtager ikke flere e-mails lige nu: {answer}",
)
NOT_AN_ANSWER = entry(
    "mail.not_an_answer",
    en="an answer that is no SMTP reply ({text})",
    da="et svar, der ikke er et SMTP-svar ({text})",
)
DELIVERY_UNCERTAIN = entry(
    "mail.delivery_uncertain",
    en="the email to {to} had been sent when the sending stopped, but the server had not"
    " confirmed it: it may have arrived, so it is not sent again{retry}",
    da="e-mailen til {to} var sendt, da afsendelsen stoppede, men serveren havde ikke"
    " bekræftet den: den kan være kommet frem, så den sendes ikke igen{retry}",
)
UNCONFIRMED_BEFORE = entry(
    "mail.unconfirmed_before",
    en="the email to {to} sent on {when} has no answer of the server's recorded (the sending"
    " stopped before it was written down): it may have arrived and is not sent again{retry}",
    da="e-mailen til {to}, sendt {when}, har intet svar fra serveren gemt (afsendelsen"
    " stoppede, før det blev skrevet ned): den kan være kommet frem og sendes ikke"
    " igen{retry}",
)
STOP_SENDER_REFUSED = entry(
    "mail.stop_sender_refused",
    en="{host} refused the sender {sender}: {answer}",
    da="{host} afviste afsenderen {sender}: {answer}",
)
STOP_NO_ENCRYPTION = entry(
    "mail.stop_no_encryption",
    en="{host} offers no encryption (STARTTLS); the password is not sent over a plain connection",
    da="{host} tilbyder ingen kryptering (STARTTLS); adgangskoden sendes ikke over en"
    " ukrypteret forbindelse",
)
STOP_LOGIN_REFUSED = entry(
    "mail.stop_login_refused",
    en="{host} did not accept SMTP_USER and SMTP_PASSWORD: {answer}",
    da="{host} godkendte ikke SMTP_USER og SMTP_PASSWORD: {answer}",
)
STOP_NOT_RECORDED = entry(
    "mail.stop_not_recorded",
    en="the email to {to} was sent but the sent-ledger could not record it ({error});"
    " it is not sent again",
    da="e-mailen til {to} blev sendt, men afsendelsesloggen kunne ikke gemme det ({error});"
    " den sendes ikke igen",
)

# The sent-ledger --------------------------------------------------------------------------------

LEDGER_DAMAGED = entry(
    "mail.ledger_damaged",
    en="the sent-ledger {path} is damaged ({problem}); nothing was sent. Move the file away"
    " to start over (every email then counts as not sent yet)",
    da="afsendelsesloggen {path} er beskadiget ({problem}); intet er sendt. Flyt filen væk"
    " for at begynde forfra (alle e-mails regnes så som ikke sendt endnu)",
)
LEDGER_BUSY = entry(
    "mail.ledger_busy",
    en="another run is sending this club's emails for this season (it holds the lock on"
    " {path}, which the system lets go of when that run ends, even if it is killed: do not"
    " delete the file); nothing was sent. Run again when it has finished",
    da="en anden kørsel sender klubbens e-mails for denne sæson (den holder låsen på {path},"
    " som systemet slipper, når den kørsel slutter, også hvis den bliver dræbt: slet ikke"
    " filen); intet er sendt. Kør igen, når den er færdig",
)
LEDGER_UNUSABLE = entry(
    "mail.ledger_unusable",
    en="the folder {path} cannot hold the sent-ledger ({error}); nothing was sent. Make room"
    " on its disk, or let it be written to, and send again (a new folder, set with"
    " MAHJONG_CLUB_DATA, starts a ledger that knows nothing of the emails sent before)",
    da="mappen {path} kan ikke rumme afsendelsesloggen ({error}); intet er sendt. Skaf plads"
    " på dens disk, eller giv lov til at skrive i den, og send igen (en ny mappe, sat med"
    " MAHJONG_CLUB_DATA, begynder en log, der intet ved om de e-mails, der er sendt før)",
)
LEDGER_NOT_JSON = entry(
    "mail.ledger_not_json",
    en="it cannot be read as JSON: {error}",
    da="den kan ikke læses som JSON: {error}",
)
LEDGER_TOO_LARGE = entry(
    "mail.ledger_too_large",
    en="it is larger than {limit} bytes, far more than the tool writes",
    da="den er større end {limit} byte, langt mere end værktøjet skriver",
)
LEDGER_TOO_DEEP = entry(
    "mail.ledger_too_deep",
    en="it cannot be read as JSON: it is nested far deeper than the tool writes",
    da="den kan ikke læses som JSON: den er indlejret langt dybere, end værktøjet skriver",
)
LEDGER_WRONG_SHAPE = entry(
    "mail.ledger_wrong_shape",
    en="{part} is missing or not what the tool writes",
    da="{part} mangler eller er ikke, hvad værktøjet skriver",
)
LEDGER_OTHER_SEASON = entry(
    "mail.ledger_other_season",
    en="it belongs to the club {club!r} and season {season!r}",
    da="den hører til klubben {club!r} og sæsonen {season!r}",
)
STOP_LEDGER_FAILED = entry(
    "mail.stop_ledger_failed",
    en="the sent-ledger could not be written ({error})",
    da="afsendelsesloggen kunne ikke skrives ({error})",
)
