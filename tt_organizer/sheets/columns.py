"""Column names and rosters: which column of a sheet is which, for every command that reads
one (sheets are read by :mod:`tt_organizer.sheets.reading`).

Headers are compared after case folding and dropping accents, with anything but letters and
digits as one space; the names of every language (:data:`ROSTER_WORDS`, …) are recognised.
A *roster* is a sheet with one player per row (:func:`find_roster`): a header row, among the
first :data:`HEADER_SCAN_ROWS`, names a player column (:data:`ROSTER_COLUMNS`) and no card
column (:data:`CARD_COLUMNS`: such a sheet is a decklist table). ``tt deck check-batch`` and
``tt event register --from`` read rosters only through this module, so a sheet gives both the
same players, decks and row numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from tt_organizer.errors import InputError
from tt_organizer.i18n import Msg, NMsg
from tt_organizer.messages import WORDS
from tt_organizer.names import fold
from tt_organizer.sheets.reading import Sheet, cell_text

HEADER_SCAN_ROWS = 10

# --- columns ----------------------------------------------------------------------------------

# Column names by role and by language, in order of preference, as :func:`header_key` leaves
# them (case folded, accents dropped, anything but letters and digits one space: "Número de
# miembro" -> "numero de miembro"). ``x*`` matches a header starting with ``x``, ``*x*`` one
# holding ``x`` as whole words; exact names are matched first, before any pattern. Every
# language's words are recognised whatever language tt speaks: a sheet's headers are in the
# language of whoever made the form. A new language adds its words here, nothing else.
ROSTER_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "name": ("name", "player", "player name", "full name", "participant",
                 "participant name", "entrant", "name of player", "your name",
                 "your full name", "first and last name", "*full name*", "*player name*",
                 "first name", "given name"),
        # a surname of its own, joined to a first-name column (FIRST_NAME_WORDS)
        "last_name": ("last name", "surname", "family name", "last names"),
        "ext_id": ("player id", "membership", "membership id", "membership number",
                   "member id", "bandai id", "bandai membership id", "bandai tcg id", "id",
                   "*bandai id*", "*bandai tcg id*", "*membership number*"),
        "deck_path": ("deck file", "deck path", "decklist file", "decklist path", "file",
                      "path"),
        "deck": ("deck", "decklist", "deck list", "deck text", "decklist text", "list",
                 "paste your decklist here", "paste your deck list here", "*decklist*",
                 "*deck list*"),
        # when a form's answer was sent: of two answers with one name the later one counts
        "submitted": ("timestamp", "submitted", "submitted at", "submission date",
                      "submission time", "date submitted", "time submitted",
                      "completion time"),
    },
    "es": {  # Google Forms and Microsoft Forms in Spanish, and what organizers ask
        "name": ("nombre", "nombre y apellido", "nombre y apellidos", "nombre completo",
                 "apellido y nombre", "apellidos y nombre", "jugador", "jugadora",
                 "nombre del jugador", "nombre de jugador", "participante", "tu nombre",
                 "tu nombre completo", "*nombre y apellido*", "*nombre y apellidos*",
                 "*nombre completo*", "*nombre del jugador*", "*apellido y nombre*",
                 "nombres", "primer nombre"),
        "last_name": ("apellido", "apellidos", "apellido s", "primer apellido"),
        "ext_id": ("id de bandai", "id bandai", "id de jugador", "id del jugador",
                   "numero de miembro", "numero de membresia", "id de miembro", "membresia",
                   "*id de bandai*", "*id bandai*", "*numero de miembro*",
                   "*numero de membresia*", "*id de miembro*"),
        "deck_path": ("archivo del mazo", "archivo de mazo", "archivo", "ruta"),
        "deck": ("mazo", "lista", "lista de mazo", "lista del mazo", "tu mazo",
                 "pega aqui tu lista de mazo", "pega aqui tu lista", "*lista de mazo*",
                 "*lista del mazo*", "*lista de cartas*"),
        "submitted": ("marca temporal", "marca de tiempo", "fecha y hora", "hora de envio",
                      "fecha de envio", "hora de finalizacion"),
    },
    "zh": {  # 问卷星, 腾讯问卷, 金数据 and Chinese Google Forms (a pattern ``*x*`` of Chinese
        # words matches ``x`` anywhere in the header: Chinese writes no spaces)
        "name": ("姓名", "名字", "选手姓名", "玩家姓名", "选手", "玩家", "参赛者", "参赛选手",
                 "你的姓名", "您的姓名", "真实姓名", "*姓名*", "*名字*", "名"),
        "last_name": ("姓", "姓氏"),
        "ext_id": ("会员号", "会员编号", "会员id", "万代id", "万代会员号", "选手id", "选手 id",
                   "玩家id", "选手编号", "*会员号*", "*会员编号*", "*万代id*", "*选手id*"),
        "deck_path": ("卡组文件", "卡表文件", "文件", "路径", "文件路径"),
        "deck": ("卡组", "卡表", "牌组", "卡组列表", "卡组清单", "套牌", "*卡表*", "*卡组*",
                 "*牌组*"),
        "submitted": ("提交时间", "提交答卷时间", "填写时间", "答题时间", "时间戳"),
    },
}
# name-column headers that hold a first name only: with a surname column (role "last_name")
# beside it, a player's name is the two joined ("Nombre" + "Apellido")
FIRST_NAME_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("first name", "given name", "first names"),
    "es": ("nombre", "nombres", "primer nombre"),
    "zh": ("名",),
}
# a header naming one of these is a decklist table (count, card number, …), not a roster
CARD_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("count", "qty", "quantity", "copies", "number", "card number", "card", "card no",
           "card id"),
    "es": ("cantidad", "cant", "copias", "carta", "numero de carta", "codigo de carta"),
    "zh": ("数量", "张数", "卡号", "卡牌编号", "卡片编号", "编号"),
}
# the column names of a results or pairings sheet (an event exported in Spanish names them
# "Ronda", "Mesa", "Jugador 1", … and "Empezó (J1/J2 por partida)")
RESULT_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "round": ("round", "rnd", "round no", "round number"),
        "table": ("table", "table no", "table number", "tbl"),
        "player1": ("player 1", "player1", "p1"),
        "player2": ("player 2", "player2", "p2"),
        "result": ("result", "score", "match result"),
        "first": ("first*", "went first"),
        "winners": ("winners", "winner", "game winners", "winner per game"),
        "turns": ("turns", "turn", "turns per game"),
    },
    "es": {
        "round": ("ronda",),
        "table": ("mesa",),
        "player1": ("jugador 1", "j1"),
        "player2": ("jugador 2", "j2"),
        "result": ("resultado",),
        "first": ("empez*",),
        "winners": ("ganadores",),
        "turns": ("turnos",),
    },
    "zh": {  # an event exported in Chinese: "轮", "桌", "选手 1", "先攻（每局 P1/P2）"
        "round": ("轮", "轮次"),
        "table": ("桌", "桌号"),
        "player1": ("选手 1", "选手1", "玩家 1", "玩家1"),
        "player2": ("选手 2", "选手2", "玩家 2", "玩家2"),
        "result": ("结果", "比分", "对局结果"),
        "first": ("先攻*",),
        "winners": ("胜者", "每局胜者"),
        "turns": ("回合数",),
    },
}
# a round entered from a sheet (`tt event pair --from`): the wall sheet's "By table", the
# export's pairings sheet, another tool's pairings
PAIRING_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "round": ("round", "rd", "r"),
        "table": ("table", "table no", "table number", "tbl", "#"),
        "player1": ("player 1", "player1", "p1", "player one"),
        "player2": ("player 2", "player2", "p2", "player two", "opponent"),
        "result": ("result", "score"),
    },
    "es": {
        "round": ("ronda",),
        "table": ("mesa",),
        "player1": ("jugador 1", "j1"),
        "player2": ("jugador 2", "j2", "rival"),
        "result": ("resultado",),
    },
    "zh": {
        "round": ("轮", "轮次"),
        "table": ("桌", "桌号"),
        "player1": ("选手 1", "选手1", "玩家 1", "玩家1"),
        "player2": ("选手 2", "选手2", "玩家 2", "玩家2", "对手"),
        "result": ("结果", "比分"),
    },
}


def every_language(words: dict[str, dict[str, tuple[str, ...]]]) -> dict[str, tuple[str, ...]]:
    """Role -> the names of every language, English first, each once."""
    out: dict[str, tuple[str, ...]] = {}
    for table in words.values():
        for role, names in table.items():
            out[role] = tuple(dict.fromkeys(out.get(role, ()) + names))
    return out


ROSTER_COLUMNS = every_language(ROSTER_WORDS)
FIRST_NAME_COLUMNS = frozenset(w for names in FIRST_NAME_WORDS.values() for w in names)
ROSTER_LABELS = {"name": "Name", "ext_id": "Player ID", "deck": "Decklist",
                 "deck_path": "Deck file"}
CARD_COLUMNS = frozenset(w for names in CARD_WORDS.values() for w in names)
RESULT_COLUMNS = every_language(RESULT_WORDS)
RESULT_REQUIRED = ("table", "player1", "player2", "result")
RESULT_LABELS = {"table": "Table", "player1": "Player 1", "player2": "Player 2",
                 "result": "Result"}
PAIRING_COLUMNS = every_language(PAIRING_WORDS)
PAIRING_REQUIRED = ("table", "player1", "player2")
PAIRING_LABELS = {"table": "Table", "player1": "Player 1", "player2": "Player 2"}


_NOT_ALNUM = re.compile(r"[\W_]+")  # letters of any script stay: 姓名 is a header


def header_key(text: str) -> str:
    """A header as compared with column names: case-folded words of letters and digits,
    accents dropped (``¿Número de miembro?`` -> ``numero de miembro``; ``姓名（必填）`` ->
    ``姓名 必填``)."""
    return " ".join(_NOT_ALNUM.sub(" ", fold(text)).split())


def _matches(key: str, name: str) -> bool:
    if not key:
        return False
    if name.startswith("*") and name.endswith("*"):
        if not name.isascii():  # Chinese has no spaces between words: anywhere in the header
            return name[1:-1] in key
        return f" {name[1:-1]} " in f" {key} "
    if name.endswith("*"):
        return key.startswith(name[:-1])
    return key == name


def column_roles(keys: list[str], synonyms: dict[str, tuple[str, ...]]) -> dict[str, int]:
    """Role -> column index for one header row (each column serves one role at most)."""
    roles: dict[str, int] = {}
    taken: set[int] = set()
    at: dict[str, list[int]] = {}  # an exact name's columns, found by one lookup
    for i, key in enumerate(keys):
        if key:
            at.setdefault(key, []).append(i)
    for patterns in (False, True):  # exact names first, then the patterns
        for role, names in synonyms.items():
            if role in roles:
                continue
            for name in names:
                if ("*" in name) != patterns:
                    continue
                if patterns:
                    hit = next((i for i, k in enumerate(keys)
                                if i not in taken and _matches(k, name)), None)
                else:
                    hit = next((i for i in at.get(name, ()) if i not in taken), None)
                if hit is not None:
                    roles[role] = hit
                    taken.add(hit)
                    break
    return roles


def find_columns(
    sheet: Sheet, synonyms: dict[str, tuple[str, ...]], required: tuple[str, ...]
) -> tuple[int, dict[str, int]] | None:
    """The header row (its index in ``sheet.rows``) and role -> column index, or None: the
    first of the first :data:`HEADER_SCAN_ROWS` rows that names every ``required`` role."""
    for index, (_number, values) in enumerate(sheet.rows[:HEADER_SCAN_ROWS]):
        roles = column_roles([header_key(cell_text(v)) for v in values], synonyms)
        if all(r in roles for r in required):
            return index, roles
    return None


def missing_columns(
    sheet: Sheet, synonyms: dict[str, tuple[str, ...]], required: tuple[str, ...],
    labels: dict[str, str], source: str,
) -> InputError:
    """The error for a sheet without a header row naming every ``required`` role."""
    if not sheet.rows:
        return InputError("sheet-empty", file=source, sheet=repr(sheet.name))
    best: list[str] = []
    line = sheet.rows[0][0]
    for number, values in sheet.rows[:HEADER_SCAN_ROWS]:
        roles = column_roles([header_key(cell_text(v)) for v in values], synonyms)
        found = [r for r in required if r in roles]
        if len(found) > len(best):
            best, line = found, number
    missing = [labels[r] for r in required if r not in best]
    shown = ", ".join(repr(m) for m in missing)
    return InputError(
        "sheet-missing-columns", file=source, line=line, sheet=repr(sheet.name),
        missing=NMsg("missing column {columns}", "missing columns {columns}", len(missing),
                     columns=shown),
        rows=HEADER_SCAN_ROWS, roles=", ".join(labels[r] for r in required),
    )


def cell_value(values: list[object], roles: dict[str, int], role: str) -> object:
    """The value of ``role``'s column in a row (None when the sheet has no such column)."""
    index = roles.get(role)
    if index is None or index >= len(values):
        return None
    return values[index]


