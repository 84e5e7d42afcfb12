"""Refresh ``data/cards.json`` from a public card list (``tt cards sync``).

Accepted inputs:

* our facts table (``cards.csv``: ``card_number,name,card_type,colors,level,rarity,set_code``);
* a JSON array of card records (or an object holding one under ``cards`` / ``data``), such as
  the community file ``packages/shared/src/cards/data/cards.json`` of
  ``vinicius3333/aegis-digimon-tcg``. Field names are matched loosely: the number from
  ``cardNumber`` / ``cardId`` / ``card_number`` / ``number`` / ``id`` / ``cardNo``, the name
  from ``nameEn`` / ``name`` (a string or ``{"en"|"english": ...}``), the type from ``kinds`` /
  ``kind`` / ``cardType`` / ``card_type`` / ``type`` (a string or a list: Digimon + Option is
  ``Dual``; ``DigiEgg`` / ``Digi-Egg`` / ``Egg`` are ``Digi-Egg``), colours from ``colors`` /
  ``color`` / ``colours`` (a list or ``/``/``,``-separated) plus ``color2`` (digimoncard.io),
  level from ``level`` / ``lv`` / ``cardLv`` (TakaOtaku's ``Lv.4``; ``-`` allowed), rarity
  from ``rarity`` (``-`` means none), the copy limit from ``maxCountInDeck`` (aegis) or the
  rule text "You can include up to N copies" (TakaOtaku ``rule``, digimoncard.io
  ``maineffect``). Parallel printings (``BT1-010_P1``) fold into their base number; the first
  record of a number wins, a base printing over a parallel one. ``set_code`` is always the
  number's prefix. Records of cards not released in English yet (TakaOtaku marks them "Not
  released", with template names) are left out and counted.

The result is checked before ``cards.json`` is replaced atomically: every row valid, no
shrink by more than half, and no fact the current file has lost (a card, a level, a colour, a
rarity, a copy limit) unless forced; an unchanged list writes nothing. Local fixes live in
``card_overrides.json``, which a sync never writes.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tt_organizer.atomic import write_json_atomic
from tt_organizer.cards.card import CARDS_FILE, COLORS, OVERRIDES_FILE
from tt_organizer.cards.importer import COPY_LIMIT_COLUMN, JSON_COLUMNS, parse_cards_csv
from tt_organizer.cards.numbers import normalize_number
from tt_organizer.errors import InputError, Listed, Said, TTError, words_of
from tt_organizer.i18n import N_, Msg, Term
from tt_organizer.messages import WORDS
from tt_organizer.records import record_checksum
from tt_organizer.sources import DATA_TYPES, Fetched, Source, open_source

DEFAULT_URL = (
    "https://raw.githubusercontent.com/vinicius3333/aegis-digimon-tcg/HEAD/"
    "packages/shared/src/cards/data/cards.json"
)
MAX_BYTES = 50_000_000
COLUMNS = ("card_number", "name", "card_type", "colors", "level", "rarity", "set_code",
           COPY_LIMIT_COLUMN)

_NUMBER_KEYS = ("cardNumber", "card_number", "cardId", "card_id", "cardNo", "card_no",
                "number", "id", "code")
_NAME_KEYS = ("nameEn", "name_en", "name", "cardName", "card_name")
_TYPE_KEYS = ("kinds", "kind", "cardType", "card_type", "cardKind", "type", "category")
_COLOR_KEYS = ("colors", "colours", "color", "colour")
_MORE_COLOR_KEYS = ("color2", "colour2", "color3", "colour3")  # digimoncard.io: color + color2
_LEVEL_KEYS = ("level", "lv", "cardLv", "cardLevel")
_LIMIT_KEYS = ("maxCountInDeck", "max_count_in_deck", "maxCount", "max_count", "deckLimit")
_RULE_KEYS = ("rule", "effectText", "effect", "maineffect", "mainEffect", "main_effect")
_RULE_LIMIT = re.compile(r"include up to (\d+) copies", re.IGNORECASE)
_RARITY_KEYS = ("rarity", "rare")
_TYPE_WORDS = {
    "digimon": "Digimon", "tamer": "Tamer", "option": "Option", "digiegg": "Digi-Egg",
    "digi-egg": "Digi-Egg", "digitama": "Digi-Egg", "egg": "Digi-Egg", "dual": "Dual",
}


class CardSyncError(TTError):
    """A card list that cannot be used; ``data/cards.json`` is left unchanged."""


@dataclass
class CardSyncResult:
    """What a sync did: ``status`` is ``written`` or ``unchanged``."""

    status: str
    target: Path
    count: int
    previous: int | None
    source: str
    skipped: list[str] = field(default_factory=list)  # not-yet-released records left out
    overridden: list[str] = field(default_factory=list)  # checks --force went past
    kept_fixes: list[str] = field(default_factory=list)  # numbers card_overrides.json fixes

    def to_dict(self) -> dict[str, Any]:
        """What ``tt cards sync --json`` prints."""
        return {"status": self.status, "file": str(self.target), "count": self.count,
                "previous": self.previous, "source": self.source,
                "forced_past": self.overridden, "not_released": self.skipped,
                "kept_fixes": self.kept_fixes}


def _first(rec: dict[str, Any], keys: tuple[str, ...]) -> Any:
    lowered = {str(k).lower(): v for k, v in rec.items()}
    for key in keys:
        if key in rec and rec[key] not in (None, ""):
            return rec[key]
        value = lowered.get(key.lower())
        if value not in (None, ""):
            return value
    return None


def _text(value: Any) -> str:
    if isinstance(value, dict):
        for key in ("en", "english", "eng", "EN", "name"):
            if value.get(key):
                return str(value[key]).strip()
        return ""
    return "" if value is None else str(value).strip()


def _listish(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, list | tuple):
        return [_text(v) for v in value if _text(v)]
    return [p.strip() for p in re.split(r"[/,|&]", str(value)) if p.strip()]


def map_type(value: Any) -> str | None:
    """Our card type for a source's kind(s), or None if not recognised."""
    kinds = []
    for k in _listish(value):
        word = _TYPE_WORDS.get(re.sub(r"[\s_]", "", k.lower()))
        if word is None:
            return None
        kinds.append(word)
    if "Digimon" in kinds and "Option" in kinds:
        return "Dual"
    return kinds[0] if kinds else None


