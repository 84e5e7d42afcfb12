"""``tt stats report``: the calibration figures as plots (matplotlib, Agg), in a PDF or an HTML
page with the plots inline as SVG (it opens offline).

Four plots, every rate drawn as a point with its 95% Wilson interval and its n:

* the first player's win rate per event and pooled, against the 50-55% target band;
* game length: games by the turn they ended on;
* win rate by Tamer (the Tamers with most games);
* win rate by deck colour.

matplotlib is imported only here, and only when a report is drawn.
"""

from __future__ import annotations

import html
import io
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tt_organizer.atomic import atomic_write
from tt_organizer.errors import InputError
from tt_organizer.i18n import Term, current, format_number, ngettext, translate
from tt_organizer.i18n import gettext as _
from tt_organizer.stats.calibration import Bucket, CalibrationStats, Rate

if TYPE_CHECKING:
    from matplotlib.figure import Figure

MAX_TAMERS = 20
KINDS = (".pdf", ".html")
_COLOURS = {"Red": "#d62728", "Blue": "#1f77b4", "Yellow": "#e6b800", "Green": "#2ca02c",
            "Black": "#333333", "Purple": "#8e44ad", "White": "#b0b0b0"}


# fonts with Chinese/Japanese glyphs, tried after DejaVu Sans for a character it lacks (a
# Chinese report, or a Chinese event's name in any language); only installed ones are named
CJK_FONTS = ("Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei",
             "WenQuanYi Zen Hei", "Microsoft YaHei", "SimHei", "PingFang SC",
             "Hiragino Sans GB", "Noto Sans CJK JP", "AR PL UMing CN")
CJK_FILES = ("notosanscjk", "sourcehansans", "wqy", "msyh", "simhei", "pingfang", "uming")


@lru_cache(maxsize=1)
def _fonts() -> None:
    """Let matplotlib fall back, glyph by glyph, to an installed CJK font. matplotlib's font
    list is cached when it is first built: a font installed later is looked for among the
    system's font files (fontconfig) and added. None installed: such characters are drawn as
    boxes, as with any font lacking them, without a warning per glyph."""
    import logging
    import warnings

    import matplotlib
    from matplotlib import font_manager

    warnings.filterwarnings("ignore", message=r"Glyph \d+ .* missing from font")
    # a CJK font without a bold face: matplotlib uses the regular one and says so, each time
    logging.getLogger("matplotlib.font_manager").setLevel(logging.ERROR)
    installed = {f.name for f in font_manager.fontManager.ttflist}
    if not installed & set(CJK_FONTS):
        for path in font_manager.findSystemFonts():
            if any(key in Path(path).name.lower() for key in CJK_FILES):
                try:
                    font_manager.fontManager.addfont(path)
                except (OSError, RuntimeError, ValueError):  # a font it cannot read
                    continue
        installed = {f.name for f in font_manager.fontManager.ttflist}
    found = [name for name in CJK_FONTS if name in installed]
    if found:
        matplotlib.rcParams["font.family"] = ["DejaVu Sans", *found]


def _figure(height: float) -> Figure:
    import matplotlib

    matplotlib.use("Agg", force=False)
    from matplotlib.figure import Figure

    _fonts()

    fig = Figure(figsize=(10, height), layout="constrained")
    return fig


