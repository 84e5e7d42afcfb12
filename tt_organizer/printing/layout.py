"""What every printed sheet shares: paper size, fonts, text fitting, the page frame, saving.

Sheets are drawn with reportlab's canvas (exact positions, no layout engine to second-guess):
each sheet module lays out its own pages on a :class:`Sheet`, which adds the footer (event,
what the sheet is, print time in local time, ``page N of M``) and writes the PDF atomically.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from tt_organizer.errors import InputError

A4 = "a4"
LETTER = "letter"
PAPERS = (A4, LETTER)
# Countries that use US Letter (glibc's LC_PAPER); everywhere else uses A4.
LETTER_COUNTRIES = frozenset(
    {"US", "CA", "MX", "PR", "PH", "CL", "CO", "CR", "GT", "NI", "PA", "SV", "VE", "DO", "BZ"}
)
MARGIN = 24.0  # points (1/72 in) on every side: inside any printer's unprintable edge
FOOTER = 14.0  # room kept at the bottom for the footer line
EVENT_SIZE = 11.0  # the event name at the right of a page's title
EVENT_SHARE = 0.4  # of the width, at most, for the event name beside the title
TITLE_SHRINK = 0.75  # a title is set this much smaller, at most, before it wraps
TITLE_LEADING = 1.15  # line height / type size of a title on more than one line
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
# Chinese characters (and kana, CJK punctuation, full-width forms) that reportlab's built-in
# CID font STSong-Light draws (Adobe-GB1, the UniGB-UCS2-H map): a text holding one the sheet
# font lacks is set in that font (DejaVu and Vera have none); chosen by the text's script,
# never by a language. In such a text, besides these, STSong-Light draws ASCII and _CJK_ALSO.
_CJK = re.compile("[\u3000-\u3003\u3005-\u3017\u3041-\u3094\u30a1-\u30fe\u3400-\u4db5"
                  "\u4e00-\u9fa5\uff01-\uff5e\uffe0-\uffe5]")
_CJK_ALSO = frozenset("¤¥§¨°±×÷àáèéêìíòóùúü‐–—―‖‘’“”‥…‰′″‵※←↑→↓↖↗↘↙")
CJK_FONT = "STSong-Light"  # ships inside reportlab (Adobe-GB1); the reader's viewer draws it
_FONT_DIRS = (
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/TTF",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/truetype",
    "/usr/local/share/fonts",
    "/Library/Fonts",
    str(Path.home() / "Library" / "Fonts"),
    "C:\\Windows\\Fonts",
)


def paper_from_locale(environ: Mapping[str, str] | None = None) -> str:
    """``letter`` when the locale's country uses it (``LC_ALL``, ``LC_PAPER``, ``LANG`` in
    POSIX order, e.g. ``en_US.UTF-8``), else ``a4``."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_PAPER", "LANG"):
        value = env.get(var, "")
        if value:
            match = re.match(r"^[A-Za-z]{2,3}_([A-Za-z]{2})\b", value)
            return LETTER if match and match.group(1).upper() in LETTER_COUNTRIES else A4
    return A4


def page_size(paper: str, *, landscape: bool = False) -> tuple[float, float]:
    """Width and height in points of ``paper`` (``a4`` / ``letter``)."""
    from reportlab.lib.pagesizes import A4 as A4_SIZE
    from reportlab.lib.pagesizes import LETTER as LETTER_SIZE

    sizes = {A4: A4_SIZE, LETTER: LETTER_SIZE}
    if paper not in sizes:
        raise InputError("unknown-paper", paper=repr(paper))
    w, h = sizes[paper]
    return (h, w) if landscape else (w, h)


@dataclass(frozen=True)
class Fonts:
    """The regular and bold font names registered with reportlab, and the characters the
    regular font has glyphs for (``None`` = a standard font, Latin-1 only)."""

    regular: str
    bold: str
    glyphs: frozenset[int] | None

    def clean(self, text: object) -> str:
        """``text`` as it can be drawn: control characters dropped, a character the font has
        no glyph for shown as ``?`` (never an invisible gap in a player's name)."""
        value = _CONTROL.sub("", "" if text is None else str(text))
        if any(ord(c) not in (self.glyphs or ()) for c in _CJK.findall(value)):
            # set in the CJK font (see :func:`face`): what it has no glyph for is a ``?``
            value = value.replace("·", "・")  # the middle dot it has
            return "".join(c if " " <= c <= "~" or c in _CJK_ALSO or _CJK.match(c) else "?"
                           for c in value)
        if self.glyphs is None:
            return value.encode("latin-1", "replace").decode("latin-1")
        return "".join(c if ord(c) in self.glyphs or c == " " else "?" for c in value)


