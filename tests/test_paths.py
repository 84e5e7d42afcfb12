"""Where data lives: a checkout uses its own folders; an installed wheel keeps the shipped
copies read-only and writes to a per-user folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tt_organizer import paths

ROOT = Path(__file__).resolve().parents[1]


def test_checkout_uses_its_own_folders(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TT_BANLIST_CACHE", raising=False)
    monkeypatch.delenv("TT_DATA_DIR", raising=False)
    assert paths.data_dir() == ROOT / "data"
    assert paths.default_banlist_cache() == ROOT / "banlist_cache"
    assert paths.card_sync_dir() == ROOT / "data"


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Pretend to be an installed wheel: no checkout, the shipped copies inside the package."""
    site = tmp_path / "site-packages"
    shipped = site / "tt_organizer" / "_shipped"
    (shipped / "data").mkdir(parents=True)
    (shipped / "data" / "cards.json").write_text("{}", encoding="utf-8")
    (shipped / "banlist_cache").mkdir()
    for name in ("2026-03-16.json", "current.json"):
        (shipped / "banlist_cache" / name).write_bytes((ROOT / "banlist_cache" / name).read_bytes())
    monkeypatch.setattr(paths, "_CHECKOUT", site)
    monkeypatch.setattr(paths, "_SHIPPED", shipped)
    for var in ("TT_BANLIST_CACHE", "TT_DATA_DIR", "XDG_DATA_HOME"):
        monkeypatch.delenv(var, raising=False)
    user = tmp_path / "user"
    monkeypatch.setenv("TT_USER_DATA", str(user))
    return user


def test_installed_ban_list_cache_is_seeded_per_user(installed: Path) -> None:
    cache = paths.default_banlist_cache()
    assert cache == installed / "banlist_cache"
    listed = json.loads((cache / "2026-03-16.json").read_text(encoding="utf-8"))
    assert listed["announced"] == "2026-03-16"
    (cache / "2026-03-16.json").write_text("{}", encoding="utf-8")  # a later sync's change
    assert paths.default_banlist_cache() == cache  # seeded once, never overwritten
    assert (cache / "2026-03-16.json").read_text(encoding="utf-8") == "{}"


def test_installed_card_data_prefers_a_synced_copy(installed: Path) -> None:
    assert paths.data_dir() == paths._SHIPPED / "data"
    assert paths.card_sync_dir() == installed / "data"
    (installed / "data").mkdir(parents=True)
    (installed / "data" / "cards.json").write_text("{}", encoding="utf-8")
    assert paths.data_dir() == installed / "data"


def test_environment_overrides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TT_DATA_DIR", str(tmp_path / "d"))
    monkeypatch.setenv("TT_BANLIST_CACHE", str(tmp_path / "c"))
    assert paths.data_dir() == paths.card_sync_dir() == tmp_path / "d"
    assert paths.default_banlist_cache() == tmp_path / "c"