def map_level(value: Any) -> str:
    """The level as text ("" when none)."""
    if value is None or isinstance(value, bool):
        return ""
    m = re.search(r"\d+", str(value))
    return m.group(0) if m else ""


def map_copy_limit(rec: dict[str, Any]) -> str:
    """Copies the card's own text allows, as text ("" for the usual 4): the source's max-count
    field (aegis ``maxCountInDeck``), else "You can include up to N copies" in its rule or
    effect text (TakaOtaku ``rule``, digimoncard.io ``maineffect``)."""
    value = _first(rec, _LIMIT_KEYS)
    if value is not None and not isinstance(value, bool):
        m = re.fullmatch(r"\s*(\d{1,2})\s*", str(value))
        if m and int(m.group(1)) not in (0, 4):
            return m.group(1)
        if m:
            return ""
    for key in _RULE_KEYS:
        text = rec.get(key)
        if isinstance(text, str) and (m := _RULE_LIMIT.search(text)):
            return m.group(1) if 1 <= int(m.group(1)) <= 99 and int(m.group(1)) != 4 else ""
    return ""


def _placeholder(rec: dict[str, Any]) -> bool:
    """A record for a card not out yet (TakaOtaku: "Not released" in English, wiki-template
    names such as ``[[:Category:|]]``): skipped, not an error."""
    restrictions = rec.get("restrictions")
    if isinstance(restrictions, dict) and str(restrictions.get("english", "")).lower() == (
        "not released"
    ):
        return True
    return _text(_first(rec, _NAME_KEYS)).startswith("[[")


def _colors(rec: dict[str, Any]) -> list[str]:
    colors = [c.title() for c in _listish(_first(rec, _COLOR_KEYS))]
    for key in _MORE_COLOR_KEYS:
        colors += [c.title() for c in _listish(rec.get(key)) if c.title() not in colors]
    return colors


