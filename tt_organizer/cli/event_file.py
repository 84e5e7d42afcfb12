"""``tt event`` commands on the event file as a whole: ``create`` it, its ``status`` and
``log``, and what it writes out (``export`` a workbook, ``print`` PDF sheets)."""

from __future__ import annotations

from collections.abc import Sequence

import click

from tt_organizer import i18n
from tt_organizer.cli.event_output import say
from tt_organizer.cli.options import COUNT, event_option, json_option, setting_option
from tt_organizer.cli.output import escape, print_json
from tt_organizer.cli.setting_words import language_name, policy_name, policy_rules
from tt_organizer.events import store
from tt_organizer.events.audit_words import action_words, subject_words
from tt_organizer.events.event_reads import audit_log, load_event
from tt_organizer.events.replica import describe, read_state, status_json
from tt_organizer.events.result_words import shown as shown_result
from tt_organizer.events.setup import MAX_POINTS, create_event
from tt_organizer.events.status import status as event_status
from tt_organizer.events.views import created_json, log_json, written_json
from tt_organizer.i18n import NP_, ngettext, pgettext, translate
from tt_organizer.i18n import gettext as _
from tt_organizer.standings.policy import split_rules
from tt_organizer.typed_numbers import is_count, parse_count, parse_count_list


def _int_or_auto(value: str, flag: str, allowed: Sequence[int] | None = None) -> int | None:
    if value.strip().lower() == "auto":
        return None
    if not is_count(value):
        raise click.BadParameter(f"{value!r} is neither a number nor auto", param_hint=flag)
    number = parse_count(value, flag)
    if allowed is not None and number not in allowed:
        raise click.BadParameter(
            f"{number} is not one of {', '.join(map(str, allowed))}, auto", param_hint=flag
        )
    return number

# --- create ----------------------------------------------------------------------------------


@click.command("create")
@click.argument("name")
@click.option("--format", "format_id", default=None, metavar="FORMAT",
              help="Format id (default tamer-tactics-0.9.1).")
@click.option("--rounds", default="auto", show_default=True, metavar="N|auto",
              help="Swiss rounds; auto = the book's table by player count at the first pairing.")
@click.option("--best-of", type=click.Choice(["1", "3"]), default="3", show_default=True)
@click.option("--top-cut", default="auto", show_default=True, metavar="0|4|8|16|auto",
              help="Top-cut size; auto = by player count (under 16 none, 16–31 top 4, …).")
@click.option("--seed", type=COUNT, default=None, help="Pairing seed (default random; stored).")
@click.option("--unfinished", type=click.Choice(["draw", "double-loss"]), default="draw",
              show_default=True, help="How a drawn / unfinished match scores.")
@click.option("--tiebreakers", default=None, metavar="omw,oomw,gw,ogw",
              help="Tiebreakers after match points, in order (default omw,oomw,gw; with "
                   "--tiebreak-preset melee, melee-2025 or melee-2024 omw,gw,ogw).")
@click.option("--banlist", default=None, metavar="DATE",
              help="Pin this cached ban list (default the newest cached now).")
@click.option("--strict-colors", is_flag=True,
              help="Colour requirement is an error, not a warning.")
@click.option("--require-decks", is_flag=True,
              help="Refuse to pair a round while a player has no deck (default: a warning).")
@click.option("--points", default="3,1,0,3", show_default=True, metavar="W,D,L,BYE",
              help="Match points for a win, draw, loss and bye.")
@click.option("--tiebreak-preset",
              type=click.Choice(["rulebook", "melee", "melee-2025", "melee-2024"]),
              default="rulebook", show_default=True,
              help="How OMW%/GW%/OGW% are computed: the rule book's figures, Melee's rules "
                   "since 2025-11-13 (melee), Melee's figures from 2025-02 to 2025-11-12 "
                   "(melee-2025) or until 2024 (melee-2024).")
@click.option("--tiebreak-rule", "tiebreak_rules", multiple=True, metavar="NAME=VALUE",
              help="Change one rule of the preset: floor=0.33|1/3, byes=excluded|counted, "
                   "drawn-game=1|0, missed-rounds=losses|ignored|losses-for-opponents, "
                   "own-gw=floored|unfloored, no-opponents=0|floor, no-games=floor|0, "
                   "opponent-decimals=none|N, decimals=none|N (repeatable).")
@click.option("--language", default=None, metavar="LANG",
              help="Language of what the event prints, exports and shows (en, or one tt has a "
                   "catalog for, such as es or zh; default "
                    "the command line's: LANG or `tt --language`, when tt has it, else en). "
                    "Change it later with `tt event settings --language`.")
@click.option("--intentional-draws", type=click.Choice(["yes", "no"]), default="no",
              show_default=True,
              help="Let players report an intentional draw (0-0-0) on their phones; change "
                   "it later with `tt event settings --intentional-draws`.")