def _rates(fig: Figure, title: str, rows: Sequence[tuple[str, Rate]], *,
           band: tuple[float, float] | None = None, colours: Sequence[str] | None = None,
           highlight_last: bool = False) -> None:
    """Horizontal points with Wilson error bars, one row per label (top to bottom)."""
    ax = fig.add_subplot()
    ax.set_title(title, loc="left", fontsize=12, fontweight="bold")
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(lambda x, _pos: f"{x:.0%}")
    ax.set_xlabel(_("win rate (95% Wilson interval)"))
    ax.axvline(0.5, color="#888888", linewidth=0.8, linestyle="--")
    if band is not None:
        target = _("target {low}–{high}").format(low=f"{band[0]:.0%}", high=f"{band[1]:.0%}")
        ax.axvspan(*band, color="#2ca02c", alpha=0.15, label=target)
        ax.legend(loc="lower right", fontsize=9)
    n = len(rows)
    labels = []
    for i, (label, rate) in enumerate(rows):
        y = n - 1 - i
        labels.append(label)
        if rate.rate is None:
            ax.text(0.02, y, _("no data"), va="center", fontsize=9, color="#888888")
            continue
        low, high = rate.interval or (0.0, 1.0)
        faint = rate.status != "ok"
        colour = "#999999" if faint else (colours[i] if colours else "#1f3b73")
        if highlight_last and i == n - 1 and not faint:
            colour = "#000000"
        ax.errorbar([rate.rate], [y], xerr=[[rate.rate - low], [high - rate.rate]], fmt="o",
                    color=colour, ecolor=colour, capsize=4, markersize=6, linewidth=1.6)
        note = f"{rate.rate:.0%} [{low:.0%}–{high:.0%}]  n={rate.games}"
        if faint:
            note += _(" (not enough games)")
        ax.text(min(high + 0.015, 0.70), y + 0.22, note, fontsize=8, color=colour)
    ax.set_yticks(range(n))
    ax.set_yticklabels(list(reversed(labels)), fontsize=9)
    ax.set_ylim(-0.7, n - 0.3)
    ax.grid(axis="x", alpha=0.3)


def first_player_figure(stats: CalibrationStats) -> Figure:
    """The first player's win rate, each event and pooled, with the target band."""
    fp = stats.first_player
    rows = [(name, rate) for name, rate in fp.per_event] if len(fp.per_event) > 1 else []
    count = len(stats.events)
    rows.append((ngettext("all {n} event", "all {n} events", count).format(n=count)
                 if count > 1 else (stats.events[0] if stats.events else _("no events")),
                 fp.overall))
    fig = _figure(1.4 + 0.45 * len(rows))
    _rates(fig, _("First player's win rate"), rows, band=fp.target, highlight_last=True)
    return fig


def length_figure(stats: CalibrationStats) -> Figure:
    """Games by the turn they ended on."""
    length = stats.length
    fig = _figure(3.4)
    ax = fig.add_subplot()
    head = _("Game length (n={n})").format(n=length.games)
    if length.mean is not None and length.median is not None:
        head += ": " + _("mean turn {mean}, median {median}").format(
            mean=format_number(length.mean, 1), median=f"{length.median:g}")
    ax.set_title(head, loc="left", fontsize=12, fontweight="bold")
    if length.histogram:
        turns = list(length.histogram)
        ax.bar(turns, list(length.histogram.values()), color="#1f3b73", width=0.8)
        ax.set_xticks(turns)
    else:
        ax.text(0.5, 0.5, _("no data"), ha="center", transform=ax.transAxes, color="#888888")
    ax.set_xlabel(_("turn on which the game ended"))
    ax.set_ylabel(_("games"))
    ax.grid(axis="y", alpha=0.3)
    return fig


def _bucket_figure(title: str, buckets: Sequence[Bucket], colours: bool = False) -> Figure:
    rows = [(translate(Term(b.label)) if colours else b.label, b.rate) for b in buckets]
    fig = _figure(1.4 + 0.4 * max(1, len(rows)))
    if not rows:
        ax = fig.add_subplot()
        ax.set_title(title, loc="left", fontsize=12, fontweight="bold")
        ax.text(0.5, 0.5, _("no data"), ha="center", transform=ax.transAxes, color="#888888")
        ax.set_axis_off()
        return fig
    tints = [_COLOURS.get(b.label, "#1f3b73") for b in buckets] if colours else None
    _rates(fig, title, rows, colours=tints)
    return fig


def figures(stats: CalibrationStats) -> list[tuple[str, Figure]]:
    """Every plot of the report, with its heading."""
    tamers = list(stats.tamer_rates[:MAX_TAMERS])
    return [
        (_("First player"), first_player_figure(stats)),
        (_("Game length"), length_figure(stats)),
        (_("Tamers"), _bucket_figure(
            _("Win rate by Tamer (non-mirror games; {shown} of {n} Tamers with most games)")
            .format(shown=len(tamers), n=len(stats.tamer_rates)), tamers)),
        (_("Colours"), _bucket_figure(_("Win rate by deck colour (non-mirror games)"),
                                      stats.colours, colours=True)),
    ]


