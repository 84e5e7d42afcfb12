"""Hatchling build hook: compile the gettext catalogs (``tt_organizer/locale/*/LC_MESSAGES/
tt.po``) to ``tt.mo`` with Babel, for a wheel and for an editable install alike.

The ``.mo`` files are written next to their ``.po`` (ignored by git) and added to the wheel
as artifacts; :mod:`tt_organizer.i18n` reads them with the standard library's gettext.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ROOT = Path(__file__).parent
sys.path.insert(0, str(ROOT / "scripts"))


class CatalogsHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile every catalog before the files are collected."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        from update_catalogs import compile_all

        for mo in compile_all(ROOT / "tt_organizer" / "locale"):
            build_data.setdefault("artifacts", []).append(str(mo.relative_to(ROOT)))