@setting_option
@json_option
@event_option
def create(
    name: str, format_id: str | None, rounds: str, best_of: str, top_cut: str,
    seed: int | None, unfinished: str, tiebreakers: str | None, banlist: str | None,
    strict_colors: bool, require_decks: bool, points: str, tiebreak_preset: str,
    tiebreak_rules: tuple[str, ...], language: str | None, intentional_draws: str,
    settings: dict[str, int], as_json: bool, event_path: str,
) -> None:
    """Create the event database with its settings."""

    if len(points.split(",")) != 4:
        raise click.BadParameter(f"{points!r}: four numbers W,D,L,BYE", param_hint="--points")
    w, d, loss, bye = parse_count_list(points, "--points", count=4, maximum=MAX_POINTS)

    try:
        rules = split_rules(tiebreak_rules)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--tiebreak-rule") from None
    s = create_event(
        event_path, name, format_id=format_id, banlist=banlist, best_of=int(best_of),
        rounds=_int_or_auto(rounds, "--rounds"),
        top_cut=_int_or_auto(top_cut, "--top-cut", (0, 4, 8, 16)), seed=seed,
        unfinished=unfinished, strict_colors=strict_colors,
        tiebreakers=tiebreakers.split(",") if tiebreakers is not None else None,
        win_points=w, draw_points=d, loss_points=loss, bye_points=bye,
        format_settings=settings, tiebreak_preset=tiebreak_preset, tiebreak_rules=rules,
        require_decks=require_decks,
        # the reader's language (LANG, `tt --language`) unless --language names another
        language=language if language is not None else i18n.current(),
        intentional_draws=intentional_draws == "yes",
    )
    policy = s.tiebreak_policy
    if as_json:
        print_json(created_json(event_path, s))
        return
    say(_("Created event [bold]{name}[/] in {file}").format(name=escape(s.name),
                                                             file=escape(event_path)))
    say(_("  format {format}, ban list {date}, best-of-{best_of}, rounds {rounds}, top cut "
          "{top_cut}, seed {seed}").format(
        format=s.format_id, date=s.banlist_date or "-", best_of=s.best_of,
        rounds=s.rounds or pgettext("a setting's value", "auto"),
        top_cut=(pgettext("a setting's value", "auto") if s.top_cut is None
                 else s.top_cut or pgettext("top cut", "none")), seed=s.seed))
    say(_("  points W{win}/D{draw}/L{loss}/bye {bye}, unfinished = {unfinished}, tiebreakers "
          "{tiebreakers}").format(win=s.win_points, draw=s.draw_points, loss=s.loss_points,
                                  bye=s.bye_points, unfinished=shown_result(s.unfinished),
                                  tiebreakers=", ".join(s.tiebreakers)))
    say(_("  tiebreak policy {name}: {rules}").format(
        name=policy_name(policy.name), rules=policy_rules(policy.rules())))
    if s.language != i18n.DEFAULT:  # taken from LANG, perhaps: say so
        say(_("  language {language} (sheets, workbook, projector; change it with `tt event "
              "settings --language`)").format(language=language_name(s.language)))
    if s.require_decks:
        say(_("  every player needs a deck before a round is paired"))
    if s.format_settings:
        shown = ", ".join(f"{k}={v}" for k, v in sorted(s.format_settings.items()))
        say(_("  format settings: {settings}").format(settings=shown))


# --- status / log / export -------------------------------------------------------------------


@click.command("status")
@json_option
@event_option
def status(as_json: bool, event_path: str) -> None:
    """Where the event stands: round, reported / missing tables, players."""
    with store.connect(event_path) as conn:
        st = event_status(conn)  # = views.status_json, the shape /api/status serves
    copy = read_state(event_path)  # the continuous copy, if any: for the organizer only
    if as_json:
        print_json(status_json(st, copy))
        return
    say(_("[bold]{event}[/] — {format}, ban list {date}, best-of-{best_of}").format(
        event=escape(st["event"]), format=st["format"], date=st["banlist"] or "-",
        best_of=st["best_of"]))
    if copy is not None:
        text, loud = describe(copy)
        say(("  [bold red]{text}[/]" if loud else "  {text}").format(text=escape(text)))
    say(_("  players: {players} registered, {active} active").format(
        players=st["players"], active=st["active"])
        + (_(", dropped: {names}").format(names=escape(", ".join(st["dropped"])))
           if st["dropped"] else ""))
    if st["illegal_decks"]:
        say(_("  [red]illegal decks[/]: {names}").format(
            names=escape(", ".join(st["illegal_decks"]))))
    if st["no_deck"]:
        say(_("  [yellow]no deck ({n})[/]: {names}").format(
            n=len(st["no_deck"]), names=escape(", ".join(st["no_deck"]))))
    if st["stage"] == "registration":
        say(_("  checked in {checked_in}/{players}").format(checked_in=st["checked_in"],
                                                            players=st["players"])
            + ("" if st["checked_in"] else _(" (nobody yet: round 1 pairs everyone)"))
            + (_("; no-show: {names}").format(names=escape(", ".join(st["no_shows"])))
               if st["no_shows"] else ""))
    if st["set_aside"]:
        say(_("  set aside at check-in (late-entry brings them back): {names}").format(
            names=escape(", ".join(st["set_aside"]))))
    if st["stage"] == "registration":
        say(_("  registration open; {rounds} Swiss rounds").format(rounds=st["rounds"])
            + (_(" (auto)") if st["rounds_auto"] else "")
            + (_(", top cut {size}").format(size=st["top_cut"]) if st["top_cut"]
               else _(", no top cut")))
        return
    if st["stage"] == "swiss":
        label = _("Swiss round {round} of {total}").format(round=st["round"],
                                                          total=st["rounds"])
    else:
        label = _("Top-cut round {round} ({name})").format(round=st["round"],
                                                          name=_(st["round_name"]))
    say(_("  {round}: {reported}/{tables} tables reported").format(
        round=label, reported=len(st["reported"]), tables=st["tables"])
        + (_(", missing: {tables}").format(tables=", ".join(map(str, st["missing"])))
           if st["missing"] else ""))
    if st["champion"]:
        say(_("  winner: [bold]{name}[/]").format(name=escape(st["champion"])))