def svg(fig: Figure) -> str:
    """The figure as an inline ``<svg>`` element."""
    out = io.StringIO()
    fig.savefig(out, format="svg")
    text = out.getvalue()
    return text[text.index("<svg"):]


def _summary(stats: CalibrationStats) -> list[str]:
    from tt_organizer.stats.words import rate_words, verdict_words

    fp = stats.first_player
    verdict = verdict_words(fp)
    return [
        ngettext("{n} event(s): {events}", "{n} event(s): {events}", len(stats.events))
        .format(n=len(stats.events), events=", ".join(stats.events)),
        _("format: {formats}").format(formats=", ".join(stats.formats) or _("none")),
        _("{players}, {matches}, {games}; {detailed} of {n} carry per-game details (who went "
          "first: {first}, turns: {turns})").format(
            players=ngettext("{n} player", "{n} players", stats.players).format(
                n=stats.players),
            matches=ngettext("{n} matches", "{n} matches", stats.matches).format(
                n=stats.matches),
            games=ngettext("{n} games played", "{n} games played", stats.games).format(
                n=stats.games),
            detailed=stats.detailed, n=stats.games, first=stats.with_first,
            turns=stats.with_turns),
        _("first player wins {rate}").format(rate=rate_words(fp.overall))
        + (f": {verdict}" if verdict else ""),
    ]


def _html(stats: CalibrationStats) -> str:
    title = html.escape(_("Format calibration"))
    parts = ["<!doctype html>",
             f'<html lang="{html.escape(current())}"><head><meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             f"<title>{title}</title>",
             "<style>body{font-family:sans-serif;max-width:1000px;margin:1em auto;padding:0 1em}"
             "svg{max-width:100%;height:auto}</style></head><body>",
             f"<h1>{title}</h1><ul>"]
    parts += [f"<li>{html.escape(line)}</li>" for line in _summary(stats)]
    parts.append("</ul>")
    for heading, fig in figures(stats):
        parts.append(f"<section><h2>{html.escape(heading)}</h2>{svg(fig)}</section>")
    parts.append("<p>" + html.escape(_(
        "Points are win rates; bars their 95% Wilson intervals; grey points have too few "
        "games to mean anything.")) + "</p></body></html>")
    return "\n".join(parts)


def report_json(stats: CalibrationStats, written: Path) -> dict[str, Any]:
    """The ``tt stats report --json`` shape: the file and the headline figures."""
    return {"report": str(written), "events": list(stats.events), "games": stats.games,
            "games_detailed": stats.detailed, "first_player": stats.first_player.to_dict()}


def write_report(stats: CalibrationStats, path: str | Path) -> Path:
    """Write the plots to ``path`` (``.pdf``: one page per plot after a title page; ``.html``:
    one page, SVG inline); atomically. Returns the path."""
    out = Path(path)
    kind = out.suffix.lower()
    if kind not in KINDS:
        raise InputError("report-kind", file=str(out))
    if kind == ".html":
        text = _html(stats)
        with atomic_write(out) as tmp:
            tmp.write_text(text, encoding="utf-8")
        return out
    from matplotlib.backends.backend_pdf import PdfPages

    title = _figure(4.0)
    title.suptitle(_("Format calibration"), x=0.02, ha="left", fontsize=16, fontweight="bold")
    for i, line in enumerate(_summary(stats)):
        title.text(0.02, 0.8 - 0.12 * i, line, fontsize=10, wrap=True)
    meta: dict[str, Any] = {"Title": _("Format calibration"), "Creator": "tt-organizer"}
    with atomic_write(out) as tmp, PdfPages(tmp, metadata=meta) as pdf:
        pdf.savefig(title)
        for _heading, fig in figures(stats):
            pdf.savefig(fig)
    return out
