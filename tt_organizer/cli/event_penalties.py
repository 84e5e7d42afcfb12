"""``tt event penalty / penalties / infractions``: the judge's log."""

from __future__ import annotations

from collections.abc import Mapping

import click

from tt_organizer.cli.options import COUNT, event_option, json_option
from tt_organizer.cli.output import line, print_json
from tt_organizer.cli.render import print_table
from tt_organizer.events.penalties import (
    PENALTY_WORDS,
    Infraction,
    give_penalty,
    infractions,
    penalty_log,
)
from tt_organizer.events.result_words import shown as shown_result
from tt_organizer.events.store import connect
from tt_organizer.i18n import gettext as _
from tt_organizer.i18n import translate

infractions_option = click.option(
    "--infractions", "infractions_path", envvar="TT_INFRACTIONS", default=None,
    type=click.Path(dir_okay=False, path_type=str),
    help="An infraction list of one's own (JSON, the shape of the shipped one; env "
    "TT_INFRACTIONS).")


@click.command("penalty")
@click.argument("name")
@click.argument("infraction")
@click.argument("penalty", type=click.Choice(["warning", "game-loss", "match-loss",
                                              "disqualification"]))
@click.option("--round", "round_number", type=COUNT, default=None,
              help="The round it was given in (default the current one; 0 before round 1).")
@click.option("--top-cut", "top_cut", is_flag=True, help="ROUND is a top-cut round.")
@click.option("--note", default="", help="What happened, in a few words (kept in the log).")
@infractions_option
@json_option
@event_option
def penalty(name: str, infraction: str, penalty: str, round_number: int | None,
            top_cut: bool, note: str, infractions_path: str | None, as_json: bool,
            event_path: str) -> None:
    """Give NAME a PENALTY for INFRACTION (`tt event infractions` lists them).

    A game or match loss changes the result of NAME's match in that round (audited, standings
    follow); a disqualification drops NAME and records their unreported match as a loss.
    """
    known = infractions(infractions_path)
    with connect(event_path) as conn:
        given = give_penalty(conn, name, infraction, penalty, round_number=round_number,
                             top_cut=top_cut, note=note, known=known)
    names = {given.player.id: given.player.name}
    if as_json:
        print_json(given.to_dict(names))
        return

    p = given.penalty
    line(_("{name}: {penalty} for {infraction} (round {round})").format(
        name=given.player.name, penalty=_(PENALTY_WORDS.get(p.penalty, p.penalty)),
        infraction=_infraction_name(p.infraction, known), round=p.round))
    if given.before is not None and given.after is not None:
        line(_("  table {table}: {old} → {new} (from player 1's side)").format(
            table=given.after.table,
            old=shown_result(given.before.result) if given.before.result else _("not reported"),
            new=shown_result(given.after.result or "?")))
    if given.kept_text is not None:
        line("  " + translate(given.kept_text))
    if given.dropped:
        line(_("  {name} is disqualified and dropped from the event").format(
            name=given.player.name))


@click.command("penalties")
@json_option
@event_option
def penalties(as_json: bool, event_path: str) -> None:
    """The judge's log: every penalty given, oldest first."""
    with connect(event_path) as conn:
        log, names = penalty_log(conn)
    if as_json:
        print_json([p.to_dict(names) for p in log])
        return

    if not log:
        line(_("No penalty has been given."))
        return
    known = infractions()
    rows = [[str(p.round) + (_(" (top cut)") if p.stage == "top-cut" else ""), names[p.player],
             _infraction_name(p.infraction, known), _(PENALTY_WORDS.get(p.penalty, p.penalty)),
             p.note, p.judge] for p in log]
    print_table(_("Penalties"), [(_("Round"), "right"), (_("Player"), "left"),
                                 (_("Infraction"), "left"), (_("Penalty"), "left"),
                                 (_("Note"), "left"), (_("Judge"), "left")], rows)


def _infraction_name(infraction: str, known: Mapping[str, Infraction]) -> str:
    """An infraction (its id or its recorded name) by its name in the reader's language; a
    name the catalog does not have (an organizer's own list) as recorded."""
    return _(known[infraction].name) if infraction in known else _(infraction)


@click.command("infractions")
@infractions_option
@json_option
def infractions_cmd(infractions_path: str | None, as_json: bool) -> None:
    """The infractions a penalty can name, with the penalty each usually gets."""
    known = infractions(infractions_path).values()
    if as_json:
        print_json([i.to_dict() for i in known])
        return
    print_table(_("Infractions"), [(_("Id"), "left"), (_("Infraction"), "left"),
                                   (_("Category"), "left"), (_("Usual penalty"), "left")],
                [[i.id, _(i.name), _(i.category), _(PENALTY_WORDS.get(i.penalty, i.penalty))]
                 for i in known])
