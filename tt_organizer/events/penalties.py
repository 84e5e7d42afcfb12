"""The judge's log: penalties given to players, and what they do to results.

The penalties are the floor rules' four: a ``warning`` is logged only; a ``game-loss`` or a
``match-loss`` changes the result of the player's match in that round through the normal
result path (:mod:`tt_organizer.events.entering`: audited, standings follow); a
``disqualification`` drops the player, and their unreported match of the current round is
recorded as their loss. The infractions are data (``infractions.json``, or an organizer's own
file of the same shape).

What a game or match loss does to a match, from the penalised player's side (``won-lost`` in
games):

* not reported yet: a match loss reports it as the player's loss (``0-2``); a game loss is
  logged only -- the players play on and report the score the game loss is part of;
* reported: a match loss makes it the player's loss; a game loss gives one game the player
  won to the opponent (``2-1`` becomes ``1-2``, ``2-0`` becomes ``1-1``, a draw ``1-1-1``
  becomes ``0-2-1``), and changes nothing when the player had already lost the match;
* both players given a match loss for the same match: a double loss.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass
from typing import Any

from tt_organizer.errors import EventError
from tt_organizer.events import entering, players, queries, store
from tt_organizer.events.models import MatchInfo, PenaltyInfo, PlayerInfo, not_paired
from tt_organizer.events.result_text import games_to_win, result_text
from tt_organizer.events.setup import SWISS, TOP_CUT
from tt_organizer.events.store import Connection
from tt_organizer.i18n import N_, NP_, Msg, Term

# the penalty in words, marked for the catalog (shown translated: CLI, console, phone pages)
PENALTY_WORDS = {"warning": N_("warning"), "game-loss": N_("game loss"),
                 "match-loss": N_("match loss"), "disqualification": N_("disqualified")}
# a penalty's code as a cell shows it (i18n.Term(code, PENALTY)); the code in a CSV
PENALTY = "a penalty"
PENALTY_CODES = (NP_("a penalty", "warning"), NP_("a penalty", "game-loss"),
                 NP_("a penalty", "match-loss"), NP_("a penalty", "disqualification"))

PENALTIES = ("warning", "game-loss", "match-loss", "disqualification")
SHIPPED = os.path.join(os.path.dirname(__file__), "infractions.json")
MAX_INFRACTIONS_BYTES = 256 * 1024
MAX_NOTE = 500


@dataclass(frozen=True)
class Infraction:
    """One infraction of the floor rules and the penalty it usually gets."""

    id: str
    name: str
    category: str
    penalty: str

    def to_dict(self) -> dict[str, Any]:
        """The ``tt event infractions --json`` form."""
        return {"id": self.id, "name": self.name, "category": self.category,
                "penalty": self.penalty}


@dataclass(frozen=True)
class GivenPenalty:
    """A penalty given: the log entry, the player's match before and after it (None when the
    penalty touched no result) and whether the player was dropped by it."""

    penalty: PenaltyInfo
    player: PlayerInfo
    before: MatchInfo | None
    after: MatchInfo | None
    dropped: bool
    # a game or match loss that left the result as it was: the match, why (a code) and why
    # in words -- ``already-lost`` (the player had lost the match already) or
    # ``not-reported`` (a game loss on a table still playing: logged only)
    kept: MatchInfo | None = None
    kept_reason: str | None = None
    kept_text: Msg | None = None

    def to_dict(self, names: dict[int, str]) -> dict[str, Any]:
        """The ``tt event penalty --json`` form."""
        changed = None
        if self.before is not None and self.after is not None:
            changed = {"round": self.after.round, "stage": self.after.stage,
                       "table": self.after.table, "before": self.before.result,
                       "after": self.after.result}
        unchanged = None
        if self.kept is not None:
            unchanged = {"round": self.kept.round, "stage": self.kept.stage,
                         "table": self.kept.table, "result": self.kept.result,
                         "reason": self.kept_reason, "message": str(self.kept_text)}
        return {**self.penalty.to_dict(names), "result": changed, "unchanged": unchanged,
                "dropped": self.dropped}


def infractions(path: str | None = None) -> dict[str, Infraction]:
    """The infractions by id: from ``path``, else ``$TT_INFRACTIONS``, else the shipped list."""
    from tt_organizer.errors import InputError
    from tt_organizer.safe_files import read_json

    source = path or os.environ.get("TT_INFRACTIONS") or SHIPPED
    data = read_json(source, MAX_INFRACTIONS_BYTES, what="infraction list",
                     code="bad-infractions")
    try:
        out = {}
        for entry in data["infractions"]:
            item = Infraction(str(entry["id"]).strip(), str(entry["name"]).strip(),
                              str(entry.get("category", "")), str(entry["penalty"]))
            if not item.id or len(item.id) > 80 or item.penalty not in PENALTIES:
                raise InputError("infraction-bad-entry", file=source, id=repr(item.id),
                                 penalties=", ".join(PENALTIES), code="bad-infractions")
            out[item.id.casefold()] = item
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError("bad-infractions", file=source, detail=str(exc)) from None
    return out


def find_infraction(known: dict[str, Infraction], ref: str) -> Infraction:
    """The infraction ``ref`` names (its id or its name, any case); refused with the closest
    ones otherwise."""
    key = " ".join(ref.split()).casefold()
    by_name = {i.name.casefold(): i for i in known.values()}
    found = known.get(key) or known.get(key.replace(" ", "-")) or by_name.get(key)
    if found is not None:
        return found
    close = difflib.get_close_matches(key, [*known, *by_name], n=3, cutoff=0.5)
    shown = list(dict.fromkeys(known[c].id if c in known else by_name[c].id for c in close))
    if shown:
        raise EventError("unknown-infraction-close", ref=repr(ref), ids=", ".join(shown),
                         code="unknown-infraction", hint={"command": "infractions"})
    raise EventError("unknown-infraction", ref=repr(ref), hint={"command": "infractions"})


def _match_of(conn: Connection, player_id: int, stage: str, rnd: int) -> MatchInfo | None:
    return next((m for m in store.read_matches(conn, stage, rnd)
                 if player_id in (m.player1, m.player2)), None)


def _seat_text(m: MatchInfo, player_id: int, won: int, lost: int, drawn: int) -> str:
    """A score from ``player_id``'s side as result text from seat P1's side."""
    return result_text(won, lost, drawn) if m.player1 == player_id \
        else result_text(lost, won, drawn)


def _new_result(m: MatchInfo, player_id: int, penalty: str, best_of: int,
                opponent_lost: bool) -> str | None:
    """The result text ``penalty`` gives the match, or None when it stays as it is."""
    need = games_to_win(best_of)
    mine, theirs = (m.p1_games, m.p2_games) if m.player1 == player_id \
        else (m.p2_games, m.p1_games)
    if penalty == "match-loss" or penalty == "disqualification":
        if opponent_lost:
            return "double-loss"
        return _seat_text(m, player_id, 0, need, 0)
    if m.result is None or theirs >= need:  # game loss: played out, or already lost
        return None
    if mine >= 1:
        return _seat_text(m, player_id, mine - 1, theirs + 1, m.draws)
    return _seat_text(m, player_id, 0, theirs + 1, m.draws)


def give_penalty(
    conn: Connection,
    ref: str,
    infraction: str,
    penalty: str,
    *,
    round_number: int | None = None,
    top_cut: bool = False,
    note: str = "",
    known: dict[str, Infraction] | None = None,
) -> GivenPenalty:
    """Record a penalty for the player ``ref`` in ``round_number`` (default the current round
    of the stage being played; ``top_cut`` for a top-cut round) and apply it (see the
    module's docstring). All or nothing: a refusal changes nothing."""
    if penalty not in PENALTIES:
        raise EventError("unknown-penalty", penalty=repr(penalty),
                         penalties=", ".join(PENALTIES), hint={"values": list(PENALTIES)})
    found = find_infraction(known if known is not None else infractions(), infraction)
    note = players.clean_text(note, "the note") if note else ""
    if len(note) > MAX_NOTE:
        raise EventError("note-too-long", most=MAX_NOTE)
    with store.transaction(conn):
        player = players.find_player(conn, ref)
        stage, current = queries.current_stage(conn)
        if top_cut or round_number is not None:
            stage = TOP_CUT if top_cut else SWISS
            current = store.current_round(conn, stage)
        rnd = current if round_number is None else round_number
        if not 0 <= rnd <= current:
            raise EventError(not_paired(rnd, current))
        match = _match_of(conn, player.id, stage, rnd) if rnd else None
        before = after = kept = None
        reason, why = None, None
        if penalty != "warning":
            if penalty in ("game-loss", "match-loss") and (match is None
                                                           or match.player2 is None):
                if match is not None:
                    raise EventError("penalty-on-bye", name=player.name, round=rnd,
                                     penalty=Term(penalty, PENALTY), code="penalty-no-match")
                raise EventError("penalty-no-match", name=player.name, round=rnd,
                                 penalty=Term(penalty, PENALTY))
            if match is not None and match.player2 is not None and (
                    penalty != "disqualification" or match.result is None):
                opponent = match.player2 if match.player1 == player.id else match.player1
                opponent_lost = any(
                    p.player == opponent and p.stage == stage and p.round == rnd
                    and p.penalty in ("match-loss", "disqualification")
                    for p in store.read_penalties(conn, opponent))
                settings = store.read_settings(conn)
                text = _new_result(match, player.id, penalty, settings.best_of, opponent_lost)
                if text is None or text == match.result:
                    kept = match
                    reason, why = _why_kept(match, player.name, penalty)
                else:
                    before = match
                    if match.result is None:
                        after = entering.report_result(conn, match.table, text,
                                                       round_number=rnd)
                    else:
                        after = entering.correct_result(conn, rnd, match.table, text,
                                                        override=True,
                                                        top_cut=stage == TOP_CUT)
        dropped = False
        if penalty == "disqualification" and not player.dropped:
            players.drop(conn, player.name)
            dropped = True
        at = store.now()
        judge = store.actor()
        pid = store.insert_penalty(conn, player.id, stage, rnd, found.name, penalty, note,
                                   judge, at)
        entry = PenaltyInfo(pid, player.id, stage, rnd, found.name, penalty, note, judge, at)
        store.audit(conn, "penalty", f"player {player.id} {player.name}", None,
                    {"infraction": found.name, "penalty": penalty, "round": rnd,
                     "stage": stage, "note": note})
        return GivenPenalty(entry, queries.player_by_id(conn, player.id), before, after,
                            dropped, kept, reason, why)


def _why_kept(match: MatchInfo, name: str, penalty: str) -> tuple[str, Msg]:
    """Why a game or match loss left ``match``'s result as it was: (code, in words)."""
    if match.result is None:
        return "not-reported", Msg(
            "table {table} is not reported yet: the game loss is recorded, and the players "
            "play on and report the score it is part of", table=match.table)
    return "already-lost", Msg(
        "table {table}: the result stays {result} (from player 1's side), because {name} "
        "had already lost the match; the {penalty} is recorded in the judge's log",
        table=match.table, result=match.result, name=name, penalty=penalty)


def penalty_log(conn: Connection) -> tuple[list[PenaltyInfo], dict[int, str]]:
    """The judge's log, oldest first, and the names of the players in it."""
    log = store.read_penalties(conn)
    return log, store.player_names(conn, [p.player for p in log])


def disqualified(log: list[PenaltyInfo] | tuple[PenaltyInfo, ...]) -> set[int]:
    """The players ``log`` disqualified."""
    return {p.player for p in log if p.penalty == "disqualification"}