def face(font: str, text: str) -> str:
    """The font ``text`` is set in: ``font``, or the built-in CJK font when ``text`` holds a
    Chinese, Japanese or Korean character ``font`` has no glyph for (registered the first time
    one is met; a ``$TT_PDF_FONT`` with those glyphs keeps setting them, embedded)."""
    wanted = {ord(c) for c in _CJK.findall(text)}
    if not wanted or wanted <= _glyphs(font):
        return font
    _register_cjk()
    return CJK_FONT


@lru_cache(maxsize=8)
def _glyphs(font: str) -> frozenset[int]:
    from reportlab.pdfbase import pdfmetrics

    face_ = getattr(pdfmetrics.getFont(font), "face", None)
    return frozenset(getattr(face_, "charToGlyph", None) or ())


@lru_cache(maxsize=1)
def _register_cjk() -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont

    pdfmetrics.registerFont(UnicodeCIDFont(CJK_FONT))


def _find_font(name: str) -> str | None:
    for folder in _FONT_DIRS:
        candidate = Path(folder) / name
        if candidate.is_file():
            return str(candidate)
    return None


@lru_cache(maxsize=1)
def fonts() -> Fonts:
    """Register and return the sheet fonts: ``$TT_PDF_FONT`` / ``$TT_PDF_FONT_BOLD`` (TrueType
    files), else DejaVu Sans where installed (wide Unicode coverage), else the Bitstream Vera
    fonts that ship with reportlab."""
    import reportlab
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    bundled = Path(reportlab.__file__).parent / "fonts"
    regular = os.environ.get("TT_PDF_FONT") or _find_font("DejaVuSans.ttf")
    bold = os.environ.get("TT_PDF_FONT_BOLD") or _find_font("DejaVuSans-Bold.ttf")
    if not regular:
        regular, bold = str(bundled / "Vera.ttf"), str(bundled / "VeraBd.ttf")
    try:
        font = TTFont("TTSheet", regular)
        pdfmetrics.registerFont(font)
        pdfmetrics.registerFont(TTFont("TTSheet-Bold", bold or regular))
    except Exception as exc:  # a broken or unreadable font file named in the environment
        raise InputError("font-unusable", reason=str(exc), file=regular) from None
    glyphs = frozenset(font.face.charToGlyph)
    return Fonts("TTSheet", "TTSheet-Bold", glyphs)