@click.command("log")
@json_option
@event_option
def log(as_json: bool, event_path: str) -> None:
    """The audit log: every change, who made it and when, old and new value."""
    with store.connect(event_path) as conn:
        entries = audit_log(conn)
    if as_json:
        print_json(log_json(entries))
        return

    for e in entries:
        change = f"{e.old} → {e.new}" if e.old is not None else (e.new or "")
        action, subject = translate(action_words(e.action)), translate(subject_words(e.subject))
        say(_("{id} {at} {actor} {action} {subject}: {change}").format(
            id=f"{e.id:>4}", at=e.at, actor=escape(e.actor), action=escape(action),
            subject=escape(subject), change=escape(change)))


@click.command("export")
@click.argument("out", type=click.Path(dir_okay=False, path_type=str))
@click.option("--round", "round_number", type=COUNT, default=None,
              help="Pairings/standings as of this round (default the current one).")
@click.option("--csv", "csv_dir", type=click.Path(file_okay=False, path_type=str), default=None,
              help="Also write one CSV file per sheet into this folder.")
@click.option("--swiss", is_flag=True,
              help="Standings in Swiss order (by default, after a top cut, the final placings).")
@json_option
@event_option
def export(out: str, round_number: int | None, csv_dir: str | None, swiss: bool,
           as_json: bool, event_path: str) -> None:
    """Write the event to an Excel workbook (players, pairings, results, standings, log)."""
    from tt_organizer.export.workbook import export_csv, export_event  # openpyxl

    snap = load_event(event_path)
    written = [export_event(snap, out, round_number=round_number, swiss=swiss)]
    if csv_dir:
        written += export_csv(snap, csv_dir, round_number=round_number, swiss=swiss)
    if as_json:
        print_json(written_json(written))
        return
    for path in written:
        say(_("Wrote {file}").format(file=path))


# --- print -----------------------------------------------------------------------------------


# the paper sizes as a person names them (Spanish: "carta")
PAPER_NAMES = (NP_("a paper size", "a4"), NP_("a paper size", "letter"))


@click.command("print")
@click.argument("what", type=click.Choice(["pairings", "slips", "standings", "decklists",
                                           "registration"]))
@click.option("--round", "round_number", type=COUNT, default=None,
              help="Round of pairings/slips (default the current one, the bracket's once the "
                   "top cut has started) or standings after it.")
@click.option("--top-cut", "top", is_flag=True, help="Pairings/slips of a top-cut round.")
@click.option("--swiss", is_flag=True,
              help="Standings in Swiss order (by default, after a top cut, the final placings).")
@click.option("-o", "--out", "out", type=click.Path(dir_okay=False, path_type=str),
              default=None, help="PDF file to write (default EVENT-WHAT[-rN].pdf here).")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default=None,
              help="Paper size (default from the locale: letter in the US, Canada, …).")
@json_option
@event_option
def print_cmd(what: str, round_number: int | None, top: bool, swiss: bool, out: str | None,
              paper: str | None, as_json: bool, event_path: str) -> None:
    """Write a print-ready PDF: wall pairings, match slips, standings, deck-check sheets
    (decklists) or the registration desk's deck checks."""
    from tt_organizer.printing import SHEET_NAMES, print_event  # reportlab

    printed = print_event(load_event(event_path), what, out, round_number=round_number,
                          top_cut=top, swiss=swiss, paper=paper)
    if as_json:
        print_json(printed.to_dict())
        return
    say(ngettext("Wrote {what} ({n} page, {paper}) to {file}",
                 "Wrote {what} ({n} pages, {paper}) to {file}", printed.pages).format(
        what=_(SHEET_NAMES[printed.kind]), n=printed.pages,
        paper=pgettext("a paper size", printed.paper),
        file=escape(str(printed.path))))

