"""Hatchling build hook, for a wheel and for an editable install alike: compile the gettext
catalogs (``tt_organizer/locale/*/LC_MESSAGES/tt.po``) to ``tt.mo`` with Babel, and record
the event schema the migrations write (``tt_organizer/events/store/schema_rows.json``).

Both are written into the package (ignored by git) and added to the wheel as artifacts;
:mod:`tt_organizer.i18n` reads the catalogs with the standard library's gettext, and
:mod:`tt_organizer.events.store.schema` compares each event file opened with the record
instead of building the schema in memory every time.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ROOT = Path(__file__).parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))


class CatalogsHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile every catalog and record the schema before the files are collected."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        from update_catalogs import compile_all

        from tt_organizer.events.store.schema import record_schema_rows

        artifacts = build_data.setdefault("artifacts", [])
        for mo in compile_all(ROOT / "tt_organizer" / "locale"):
            artifacts.append(str(mo.relative_to(ROOT)))
        artifacts.append(str(Path(record_schema_rows()).relative_to(ROOT)))
