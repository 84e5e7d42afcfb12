"""Write published results as a static site: plain HTML and CSS, no script, no CDN.

The folder opens straight from the disk (``file://``) or from any web host: every link is
relative, the one style sheet sits beside the pages, and the data the pages show is also
written as JSON (``event.json`` / ``season.json``). Each file is written atomically. The
marker file ``.tt-publish`` is a manifest of what the publication wrote and of which kind
(event or season): publishing again removes only files the earlier publication of the same
kind wrote, and a folder holding another kind of publication or any file it did not write is
refused, so publishing never overwrites or removes someone's files.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tt_organizer import i18n
from tt_organizer.errors import InputError
from tt_organizer.i18n import N_, Term

if TYPE_CHECKING:
    from jinja2 import Environment

    from tt_organizer.events.models import EventSnapshot
    from tt_organizer.season.file import Season

TEMPLATES = os.path.join(os.path.dirname(__file__), "templates")
MARKER = ".tt-publish"  # the file that says a folder holds a publication
EVENT_PAGES = (("index.html", N_("Standings")), ("rounds.html", N_("Rounds")),
               ("bracket.html", N_("Top cut")), ("decklists.html", N_("Decklists")),
               ("field.html", N_("The field")))


@dataclass(frozen=True)
class Published:
    """What a publication wrote: the folder and the files in it."""

    folder: Path
    files: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` form."""
        return {"folder": str(self.folder), "files": list(self.files)}


def _environment() -> Environment:
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

    env = Environment(loader=FileSystemLoader(TEMPLATES), undefined=StrictUndefined,
                      autoescape=select_autoescape(["html"]), trim_blocks=False,
                      extensions=["jinja2.ext.i18n"])
    # the pages' words through tt's catalog, in the language they are rendered in (using)
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=i18n.gettext, ngettext=i18n.ngettext, newstyle=False)
    env.globals.update(pct=percent, anchor=anchor, worded=worded, word=word)
    env.filters["word"] = word
    return env


def percent(value: float | None) -> str:
    """A fraction as the pages show it (``66.67%``; ``66,67 %`` in Spanish), ``—`` when there
    is none."""
    return "—" if value is None else i18n.format_percent(value, 2)


def word(value: str) -> str:
    """A word from the data (a colour, ``Red/Blue``) in the current language."""
    return i18n.translate(Term(value))


def anchor(name: str) -> str:
    """An id for a player's section: letters, digits and dashes only (``p-ana-garcia``)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", plain.casefold()).strip("-")
    return f"p-{slug or 'x'}-{hashlib.blake2b(name.encode(), digest_size=3).hexdigest()}"


def worded(match: dict[str, Any]) -> str:
    """A match's result in words: ``2-1``, ``bye``, ``draw 1-1``, ``not reported``."""
    _ = i18n.gettext
    outcome, result = match["outcome"], match["result"]
    if outcome is None:
        return _("not reported")
    if outcome == "bye":
        return _("bye")
    if outcome == "draw":
        return (_("draw {result}").format(result=result) if result and result != "draw"
                else _("draw"))
    if outcome == "double-loss":
        return _("double loss")
    if outcome == "loss-missed":
        return _("missed the round")
    return str(result)


# what a publication of each kind wrote before the marker listed its files (the marker held
# one line of text): an earlier publish of that version is recognised by its data file
LEGACY_FILES = {
    "event": (*(name for name, _ in EVENT_PAGES), "style.css", "event.json", MARKER),
    "season": ("index.html", "style.css", "season.json", MARKER),
}


def _manifest(out: Path) -> tuple[str, set[str]] | None:
    """(kind, files) of the earlier publication in ``out`` (None: there is none). The marker
    is a small JSON manifest: ``{"publication": "tt-organizer", "kind": …, "files": […]}``."""
    marker = out / MARKER
    if not marker.is_file():
        return None
    try:
        text = marker.read_text(encoding="utf-8")[:1_000_000]
        data = json.loads(text) if text.lstrip().startswith("{") else None
    except (OSError, ValueError):
        data = {}
    if data is None:  # an earlier version's one-line marker
        legacy = "season" if (out / "season.json").is_file() else "event"
        return legacy, set(LEGACY_FILES[legacy])
    files = data.get("files") if isinstance(data, dict) else None
    kind = data.get("kind") if isinstance(data, dict) else None
    if not isinstance(files, list):
        files = [None]
    named = all(isinstance(f, str) and f and "/" not in f and "\\" not in f
                and f not in (".", "..") for f in files)
    if not isinstance(kind, str) or kind not in LEGACY_FILES or not named:
        raise InputError("publish-bad-manifest", marker=MARKER, file=str(out),
                         code="publish-target")
    return kind, {*files, MARKER}


