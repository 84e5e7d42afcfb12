"""The language a person reads: gettext catalogs, the current language, local numbers and dates.

Messages live in ``tt_organizer/locale/<lang>/LC_MESSAGES/tt.po`` (the template is
``tt_organizer/locale/tt.pot``), compiled to ``tt.mo`` when the package is built or installed
(``hatch_build.py``). They are read with the standard library's :mod:`gettext`; Babel is
imported only to format numbers, percentages and dates in a language other than English, and
to extract and compile the catalogs (``scripts/update_catalogs.py``).

The language is, in order: the one :func:`using` or :func:`set_language` chose (``tt
--language``, an event's language, a browser's), else the environment's (``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them), else English. Machine output
(JSON, exit and error codes) never goes through this module.
"""

from __future__ import annotations

import os
from contextvars import ContextVar

TYPE_CHECKING = False  # no typing module at run time (tt_organizer.plain says why)
if TYPE_CHECKING:
    import gettext as _gettext
    from collections.abc import Iterable, Iterator, Mapping
    from datetime import date

DOMAIN = "tt"
DEFAULT = "en"
LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locale")
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_chosen: ContextVar[str | None] = ContextVar("tt_language", default=None)
_chosen_locale: ContextVar[str | None] = ContextVar("tt_locale", default=None)  # es_MX
_catalogs: dict[str, _gettext.NullTranslations] = {}
_available: list[str] = []
_from_environment: dict[tuple[str | None, ...], str] = {}  # the variables' values -> language


def available() -> list[str]:
    """The languages with a catalog (English always: it is the messages' own language); read
    once."""
    if not _available:
        found = {DEFAULT}
        if os.path.isdir(LOCALE_DIR):
            found.update(name for name in os.listdir(LOCALE_DIR)
                         if os.path.isfile(os.path.join(LOCALE_DIR, name, "LC_MESSAGES",
                                                        DOMAIN + ".po")))
        _available.extend(sorted(found))
    return _available


def normalize(code: str | None) -> str | None:
    """The catalog language a locale name or language tag means (``es_ES.UTF-8``, ``es-AR``,
    ``es`` -> ``es``); None when there is no catalog for it (``C``, ``POSIX``, ``fr``)."""
    if not code:
        return None
    base = code.split(".")[0].split("@")[0].replace("-", "_").lower()
    for candidate in (base, base.split("_")[0]):
        if candidate in available():
            return candidate
    return None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: the first of
    ``LANGUAGE`` (a ``:``-separated list), ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set,
    its first language with a catalog; English otherwise."""
    env = os.environ if environ is None else environ
    key = tuple(env.get(var) for var in ENVIRONMENT)
    if key not in _from_environment:  # every message asks: looked up once per environment
        _from_environment[key] = _environment_language(env)
    return _from_environment[key]


def _environment_language(env: Mapping[str, str]) -> str:
    for var in ENVIRONMENT:
        value = env.get(var)
        if not value:
            continue
        if var == "LANGUAGE":
            for part in value.split(":"):
                if (lang := normalize(part)) is not None:
                    return lang
            continue  # gettext: LANGUAGE without a known language falls through
        return normalize(value) or DEFAULT
    return DEFAULT


def negotiate(accept_language: str | None, default: str) -> str:
    """The language of a browser's ``Accept-Language`` header (``es-AR,es;q=0.9,en;q=0.8``)
    that tt has a catalog for, the most wanted first; ``default`` when none is."""
    wanted: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        if tag and tag != "*" and quality > 0:
            wanted.append((-quality, index, tag))
    for _q, _i, tag in sorted(wanted):
        if (lang := normalize(tag)) is not None:
            return lang
    return default


def negotiate_locale(accept_language: str | None, lang: str) -> str:
    """The browser's own locale for ``lang`` (``es-MX,es;q=0.9`` and ``es`` -> ``es-MX``): the
    most wanted tag of that language with a region, for its numbers and dates; ``lang``
    itself when the browser names none."""
    wanted: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        try:
            quality = float(params.strip()[2:]) if params.strip().startswith("q=") else 1.0
        except ValueError:
            continue
        if quality > 0 and _region(tag) is not None and normalize(tag) == lang:
            wanted.append((-quality, index, tag))
    return min(wanted)[2] if wanted else lang


def current() -> str:
    """The language messages are shown in now."""
    chosen = _chosen.get()
    return chosen if chosen is not None else from_environment()


def set_language(code: str | None) -> None:
    """Choose the language of this run (``tt --language``); None: the environment's. A code
    with a region (``es_MX``, ``es-AR``) also chooses that region's numbers and dates."""
    _chosen.set(normalize(code) if code else None)
    _chosen_locale.set(_region(code))