def text_width(text: str, font: str, size: float) -> float:
    """Width in points of ``text`` set in ``font`` at ``size``."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return float(stringWidth(text, face(font, text), size))


def fit_size(text: str, font: str, size: float, width: float, minimum: float) -> float:
    """The largest size ≤ ``size`` (and ≥ ``minimum``) at which ``text`` fits ``width``."""
    need = text_width(text, font, size)
    if need <= width or need == 0:
        return size
    return max(minimum, size * width / need)


def ellipsize(text: str, font: str, size: float, width: float) -> str:
    """``text`` cut with ``…`` so that it fits ``width`` (as it is when it fits)."""
    if text_width(text, font, size) <= width:
        return text
    while text and text_width(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap_text(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` in lines that each fit ``width``: broken between words, and a word wider than
    the line (an id, a name in a script written without spaces) between its characters --
    nothing is cut."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if text_width(candidate, font, size) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = ""
        for ch in word:
            if line and text_width(line + ch, font, size) > width:
                lines.append(line)
                line = ""
            line += ch
    if line or not lines:
        lines.append(line)
    return lines


FOOTER_CONDENSE = 0.7  # the footer's event and sheet may be set this much narrower


def footer_lines(text: str, font: str, room: float) -> tuple[float, list[str]]:
    """The footer's left text in ``room``: one line at 8 points, else smaller (6 at least)
    and set narrower (to :data:`FOOTER_CONDENSE`), else on two lines at 6 points (both fit
    the footer's room); a text longer still has its second line cut with ``…``."""
    size = fit_size(text, font, 8.0, room / FOOTER_CONDENSE, 6.0)
    if text_width(text, font, size) * FOOTER_CONDENSE <= room + 0.01:
        return size, [text]
    lines = wrap_text(text, font, 6.0, room / FOOTER_CONDENSE)
    if len(lines) > 2:
        lines = [lines[0], text[len(lines[0]):].strip()]
    return 6.0, lines


@dataclass(frozen=True)
class Heading:
    """A page title as set: type size, its lines, the event name's lines (at the right)."""

    size: float
    lines: list[str]
    event_lines: list[str]

    @property
    def height(self) -> float:
        """From the top margin to the last baseline."""
        title = self.size + (len(self.lines) - 1) * self.size * TITLE_LEADING
        event = (self.size + (len(self.event_lines) - 1) * EVENT_SIZE * TITLE_LEADING
                 if self.event_lines else 0.0)
        return max(title, event)

    def extra(self, size: float) -> float:
        """How much lower than a one-line title of ``size`` the heading ends."""
        return self.height - size


@dataclass
class Sheet:
    """A PDF being drawn: the canvas, page size, fonts and footer text."""

    paper: str
    event: str
    what: str
    printed: str
    landscape: bool = False
    fonts: Fonts = field(default_factory=fonts)
    buffer: io.BytesIO = field(default_factory=io.BytesIO)
    canvas: Any = None

    def __post_init__(self) -> None:
        self.canvas = _NumberedCanvas(
            self.buffer, pagesize=page_size(self.paper, landscape=self.landscape), sheet=self
        )
        self.canvas.setTitle(self.fonts.clean(f"{self.event} — {self.what}"))
        self.canvas.setAuthor("tt-organizer")
        self.canvas.setCreator("tt-organizer")

    @property
    def size(self) -> tuple[float, float]:
        """Width and height of the page being drawn."""
        w, h = self.canvas._pagesize
        return float(w), float(h)

    def orient(self, landscape: bool) -> None:
        """Turn the page being drawn (and those after it) to landscape or portrait."""
        self.landscape = landscape
        self.canvas.setPageSize(page_size(self.paper, landscape=landscape))

    @property
    def width(self) -> float:
        """Usable width between the margins."""
        return self.size[0] - 2 * MARGIN

    @property
    def top(self) -> float:
        """y of the top margin."""
        return self.size[1] - MARGIN

    @property
    def bottom(self) -> float:
        """y of the lowest usable line (above the footer)."""
        return MARGIN + FOOTER

    def text(self, x: float, y: float, text: object, size: float, *, bold: bool = False,
             align: str = "left", width: float | None = None, gray: float = 0.0,
             condense: float = 1.0, rgb: tuple[float, float, float] | None = None) -> None:
        """Draw one line of text at baseline ``y``. With ``width``, text too wide is first set
        narrower (down to ``condense`` of its width, the type keeping its height), then cut
        with ``…``."""
        font = self.fonts.bold if bold else self.fonts.regular
        value = self.fonts.clean(text)
        scale = 1.0
        if width is not None:
            need = text_width(value, font, size)
            if need > width and condense < 1.0:
                scale = max(condense, width / need)
            value = ellipsize(value, font, size, width / scale + 0.01)
        c = self.canvas
        if rgb is not None:
            c.setFillColorRGB(*rgb)
        else:
            c.setFillGray(gray)
        shown = text_width(value, font, size) * scale
        if align == "right":
            x -= shown
        elif align == "center":
            x -= shown / 2
        t = c.beginText(x, y)
        t.setFont(face(font, value), size)
        t.setHorizScale(scale * 100)  # always: PDF keeps the last one for later text
        t.textOut(value)
        c.drawText(t)
        c.setFillGray(0)

    def heading_layout(self, title: str, size: float = 18, width: float | None = None
                       ) -> Heading:
        """How :meth:`heading` sets ``title`` on a page ``width`` wide (default the page being
        drawn): never cut. The event name sits at the right (at most :data:`EVENT_SHARE` of the
        width, wrapped beyond it); the title takes one line at the largest size down to
        :data:`TITLE_SHRINK` of ``size`` (11 points at least), else wraps onto two lines at
        that smallest size -- or more lines, for a title longer still."""
        width = self.width if width is None else width
        f = self.fonts
        event = f.clean(self.event)
        event_w = text_width(event, f.regular, EVENT_SIZE)
        event_lines = ([event] if event_w <= width * EVENT_SHARE or not event
                       else wrap_text(event, f.regular, EVENT_SIZE, width * EVENT_SHARE))
        event_room = max((text_width(t, f.regular, EVENT_SIZE) for t in event_lines),
                         default=0.0)
        room = width - event_room - (12 if event else 0)
        text = f.clean(title)
        smallest = max(11.0, size * TITLE_SHRINK)
        fitted = fit_size(text, f.bold, size, room, smallest)
        if text_width(text, f.bold, fitted) <= room + 0.01:
            lines = [text]
        else:
            fitted = smallest
            lines = wrap_text(text, f.bold, fitted, room)
        return Heading(fitted, lines, event_lines)

    def heading(self, title: str, size: float = 18) -> float:
        """The page's title (event name at the right; see :meth:`heading_layout`, never cut)
        and a rule under it; returns the y below it."""
        lay = self.heading_layout(title, size)
        y = self.top - lay.size
        for n, line in enumerate(lay.lines):
            self.text(MARGIN, y - n * lay.size * TITLE_LEADING, line, lay.size, bold=True)
        for n, line in enumerate(lay.event_lines):
            self.text(MARGIN + self.width, y - n * EVENT_SIZE * TITLE_LEADING, line, EVENT_SIZE,
                      align="right", gray=0.3)
        y = self.top - lay.height
        self.canvas.setLineWidth(1)
        self.canvas.line(MARGIN, y - 6, MARGIN + self.width, y - 6)
        return y - 6 - 8

    def new_page(self) -> None:
        """End the current page."""
        self.canvas.showPage()

    def footer(self, page: int, pages: int) -> None:
        """Footer: event and sheet at the left (:func:`footer_lines`), print time and page
        number at the right."""
        y = MARGIN
        left = f"{self.event} — {self.what}"
        from tt_organizer.i18n import gettext as _

        right = _("printed {time} · page {page} of {pages}").format(time=self.printed, page=page,
                                                                     pages=pages)
        right_w = text_width(self.fonts.clean(right), self.fonts.regular, 8)
        room = self.width - right_w - 12
        size, lines = footer_lines(self.fonts.clean(left), self.fonts.regular, room)
        for n, line in enumerate(lines):  # a second line goes above the first
            self.text(MARGIN, y + (len(lines) - 1 - n) * size * 1.15, line, size,
                      width=room, condense=FOOTER_CONDENSE, gray=0.35)
        self.text(MARGIN + self.width, y, right, 8, align="right", gray=0.35)

    def finish(self, path: str | Path) -> tuple[Path, int]:
        """Save the PDF to ``path`` atomically; returns the path and the page count."""
        from tt_organizer.export.cells import write_bytes_atomic

        self.canvas.save()
        out = write_bytes_atomic(path, self.buffer.getvalue(), (".pdf",))
        return out, int(self.canvas.page_count)


@lru_cache(maxsize=1)
def _numbered_canvas_class() -> type:
    from reportlab.pdfgen.canvas import Canvas

    class NumberedCanvas(Canvas):
        """Keeps each page until the end so that the footer can say ``page N of M``."""

        def __init__(self, *args: Any, sheet: Sheet, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._sheet = sheet
            self._pages: list[dict[str, Any]] = []
            self.page_count = 0

        def showPage(self) -> None:
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            if not self._pages or self._code:  # an unfinished last page
                self._pages.append(dict(self.__dict__))
            pages = self._pages
            for number, state in enumerate(pages, start=1):
                self.__dict__.update(state)
                self._sheet.footer(number, len(pages))
                Canvas.showPage(self)
            self.page_count = len(pages)
            Canvas.save(self)

    return NumberedCanvas


def _NumberedCanvas(*args: Any, **kwargs: Any) -> Any:
    return _numbered_canvas_class()(*args, **kwargs)