# --- rosters ----------------------------------------------------------------------------------

_CARD_LINE = re.compile(r"\d")


def _looks_like_decklist(value: object) -> bool:
    """A cell holding a pasted decklist: three or more lines, most of them with a digit."""
    if not isinstance(value, str):
        return False
    lines = [ln for ln in value.splitlines() if ln.strip()]
    return len(lines) >= 3 and sum(1 for ln in lines if _CARD_LINE.search(ln)) * 2 > len(lines)


@dataclass
class Roster:
    """One player a row: the sheet, its header row's index and the columns by role (a name
    split in a first-name and a surname column is read joined: ``joined``).

    ``notes`` names each column that is not read but looks like decklists (pasted lists).
    """

    sheet: Sheet
    header: int
    roles: dict[str, int]
    notes: list[str] = field(default_factory=list)
    ignored: list[Msg] = field(default_factory=list)  # the notes as messages (a reader's words)
    joined: bool = False  # the name is a first-name column and a surname column joined

    def rows(self) -> Iterator[tuple[int, list[object]]]:
        """(row number, values) of each filled row below the header."""
        yield from self.sheet.rows[self.header + 1:]

    def entries(self, base: Path | None) -> Iterator[RosterEntry]:
        """Each row with a player, an id or a deck, read as :class:`RosterEntry`.

        A deck file (its own column, or a path in the decklist column) is relative to
        ``base``, the sheet's folder, and must stay inside it; with ``base`` None (a sheet
        inside an archive) deck files are not read.
        """
        for number, values in self.rows():
            raw_name = cell_text(cell_value(values, self.roles, "name"))
            if self.joined:
                raw_name = " ".join(filter(None, (
                    raw_name, cell_text(cell_value(values, self.roles, "last_name")))))
            ext_id = cell_text(cell_value(values, self.roles, "ext_id")) or None
            deck = cell_text(cell_value(values, self.roles, "deck"))
            deck_file = cell_text(cell_value(values, self.roles, "deck_path"))
            if not any((raw_name, ext_id, deck, deck_file)):
                continue
            # runs of spaces, also no-break and ideographic ones pasted from a web form, are
            # one space (tabs and line breaks are left for the caller to refuse)
            entry = RosterEntry(number, _SPACES.sub(" ", raw_name), ext_id,
                                submitted=cell_value(values, self.roles, "submitted"))
            file_cell = deck_file or (deck if _looks_like_path(deck, base) else "")
            if deck and deck_file:
                entry.problem = InputError("decklist-and-deck-file")
            elif file_cell and base is None:
                entry.problem = InputError("deck-file-in-archive", path=repr(file_cell))
            elif file_cell and base is not None:
                resolved = _deck_path(file_cell, base)
                if _inside(resolved, base):
                    entry.deck_path = resolved
                else:
                    entry.problem = InputError("deck-file-outside-folder", path=repr(file_cell),
                                               folder=str(base))
            elif deck:
                entry.deck_text = str(cell_value(values, self.roles, "deck")).replace("\r\n", "\n")
            yield entry