# the variables a locale's numbers and dates are read from, the closest first (POSIX order)
NUMBERS_ENVIRONMENT = ("LC_ALL", "LC_NUMERIC", "LC_TIME", "LC_MESSAGES", "LANG", "LANGUAGE")
_locales: dict[tuple[str, str | None, tuple[str | None, ...]], str] = {}


def _region(code: str | None) -> str | None:
    """``es_MX`` for ``es_MX.UTF-8``/``es-MX``; None without a region or a catalog."""
    if not code or normalize(code) is None:
        return None
    base = code.split(".")[0].split("@")[0].replace("-", "_")
    return base if "_" in base else None


def locale_name() -> str:
    """The full locale the current language's numbers and dates follow (Babel's locale data):
    the region a ``using``/``--language`` code named (``es_MX``), else the environment's when
    it speaks the same language (``LANG=es_MX.UTF-8`` prints 33.00%, ``es_ES`` 33,00 %), else
    the language alone."""
    lang = current()
    chosen = _chosen_locale.get()
    if chosen is not None and normalize(chosen) == lang:
        return chosen
    values = tuple(os.environ.get(var) for var in NUMBERS_ENVIRONMENT)
    key = (lang, chosen, values)
    if key not in _locales:
        _locales[key] = _environment_locale(lang, values)
    return _locales[key]


def _environment_locale(lang: str, values: tuple[str | None, ...]) -> str:
    from babel import Locale, UnknownLocaleError

    for value in values:
        for part in (value or "").split(":"):
            region = _region(part)
            if region is None or normalize(region) != lang:
                continue
            try:
                Locale.parse(region)
            except (ValueError, UnknownLocaleError):
                continue
            return region
    return lang


class using:
    """``with using(lang):`` show messages in ``lang`` (None or unknown: keep the current
    language) inside the block: an event's printed sheets, a phone page's request."""

    def __init__(self, code: str | None) -> None:
        self.code = normalize(code) if code else None
        self.region = _region(code)

    def __enter__(self) -> str:
        self._token = _chosen.set(self.code if self.code is not None else current())
        self._locale_token = _chosen_locale.set(self.region if self.code is not None
                                                else _chosen_locale.get())
        return current()

    def __exit__(self, *exc: object) -> None:
        _chosen_locale.reset(self._locale_token)
        _chosen.reset(self._token)


def catalog(lang: str | None = None) -> _gettext.NullTranslations:
    """The compiled catalog of ``lang`` (default: the current language); English is the
    messages themselves."""
    lang = lang or current()
    if lang not in _catalogs:
        import gettext as stdlib

        _catalogs[lang] = (stdlib.NullTranslations() if lang == DEFAULT else
                           stdlib.translation(DOMAIN, LOCALE_DIR, [lang], fallback=True))
    return _catalogs[lang]


def gettext(message: str) -> str:
    """``message`` in the current language (English: as written, no catalog read)."""
    return message if current() == DEFAULT else catalog().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the current language."""
    if current() == DEFAULT:
        return singular if n == 1 else plural
    return catalog().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` as meant in ``context`` (a word with two meanings), in the current
    language."""
    return message if current() == DEFAULT else catalog().pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it (translated where shown)."""
    return message


def NP_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for the catalog without translating it."""
    return message


# contexts of words that change form inside a sentence (Spanish: an article, an agreement)
ZONE = "zone, with its article"  # "the Main deck" -> "el mazo principal"
CARD_COLOUR = "colour of a card"  # "White Option" -> "Option blanca"
BEING_COLOUR = "colour of a Digimon or Tamer"  # "White Digimon" -> "Digimon blanco"


class Term(str):
    """A word from data that a message embeds (a zone's label, a colour): shown through the
    catalog when it has one, as written otherwise; ``/`` separates alternatives. With a
    ``context`` the word is looked up in that context first (the form the sentence needs),
    then alone."""

    context: str | None

    def __new__(cls, value: str, context: str | None = None) -> Term:
        term = super().__new__(cls, value)
        term.context = context
        return term

    def __reduce__(self) -> tuple[object, ...]:
        return (Term, (str(self), self.context))

    def word(self, part: str) -> str:
        """One alternative in the current language, in the context's form when there is one."""
        if not part:
            return part
        if self.context is not None:
            shown = pgettext(self.context, part)
            if shown != part or current() == DEFAULT:
                return shown
        return gettext(part)


