"""Command advice: what the command line says after a library refusal.

Library errors name no command and no option (:class:`tt_organizer.errors.TTError` carries a
``code`` and a structured ``hint``); this module alone turns them into ``tt event …`` advice
and names the options (:data:`OPTIONS`), so the web server (or any other front-end) can say the
same in its own words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tt_organizer.errors import EXIT_INPUT, TTError, in_words
from tt_organizer.i18n import N_, pgettext
from tt_organizer.i18n import gettext as _

if TYPE_CHECKING:
    from typing import Any

# code -> the advice appended to the message (formatted with the hint's fields)
ADVICE: dict[str, str] = {
    "round-paired": N_("; add {name} with `tt event late-entry`"),
    "no-player": N_(" (see `tt event players`)"),
    "top-cut-started": N_("; use `tt event top-cut` to pair it"),
    "swiss-over": N_("; see `tt event standings` and `tt event top-cut`"),
    "top-cut-not-played": N_(" (`tt event top-cut` seeds it)"),
    "round-finished": N_("; use `tt event correct {round} {table} RESULT`"),
    "result-exists": N_("; use `{correct}` to change it"),
    "table-in-finished-round": N_(" (use `{correct}` to change it)"),
    "paired-on-result": N_("; use `{correct}` to change it"),
    "not-reported": N_("; use `tt event report {table} RESULT`"),
    "no-event": N_(" (create one with `tt event create`)"),
    "no-round": N_("; use `tt event pair` (or `pair --from FILE`)"),
    # the round read model's warnings (tt_organizer/events/paired_rounds.py)
    "round-set-aside": N_(" (`tt event late-entry NAME` brings one back)"),
    "round-no-deck": N_(" (give one with `tt event deck NAME FILE`)"),
    "round-unpaired": N_(" — seat them (--set, --bye) or run `tt event repair`"),
    "player-dropped": N_(" (`tt event undrop` first)"),
    "everyone-dropped": N_(" (report its tables, or `tt event undrop` a player first)"),
    "check-in-over": N_(" (use `tt event drop`)"),
    "correction-closed": N_("; use --override to correct it anyway (logged)"),
    "no-seat": N_("; use --set TABLE A B"),
    "format-without-banlist": N_("; drop --banlist"),
    "deck-not-legal": N_("; fix it, or register with --allow-illegal"),
    "no-banlist-cache": N_(" (run `tt banlist sync`)"),
    "no-announcement": N_("; use --as-of {date} for the list in force on that date"),
    "sync-refused": N_(" (use --force to store it anyway)"),
    "card-sync-refused": N_(" (use --force to replace it anyway)"),
    "no-card-database": N_(" (run `tt cards build`)"),
    "shipped-card-database": N_(": rebuild it with `tt cards build` instead"),
    "directory": N_(" (`tt deck check-batch` checks a folder)"),
    "port-busy": N_("; choose another --port"),
    "weak-token": N_(". Leave it out and the server makes one, or make one with `python3 -c "
                     "'import secrets; print(secrets.token_urlsafe(32))'` and give it in "
                     "TT_SERVE_TOKEN or --token-file (not on the command line, where `ps` shows "
                     "it)"),
    "no-deck": N_("; give each a deck with `tt event deck NAME FILE` (or drop them)"),
}

# input field (``hint["words"]`` of a library message) -> the option that gives it
OPTIONS: dict[str, str] = {
    "best_of": "--best-of",
    "rounds": "--rounds",
    "top_cut": "--top-cut",
    "seed": "--seed",
    "unfinished": "--unfinished",
    "tiebreakers": "--tiebreakers",
    "format": "--format",
    "tiebreak_preset": "--tiebreak-preset",
    "tiebreak_rule": "--tiebreak-rule",
    "first": "--first",
    "winners": "--winners",
    "turns": "--turns",
    "winner": "--winner",
    "winner_name": "--winner NAME",
    "draw": "--draw",
    "bye_rounds": "--bye-rounds",
    "round": "--round",
    "swiss": "--swiss",
    "banlist": "--banlist",
    "announced": "--announced",
    "announced_given": "pass --announced",
}


# code -> (words of the message, the command line's option for them)
OPTION_WORDS: dict[str, tuple[str, str]] = {
    "correction-after-seeding": (N_("needs an override"), N_("needs --override")),
    "deck-locked": (N_("only as an override"), N_("only with --override")),
}


def advice(code: str | None, hint: dict[str, Any], *, shown: bool = True) -> str:
    """The command advice for a refusal, or "" when there is none (``shown``: in the current
    language; English otherwise)."""
    template = ADVICE.get(code or "")
    if not template:
        return ""
    if shown:
        template = _(template)
    fields = dict(hint)
    if hint.get("command") == "correct":
        # the same word as the catalog's other advice ("… {table} RESULT`")
        result = pgettext("a command line's placeholder", "RESULT") if shown else "RESULT"
        fields["correct"] = (f"tt event correct {hint['round']} {hint['table']} {result}"
                             + (" --top-cut" if hint.get("top_cut") else ""))
    return template.format(**fields)


def command_advice(exc: TTError) -> str:
    """The command advice for ``exc`` alone (where the front-end shows the message itself)."""
    return advice(exc.code, exc.hint)


def describe(exc: BaseException, *, shown: bool = True) -> str:
    """An error as the command line shows it: the library's message and, for a refusal that
    says what to do next, the command that does it; in the current language (``shown=False``:
    in English, for JSON)."""
    if not isinstance(exc, TTError):
        return str(exc)
    text = in_words(exc, OPTIONS, shown=shown)
    if exc.code == "rows-refused":  # a sheet refused: each refused row, worded the same way
        row = _("row {row}: {error}") if shown else "row {row}: {error}"
        return text + ":\n  " + "\n  ".join(
            row.format(row=r["row"], error=describe(r["error"], shown=shown))
            for r in exc.hint["rows"])
    if not exc.code:
        return text
    if exc.code in OPTION_WORDS:
        words, option = OPTION_WORDS[exc.code]
        if shown:
            words, option = _(words), _(option)
        text = text.replace(words, option, 1)
    extra = advice(exc.code, exc.hint, shown=shown)
    if not extra:
        return text
    # the advice belongs to the message, before a located error's quoted text (InputError)
    head, sep, tail = text.partition("\n")
    return head + extra + sep + tail


def failure(exc: TTError | OSError) -> tuple[str, int]:
    """The message and exit code of a library refusal or a file error that ends a command."""
    if isinstance(exc, TTError):
        return describe(exc), exc.exit_code
    name = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
    return f"{name}{exc.strerror or exc}", EXIT_INPUT