def records_to_rows(
    records: list[Any], skipped: list[str] | None = None
) -> tuple[list[list[str]], list[str]]:
    """Map JSON records to facts-table rows; also return the problems met (record, reason).
    Records of cards not released yet are left out and listed in ``skipped``."""
    rows: dict[str, list[str]] = {}
    base_seen: set[str] = set()
    problems: list[str] = []
    for i, rec in enumerate(records, start=1):
        if not isinstance(rec, dict):
            problems.append(Said(Msg(WORDS["record-not-an-object"], record=i)))
            continue
        raw = _text(_first(rec, _NUMBER_KEYS))
        if _placeholder(rec):
            if skipped is not None and raw not in skipped:
                skipped.append(raw)
            continue
        number = normalize_number(raw) if raw else None
        where = (Msg(WORDS["record-numbered"], record=i, number=raw) if raw
                 else Msg(WORDS["record-without-number"], record=i))
        if number is None:
            problems.append(Said(Msg(WORDS["record-no-card-number"], where=where)))
            continue
        is_base = raw.strip().upper() == number
        if number in rows and (number in base_seen or not is_base):
            continue
        card_type = map_type(_first(rec, _TYPE_KEYS))
        if card_type is None:
            problems.append(Said(Msg(WORDS["record-unknown-type"], where=where,
                                     value=repr(_first(rec, _TYPE_KEYS)))))
            continue
        colors = _colors(rec)
        bad = [c for c in colors if c not in COLORS]
        if bad or not colors:
            problems.append(Said(Msg(WORDS["record-bad-colours"], where=where,
                                     colours=str(bad) if bad else Term(N_("(none)")))))
            continue
        name = _text(_first(rec, _NAME_KEYS))
        if not name:
            problems.append(Said(Msg(WORDS["record-without-name"], where=where)))
            continue
        rarity = _text(_first(rec, _RARITY_KEYS))
        rows[number] = [number, name, card_type, "/".join(colors),
                        map_level(_first(rec, _LEVEL_KEYS)),
                        "" if rarity in ("-", "—") else rarity, number.split("-")[0],
                        map_copy_limit(rec)]
        if is_base:
            base_seen.add(number)
    return list(rows.values()), problems