@dataclass
class RosterEntry:
    """One row of a roster: ``deck_text`` (a pasted list) or ``deck_path`` (an absolute path
    inside the sheet's folder), or ``problem`` saying why the deck cannot be read."""

    row: int
    name: str
    ext_id: str | None
    deck_text: str | None = None
    deck_path: Path | None = None
    problem: InputError | None = None
    submitted: object = None  # the answer's timestamp cell (a form's Timestamp), if any


_SPACES = re.compile(r"[^\S\t\n\r\x0b\x0c]+")
DECK_FILE_SUFFIXES = (".txt", ".csv", ".json", ".xlsx", ".dek", ".deck", ".tts")


def _deck_path(text: str, base: Path) -> Path:
    path = Path(text).expanduser()
    return path if path.is_absolute() else base / path


def _inside(path: Path, base: Path) -> bool:
    try:
        path.resolve().relative_to(base.resolve())
    except (ValueError, OSError):
        return False
    return True


def _looks_like_path(text: str, base: Path | None) -> bool:
    if "\n" in text or not text:
        return False
    if text.lower().endswith(DECK_FILE_SUFFIXES):
        return True
    if base is None:
        return False
    try:
        return _deck_path(text, base).is_file()
    except OSError:
        return False


_NAME_EXACT = frozenset(n for n in ROSTER_COLUMNS["name"] if "*" not in n)
_NAME_PATTERNS = tuple(n for n in ROSTER_COLUMNS["name"] if "*" in n)