class Msg:
    """A message kept for later: its English text (``str()``, what JSON carries) and the same
    in the current language (:meth:`translate`). ``args`` may be :class:`Term` or
    :class:`Msg` themselves, translated with it."""

    __slots__ = ("args", "template")

    def __init__(self, template: str, **args: object) -> None:
        self.template = template
        self.args = args

    def __str__(self) -> str:
        return self.template.format(**{k: str(v) for k, v in self.args.items()})

    def __repr__(self) -> str:
        return f"Msg({self.template!r}, **{self.args!r})"

    def translate(self) -> str:
        """The message in the current language (placeholders filled in that language)."""
        if current() == DEFAULT:
            return str(self)
        return self.lookup().format(**{k: translate(v) for k, v in self.args.items()})

    def lookup(self) -> str:
        """The template in the current language."""
        return gettext(self.template)


class PMsg(Msg):
    """A :class:`Msg` whose template is looked up in a ``context`` (the same English said two
    ways in another language: ``{a} or {b}`` after a negation is ``{a} ni {b}``)."""

    __slots__ = ("context",)

    def __init__(self, context: str, template: str, **args: object) -> None:
        super().__init__(template, **args)
        self.context = context

    def lookup(self) -> str:
        """The template in the current language, in its context."""
        return pgettext(self.context, self.template)


class NMsg(Msg):
    """A :class:`Msg` that counts: ``singular`` or ``plural`` for ``n`` (English), the
    language's own plural form where a person reads it."""

    __slots__ = ("n", "plural", "singular")

    def __init__(self, singular: str, plural: str, n: int, /, **args: object) -> None:
        super().__init__(singular if n == 1 else plural, **args)
        self.singular, self.plural, self.n = singular, plural, n

    def lookup(self) -> str:
        """The form for ``n`` in the current language."""
        return ngettext(self.singular, self.plural, self.n)


class Listed(Msg):
    """Several messages or words shown as one parameter, joined by ``sep`` (``round 3, round
    4``; a sheet's problems one a line), each in the reader's language."""

    __slots__ = ("items", "sep")

    def __init__(self, items: Iterable[object], sep: str = ", ") -> None:
        super().__init__("")
        self.items, self.sep = list(items), sep

    def __str__(self) -> str:
        return self.sep.join(str(item) for item in self.items)

    def __repr__(self) -> str:
        return f"Listed({self.items!r}, {self.sep!r})"

    def translate(self) -> str:
        """Each item in the current language, joined."""
        return self.sep.join(translate(item) for item in self.items)


def translate(value: object) -> str:
    """A :class:`Msg` or :class:`Term` in the current language; anything else as it is."""
    if isinstance(value, Msg):
        return value.translate()
    if isinstance(value, Term):  # alternatives ("Red/Blue") word by word
        return "/".join(value.word(part) for part in str(value).split("/"))
    return str(value)


# -- numbers and dates (Babel, imported only for a language other than English) ---------------

def format_number(value: float, digits: int = 0) -> str:
    """``value`` with ``digits`` decimals in the current language (``12.5`` / ``12,5``)."""
    text = f"{value:.{digits}f}"
    if current() == DEFAULT:
        return text
    from babel.numbers import format_decimal

    pattern = "0." + "0" * digits if digits else "0"
    return format_decimal(value, format=pattern, locale=locale_name())


def format_percent(fraction: float, digits: int = 1) -> str:
    """``fraction`` (0.125) as a percentage with ``digits`` decimals: ``12.5%`` in English,
    ``12,5 %`` in Spanish from Spain, ``12.5%`` from Mexico (the locale's own decimal sign and
    spacing, :func:`locale_name`)."""
    if current() == DEFAULT:
        return f"{fraction * 100:.{digits}f}%"
    from babel import Locale
    from babel.numbers import format_percent as babel_percent

    # the language's own pattern ("#,##0 %"), with ``digits`` decimals after its last 0
    locale = locale_name()
    head, zero, tail = Locale.parse(locale).percent_formats[None].pattern.rpartition("0")
    pattern = head + zero + ("." + "0" * digits if digits else "") + tail
    return babel_percent(fraction, format=pattern, locale=locale)


def format_date(day: date, form: str = "long") -> str:
    """``day`` in the current language: ``long`` (``4 de diciembre de 2026``), ``medium`` or
    ``short``; ISO (``2026-12-04``) in English, as tt always printed it."""
    if current() == DEFAULT:
        return day.isoformat()
    from babel.dates import format_date as babel_date

    return babel_date(day, format=form, locale=locale_name())


def languages_shown() -> Iterator[tuple[str, str]]:
    """Each language with a catalog and its name in that language (``es``, ``español``;
    ``zh``, ``中文``: Babel's locale data, so a new catalog needs no code), for a language
    switch."""
    from babel import Locale, UnknownLocaleError

    for code in available():
        try:
            name = Locale.parse(code).get_display_name(code) or code
        except (ValueError, UnknownLocaleError):
            name = code
        yield code, name
