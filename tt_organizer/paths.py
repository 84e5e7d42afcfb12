"""Where the card data and the ban-list cache live.

Run from a checkout (``pip install -e .``), the repository's own ``data/`` and
``banlist_cache/`` are used and updated. Installed from a wheel, the shipped copies inside the
package are read-only: syncs write to a per-user folder, which is then preferred, and the
ban-list cache there is seeded from the shipped one on first use.
"""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_CHECKOUT = _PACKAGE.parent
_SHIPPED = _PACKAGE / "_shipped"


def _in_checkout(name: str) -> Path | None:
    folder = _CHECKOUT / name
    return folder if (_CHECKOUT / "pyproject.toml").is_file() and folder.is_dir() else None


def user_data_dir() -> Path:
    """Per-user folder for synced data and organizer-supplied card lists (``TT_USER_DATA``)."""
    env = os.environ.get("TT_USER_DATA")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tt-organizer"


def data_dir() -> Path:
    """Folder holding the card database: ``TT_DATA_DIR``, else the checkout's ``data/``, else
    the user's synced copy if there is one, else the copy shipped in the package."""
    env = os.environ.get("TT_DATA_DIR")
    if env:
        return Path(env)
    checkout = _in_checkout("data")
    if checkout is not None:
        return checkout
    synced = user_data_dir() / "data"
    if (synced / "cards.json").is_file():
        return synced
    return _SHIPPED / "data"


def shipped_data_dir() -> Path:
    """The card data shipped with the project (with ``source/cards.csv``)."""
    return _in_checkout("data") or _SHIPPED / "data"


def card_sync_dir() -> Path:
    """Where ``tt cards sync`` writes: the checkout's ``data/`` or the user's folder."""
    env = os.environ.get("TT_DATA_DIR")
    if env:
        return Path(env)
    return _in_checkout("data") or user_data_dir() / "data"


def shipped_banlist_cache() -> Path:
    """The ban-list cache shipped with the project (the last known list)."""
    return _in_checkout("banlist_cache") or _SHIPPED / "banlist_cache"


def default_banlist_cache() -> Path:
    """The ban-list cache to use: ``TT_BANLIST_CACHE``, else the checkout's
    ``banlist_cache/``, else a per-user cache seeded from the shipped one."""
    env = os.environ.get("TT_BANLIST_CACHE")
    if env:
        return Path(env)
    checkout = _in_checkout("banlist_cache")
    if checkout is not None:
        return checkout
    user = user_data_dir() / "banlist_cache"
    if not user.is_dir():
        import shutil

        shutil.copytree(_SHIPPED / "banlist_cache", user)
    return user
