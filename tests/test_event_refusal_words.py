"""Event refusals as data: each carries a code and its parameters (``exc.code``,
``exc.params``), its English words come from the one catalog (``tt_organizer.messages``) and a
Spanish or Chinese run of the command line shows them in that language, while ``--json``
keeps English."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tt_organizer import i18n
from tt_organizer.cli.main import cli
from tt_organizer.errors import EventError
from tt_organizer.events import constraints, players, setup, store
from tt_organizer.messages import WORDS


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language(None)  # `--language` sets the run's language in this process


def tt(path: Path, *args: str, lang: str = "en", code: int = 0) -> Result:
    """``tt --language LANG event …`` on the event file ``path``."""
    result = CliRunner().invoke(cli, ["--language", lang, "event", *args],
                                env={"TT_EVENT": str(path), "TT_ORGANIZER": "tester"})
    assert result.exit_code == code, (args, result.output, result.exception)
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = tmp_path / "event.sqlite"
    tt(path, "create", "Copa", "--seed", "3")
    for name in ("Ana", "Bruno", "Caro", "Dani"):
        tt(path, "register", name)
    return path


REFUSALS = [  # (arguments, Spanish words, Chinese words)
    (("register", "BYE"), "BYE no es un nombre de jugador", None),
    (("avoid", "Ana", "Ana"), "Ana dos veces: nombra a dos jugadores distintos",
     "Ana 出现了两次：请给出两名不同的选手"),
    (("report", "1", "2-0"), "todavía no hay ninguna ronda emparejada", "还没有任何轮次配对"),
    (("drop", "--id", "Z9"), "ningún jugador tiene el ID Z9", "没有 ID 为 Z9 的选手"),
]


@pytest.mark.parametrize(("args", "spanish", "chinese"), REFUSALS)
def test_a_refusal_is_shown_in_the_readers_language(event: Path, args: tuple[str, ...],
                                                    spanish: str, chinese: str | None) -> None:
    english = tt(event, *args, code=2).stderr
    assert spanish not in english
    assert spanish in tt(event, *args, lang="es", code=2).stderr
    if chinese is not None:
        assert chinese in tt(event, *args, lang="zh", code=2).stderr


def test_manual_pairing_refusals_in_spanish_and_chinese(event: Path) -> None:
    tt(event, "pair")
    tables = json.loads(tt(event, "pairings", "--json").stdout)
    a, b = tables[0]["player1"], tables[0]["player2"]
    es = tt(event, "pairings", "--swap", a, b, lang="es", code=2).stderr
    assert f"{a} y {b} ya juegan entre sí en la mesa 1" in es
    zh = tt(event, "pairings", "--swap", a, b, lang="zh", code=2).stderr
    assert f"{a} 和 {b} 已经在第 1 桌对战" in zh
    assert "no hay mesa 9 en la ronda 1" in tt(event, "pairings", "--unpair", "9", lang="es",
                                               code=2).stderr
    tt(event, "report", "1", "2-0")
    tt(event, "report", "2", "0-2")
    tt(event, "pair")
    es = tt(event, "unreport", "1", "1", lang="es", code=2).stderr
    assert ("no se puede borrar la mesa 1 de la ronda 1: ronda 2 ya se emparejó con su "
            "resultado 2-0") in es
    zh = tt(event, "unreport", "1", "1", lang="zh", code=2).stderr
    assert "无法清除第 1 轮第 1 桌：第 2 轮是按其结果 2-0 配对的" in zh
    english = tt(event, "unreport", "1", "1", code=2).stderr
    assert ("table 1 of round 1 cannot be cleared: round 2 was paired on its result 2-0; use "
            "`tt event correct 1 1 RESULT` to change it") in english


def test_a_refused_sheet_row_is_translated_for_people_and_english_in_json(
        event: Path, tmp_path: Path) -> None:
    tt(event, "register", "Eva", "--id", "A3")
    sheet = tmp_path / "signup.csv"
    sheet.write_text("Name,Player ID\nFede,A3\n", encoding="utf-8")
    shown = tt(event, "register", "--from", str(sheet), lang="es", code=1).stdout
    assert "ID de jugador A3: ya está inscrito (a nombre de Eva)" in shown
    shown = tt(event, "register", "--from", str(sheet), lang="zh", code=1).stdout
    assert "ID A3：已被报名（属于 Eva）" in shown
    rows = json.loads(tt(event, "register", "--from", str(sheet), "--json", lang="es",
                         code=1).stdout)
    assert "id A3: already registered (to Eva)" in json.dumps(rows)


def test_refusals_carry_a_code_and_their_parameters(tmp_path: Path) -> None:
    path = tmp_path / "e.sqlite"
    with pytest.raises(EventError) as bad:
        setup.create_event(path, "Copa", best_of=5)
    assert (bad.value.code, bad.value.params) == ("bad-setting", {"value": 5})
    assert str(bad.value) == "best of 5: must be 1 or 3"
    with i18n.using("es"):
        assert bad.value.shown() == "al mejor de 5: debe ser 1 o 3"
    setup.create_event(path, "Copa", seed=1)
    with store.connect(path) as conn:
        players.register_player(conn, "Ana")
        with pytest.raises(EventError) as twice:
            constraints.avoid(conn, "Ana", "ana")
        assert twice.value.code == "same-player-twice"
        assert twice.value.params == {"name": "Ana"}
        assert str(twice.value) == WORDS["same-player-twice"].format(name="Ana")
        with pytest.raises(EventError) as late:
            constraints.set_bye_rounds(conn, "Ana", constraints.parse_rounds("0"))
        assert late.value.code == "bad-value" and late.value.params["value"] == "0"
        with i18n.using("zh"):
            assert late.value.shown() == "轮空轮次 0：应为 1-20 的轮次编号列表，例如 1,2"
