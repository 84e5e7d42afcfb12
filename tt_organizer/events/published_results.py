"""Results as an event site publishes them -- rounds of matches between named players, the
score from the first player's side, ``"-"`` (or None) for the bye -- turned into the
standings library's records. Used to replay real published events (tests, scripts).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tt_organizer.events.result_text import parse_result
from tt_organizer.standings.match_record import MatchRecord

BYE_NAMES = ("-", "", None)

#: One published match: first player, second player (``"-"``/None for the bye), score.
PublishedMatch = tuple[str, str | None, str]


def published_records(
    rounds: Sequence[Iterable[PublishedMatch]], best_of: int = 3,
) -> tuple[dict[str, int], list[MatchRecord]]:
    """Player ids by name (numbered in order of appearance) and one record per match; each
    score goes through :func:`parse_result` (EventError for a score that does not fit)."""
    ids: dict[str, int] = {}
    records: list[MatchRecord] = []
    for number, matches in enumerate(rounds, 1):
        for first, second, score in matches:
            p1 = ids.setdefault(first, len(ids) + 1)
            if second in BYE_NAMES:
                records.append(MatchRecord.bye(number, p1))
                continue
            assert second is not None
            p2 = ids.setdefault(second, len(ids) + 1)
            r = parse_result(score, best_of)
            records.append(MatchRecord(number, p1, p2, r.p1_games, r.p2_games, r.draws,
                                       r.outcome))
    return ids, records


def cache_rounds(doc: dict[str, object]) -> list[list[PublishedMatch]]:
    """The rounds of an MTGODecklistCache tournament file (``Rounds`` → ``Matches`` with
    ``Player1``, ``Player2``, ``Result``)."""
    rounds = doc.get("Rounds") or []
    assert isinstance(rounds, list)
    return [[(m["Player1"], m["Player2"], m["Result"]) for m in rnd["Matches"]]
            for rnd in rounds]