def to_csv(rows: list[list[str]]) -> str:
    """Rows as facts-table CSV text."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(rows)
    return out.getvalue()


def parse_card_list(
    fetched: Fetched, skipped: list[str] | None = None
) -> list[list[object]]:
    """Check and convert a fetched card list (JSON records or our CSV) to cards.json rows;
    the numbers of not-yet-released records left out go to ``skipped``."""
    text = fetched.text()
    stripped = text.lstrip()
    if not stripped:
        raise CardSyncError("empty-card-list", location=fetched.location)
    if stripped[0] in "[{":
        try:
            payload = json.loads(text)
        except ValueError as exc:
            raise CardSyncError("card-list-not-json", location=fetched.location,
                                error=str(exc)) from None
        if isinstance(payload, dict):
            payload = next((payload[k] for k in ("cards", "data", "items", "results")
                            if isinstance(payload.get(k), list)), None)
        if not isinstance(payload, list):
            raise CardSyncError("no-card-records", location=fetched.location)
        rows, problems = records_to_rows(payload, skipped)
        if problems:
            raise CardSyncError("unusable-card-records", location=fetched.location,
                                count=len(problems), problems=_first_five(problems))
        text = to_csv(rows)
    elif not stripped.startswith("card_number"):
        raise CardSyncError("not-a-card-list", location=fetched.location)
    try:
        return parse_cards_csv(text, source=fetched.location)
    except InputError as exc:
        raise CardSyncError("invalid-card-list", error=words_of(exc)
) from None


def card_source(location: str | None = None, *, timeout: float = 60.0,
                retries: int = 3) -> Source:
    """The Source of the card list: ``location`` (address or file), else the default URL."""
    return open_source(location or DEFAULT_URL, max_bytes=MAX_BYTES, accept=DATA_TYPES,
                       timeout=timeout, retries=retries)


def sync_cards(source: Source | str | None, out_dir: Path, *, force: bool = False
               ) -> CardSyncResult:
    """Fetch a card list, verify it and replace ``out_dir/cards.json`` atomically."""
    src = source if isinstance(source, Source) else card_source(source)
    fetched = src.fetch()
    skipped: list[str] = []
    rows = parse_card_list(fetched, skipped)
    target = out_dir / CARDS_FILE
    previous_rows: list[Any] | None = None
    if target.exists():
        try:
            previous_rows = json.loads(target.read_text(encoding="utf-8"))["cards"]
        except (ValueError, KeyError, TypeError):
            previous_rows = None
    overridden: list[str] = []
    if previous_rows is not None and len(rows) * 2 < len(previous_rows):
        reason = Msg(WORDS["card-list-shrank"], now=len(previous_rows), new=len(rows),
                     location=fetched.location)
        if not force:
            raise CardSyncError("card-sync-refused", reason=reason, target=str(target),
                                hint={"reason": str(reason)})
        overridden.append(str(reason))
    losses = lost_facts(previous_rows or [], rows)
    if losses:
        reason = Msg(WORDS["card-facts-lost"], count=len(losses), facts=_first_five(losses))
        if not force:
            raise CardSyncError("card-sync-refused", reason=reason, target=str(target),
                                hint={"reason": str(reason)})
        overridden.append(str(reason))
    previous = len(previous_rows) if previous_rows is not None else None
    kept = sorted(_read_override_numbers(out_dir))
    if previous_rows is not None and previous_rows == rows:
        return CardSyncResult("unchanged", target, len(rows), previous, fetched.location,
                              skipped=skipped, kept_fixes=kept)
    payload = {
        "schema": 1,
        "source_file": Path(fetched.location.split("?")[0]).name or fetched.location,
        "source_url": fetched.location,
        "source_sha256": fetched.sha256,
        "synced_at": fetched.fetched_at.isoformat().replace("+00:00", "Z"),
        "count": len(rows),
        "columns": JSON_COLUMNS,
        "cards": rows,
    }
    out_dir.mkdir(parents=True, exist_ok=True)
    write_json_atomic(target, payload, compact=True)
    record_checksum(target)  # checked above: loaded by its index from now on
    return CardSyncResult("written", target, len(rows), previous, fetched.location,
                          skipped=skipped, overridden=overridden, kept_fixes=kept)


_FACTS = ((2, N_("type")), (3, N_("colours")), (4, N_("level")), (5, N_("rarity")),
          (7, N_("copy limit")))


def lost_facts(previous: list[Any], rows: list[list[object]]) -> list[str]:
    """What replacing ``previous`` rows with ``rows`` would lose: cards that disappear, and
    facts a card has now that the new row leaves empty (a level, a second colour, a rarity, a
    copy limit). A changed value is an update, not a loss."""
    new = {r[0]: r for r in rows}
    out: list[str] = []
    for old in previous:
        if not isinstance(old, list) or not old:
            continue
        row = new.get(old[0])
        if row is None:
            out.append(Said(Msg(WORDS["card-missing"], number=old[0])))
            continue
        for index, label in _FACTS:
            before = old[index] if index < len(old) else None
            after = row[index] if index < len(row) else None
            if index == 3 and before and after:
                was, now = str(before).split("/"), str(after).split("/")
                gone = [c for c in was if c not in now]
                if len(now) < len(was):  # fewer colours (a recoloured card is an update)
                    out.append(Said(Msg(WORDS["card-loses-colour"], number=old[0],
                                        colours="/".join(gone))))
            elif before not in (None, "") and after in (None, ""):
                out.append(Said(Msg(WORDS["card-loses-fact"], number=old[0], fact=Term(label),
                                    value=before)))
    return out


def _first_five(items: list[str]) -> Listed:
    """The first five of ``items`` and how many more, each in the reader's language."""
    more = [Msg(WORDS["and-more"], n=len(items) - 5)] if len(items) > 5 else []
    return Listed([*items[:5], *more])


def _read_override_numbers(out_dir: Path) -> list[str]:
    """Card numbers with a local fix in ``card_overrides.json`` (kept through the sync)."""
    path = out_dir / OVERRIDES_FILE
    try:
        return list(json.loads(path.read_text(encoding="utf-8")).get("cards", {}))
    except (OSError, ValueError, AttributeError):
        return []


__all__ = ["DEFAULT_URL", "CardSyncError", "CardSyncResult", "sync_cards"]