def _prepare(folder: str | Path, kind: str) -> tuple[Path, set[str]]:
    """The folder to publish a ``kind`` ("event" or "season") into, and the files an earlier
    publication of that kind wrote there. Refused: a folder holding another kind of
    publication, or anything an earlier publication did not write."""
    from tt_organizer.atomic import make_folder

    out = Path(folder)
    if not out.is_dir() or not any(out.iterdir()):
        return make_folder(out), set()
    earlier = _manifest(out)
    if earlier is None:
        raise InputError("publish-folder-not-empty", file=str(out), code="publish-target")
    was, files = earlier
    if was != kind:
        raise InputError("publish-holds-event" if was == "event" else "publish-holds-season",
                         file=str(out), code="publish-target",
                         hint={"holds": was})
    foreign = sorted(p.name for p in out.iterdir() if p.name not in files or not p.is_file())
    if foreign:
        raise InputError("publish-foreign-files" if len(foreign) <= 5 else
                         "publish-foreign-files-more", files=", ".join(foreign[:5]),
                         more=len(foreign) - 5, file=str(out), code="publish-target",
                         hint={"foreign": foreign})
    return out, files


def _write(out: Path, name: str, text: str) -> None:
    from tt_organizer.atomic import atomic_write

    with atomic_write(out / name) as tmp:
        tmp.write_text(text, encoding="utf-8")


def _site(out: Path, kind: str, earlier: set[str], pages: dict[str, str], data_name: str,
          doc: dict[str, Any]) -> Published:
    """Write the publication, then its manifest; remove what the earlier publication of this
    kind wrote and this one does not (only that)."""
    with open(os.path.join(TEMPLATES, "style.css"), encoding="utf-8") as fh:
        css = fh.read()
    files = {**pages, "style.css": css,
             data_name: json.dumps(doc, ensure_ascii=False, indent=1) + "\n"}
    names = sorted({*files, MARKER})
    stale = sorted(earlier - set(names))

    def manifest(listed: list[str]) -> str:
        return json.dumps({"publication": "tt-organizer", "kind": kind,
                           "files": [f for f in listed if f != MARKER]}, indent=1) + "\n"

    if stale:  # until they are gone, the manifest names them too
        _write(out, MARKER, manifest(sorted({*names, *stale})))
    for name, text in files.items():
        _write(out, name, text)
    for name in stale:
        (out / name).unlink(missing_ok=True)
    _write(out, MARKER, manifest(names))
    return Published(out, tuple(names))


def publish_event(snapshot: EventSnapshot, folder: str | Path, *,
                  decklists: str = "top-cut") -> Published:
    """Publish the event's results into ``folder`` (see the module's docstring), its pages in
    the event's language (``event.json`` the same in every language)."""
    from tt_organizer.events.final_placings import round_names
    from tt_organizer.publish.document import event_document

    doc = event_document(snapshot, decklists=decklists)
    out, earlier = _prepare(folder, "event")
    env = _environment()
    lang = snapshot.settings.language
    with i18n.using(lang):
        _ = i18n.gettext
        titles = {r["round"]: _("Round {round}").format(round=r["round"])
                  for r in doc["rounds"]}
        bracket_titles = round_names(snapshot.matches, shown=True)
        common = {"doc": doc, "lang": i18n.current(), "site_name": doc["event"]["name"],
                  "generated": None, "nav": [(href, _(label)) for href, label in EVENT_PAGES],
                  "json_file": "event.json"}
        note = {"top-cut": _("The decklists of the top cut."),
                "all": _("Every registered decklist."),
                "none": _("Decklists are not published for this event.")}[decklists]
        pages = {
            "index.html": env.get_template("standings.html").render(
                common, page="index.html",
                title=_("Final standings") if doc["event"]["finished"] else _("Standings")),
            "rounds.html": env.get_template("rounds.html").render(
                common, page="rounds.html", title=_("Rounds"), rounds=doc["rounds"],
                prefix="round-", titles=titles, empty=_("No round has been paired yet.")),
            "bracket.html": env.get_template("rounds.html").render(
                common, page="bracket.html", title=_("Top cut"), rounds=doc["bracket"],
                prefix="top-cut-", titles=bracket_titles,
                empty=_("This event has no top cut (or it has not started).")),
            "decklists.html": env.get_template("decklists.html").render(
                common, page="decklists.html", title=_("Decklists"), decklist_note=note),
            "field.html": env.get_template("field.html").render(
                common, page="field.html", title=_("The field")),
        }
    return _site(out, "event", earlier, pages, "event.json", doc)


def season_document(season: Season) -> dict[str, Any]:
    """The published document of a season (``season.json``): ``tt season standings --json``
    under a schema name and version."""
    from tt_organizer.season.ranking import standings_json

    return {"schema": "tt-organizer/published-season", "version": 1,
            **standings_json(season)}


def publish_season(season: Season, folder: str | Path) -> Published:
    """Publish a season's standings into ``folder``, its page in the current language (a
    season has no language of its own: the command line's)."""
    doc = season_document(season)
    out, earlier = _prepare(folder, "season")
    title = i18n.gettext("Season standings")
    page = _environment().get_template("season.html").render(
        doc=doc, lang=i18n.current(), site_name=season.name, generated=None,
        nav=(("index.html", title),), page="index.html", title=title,
        json_file="season.json")
    return _site(out, "season", earlier, {"index.html": page}, "season.json", doc)
