"""Extract, update and compile tt's gettext catalogs with Babel.

``python scripts/update_catalogs.py`` extracts every message of ``tt_organizer`` into the
template ``tt_organizer/locale/tt.pot``, merges it into each ``<lang>/LC_MESSAGES/tt.po``
(new messages empty, vanished ones marked obsolete) and compiles each to ``tt.mo``. The build
hook (``hatch_build.py``) runs :func:`compile_all` alone; ``tests/test_i18n.py`` runs
:func:`extract` and compares with the template.

What is extracted: ``_()``/``gettext``/``ngettext``/``pgettext``/``N_``/``NP_``/``Msg``/
``PMsg``/``NMsg`` in the package's Python files, and the labels of the format definitions
(zones, groups, requirements: words a deck-check message embeds) and descriptions, each
zone's label also in the context ``zone, with its article`` (the form inside a sentence), and
the names and categories of the shipped infraction list
(``tt_organizer/events/infractions.json``), the names and descriptions of the shipped points
schemes (``tt_organizer/season/schemes/*.json``), and tt's help texts: the click tree of ``tt`` is
walked and every command's description and short help and every option's and argument's
``help=`` is added under the key click's formatting looks up
(:mod:`tt_organizer.cli.help_words`).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tt_organizer"
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / "tt.pot"
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "N_": None, "Msg": None, "NP_": ((1, "c"), 2), "PMsg": ((1, "c"), 2),
            "NMsg": (1, 2)}
DEFINITIONS = PACKAGE / "formats" / "definitions"
ZONE = "zone, with its article"  # tt_organizer.i18n.ZONE


def _labels(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "label" and isinstance(value, str):
                yield value
            else:
                yield from _labels(value)
    elif isinstance(node, list):
        for item in node:
            yield from _labels(item)


def extract() -> Any:
    """A Babel catalog of every message the package shows (the template's content)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="tt-organizer", charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(PACKAGE), method_map=[("**.py", "python"),
                                  ("web/templates/**.html", "jinja2.ext:babel_extract"),
                                  ("publish/templates/**.html", "jinja2.ext:babel_extract")],
        keywords=KEYWORDS,
        comment_tags=("i18n:",), strip_comment_tags=True,
    ):
        catalog.add(message, None, [(f"tt_organizer/{filename}", lineno)],
                    auto_comments=comments, context=context)
    for path in sorted(DEFINITIONS.glob("*.json")):
        if path.name == "checksums.json":
            continue
        definition = json.loads(path.read_text(encoding="utf-8"))
        where = [(f"tt_organizer/formats/definitions/{path.name}", 0)]
        for label in _labels(definition):
            catalog.add(label, None, where, auto_comments=["a format definition's label"])
        if definition.get("description"):  # `tt formats` shows it
            catalog.add(definition["description"], None, where,
                        auto_comments=["a format definition's description"])
        for zone in definition.get("zones", []):  # inside a sentence: "in the Main deck"
            catalog.add(zone["label"], None, where, context=ZONE,
                        auto_comments=["a zone's name with its article, inside a sentence"])
    infractions = PACKAGE / "events" / "infractions.json"  # the judge's list, as shipped
    for entry in json.loads(infractions.read_text(encoding="utf-8"))["infractions"]:
        for field in ("name", "category"):
            catalog.add(entry[field], None, [("tt_organizer/events/infractions.json", 0)],
                        auto_comments=[f"an infraction's {field}"])
    for path in sorted((PACKAGE / "season" / "schemes").glob("*.json")):  # shipped schemes
        scheme = json.loads(path.read_text(encoding="utf-8"))
        for field in ("name", "description"):
            catalog.add(scheme[field], None, [(f"tt_organizer/season/schemes/{path.name}", 0)],
                        auto_comments=[f"a shipped points scheme's {field}"])
    for text, where in _help_texts():
        catalog.add(text, None, [("tt_organizer/cli/help_words.py", 0)],
                    auto_comments=[f"help text of `{where}`"])
    return catalog


def _help_texts() -> Iterator[tuple[str, str]]:
    """tt's help texts (:func:`tt_organizer.cli.help_words.help_texts`), each once, in the
    order of the command tree."""
    from tt_organizer.cli.help_words import help_texts
    from tt_organizer.cli.main import cli

    seen: set[str] = set()
    for text, where in help_texts(cli):
        if text not in seen:
            seen.add(text)
            yield text, where


def catalogs() -> list[Path]:
    """Every language's ``.po`` file."""
    return sorted(LOCALE.glob("*/LC_MESSAGES/tt.po"))


def compile_all(locale: Path = LOCALE) -> list[Path]:
    """Compile each ``.po`` under ``locale`` to its ``.mo``; the ``.mo`` paths."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted(locale.glob("*/LC_MESSAGES/tt.po")):
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parent.parent.name)
        mo = po.with_suffix(".mo")
        tmp = mo.with_suffix(".mo.tmp")
        with tmp.open("wb") as f:
            write_mo(f, catalog)
        tmp.replace(mo)
        written.append(mo)
    return written


def update() -> None:
    """Write the template, merge it into every catalog, compile them."""
    from babel.messages.pofile import read_po, write_po

    template = extract()
    with TEMPLATE.open("wb") as f:
        write_po(f, template, width=96, omit_header=False, sort_output=False)
    for po in catalogs():
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parent.parent.name)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        with po.open("wb") as f:
            write_po(f, catalog, width=96, ignore_obsolete=True)
    compile_all()


if __name__ == "__main__":
    update()
    sys.exit(0)