def _may_name_players(keys: list[str]) -> bool:
    """Whether a header row can have a player-name column at all: the quick test that spares
    :func:`column_roles` on every row of a decklist table."""
    return any(k in _NAME_EXACT or any(_matches(k, p) for p in _NAME_PATTERNS) for k in keys)


def _is_card_table(keys: list[str]) -> bool:
    return any(k in CARD_COLUMNS for k in keys)


def find_roster(sheets: list[Sheet]) -> Roster | None:
    """The roster in ``sheets``: the first sheet whose header row names a player column and no
    card column; None if there is none."""
    for sheet in sheets:
        for index, (_number, values) in enumerate(sheet.rows[:HEADER_SCAN_ROWS]):
            keys = [header_key(cell_text(v)) for v in values]
            if not _may_name_players(keys):
                continue
            roles = column_roles(keys, ROSTER_COLUMNS)
            if "name" not in roles:
                continue
            if _is_card_table(keys):
                return None
            roster = Roster(sheet, index, roles,
                            joined="last_name" in roles and keys[roles["name"]]
                            in FIRST_NAME_COLUMNS)
            roster.ignored = _ignored_decklists(roster, values)
            roster.notes = [str(note) for note in roster.ignored]
            return roster
    return None


def _ignored_decklists(roster: Roster, header: list[object]) -> list[Msg]:
    """Notes on columns not read whose cells look like decklists."""
    used = set(roster.roles.values())
    sample = roster.sheet.rows[roster.header + 1:roster.header + 51]
    notes: list[Msg] = []
    for index, title in enumerate(header):
        if index in used:
            continue
        values = [v[index] for _n, v in sample if index < len(v) and cell_text(v[index])]
        if values and sum(1 for v in values if _looks_like_decklist(v)) * 2 > len(values):
            deck = roster.roles.get("deck")
            where = (Msg(WORDS["decklists-read-from"], column=repr(cell_text(header[deck])))
                     if deck is not None else Msg(WORDS["decklists-name-it"]))
            notes.append(Msg(WORDS["decks-column-not-read"], column=repr(cell_text(title)),
                             where=where))
    return notes
