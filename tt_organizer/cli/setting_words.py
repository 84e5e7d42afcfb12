"""An event's setting values as a person reads them, in their language: the tiebreak policy's
rules, its preset's name, the language's name. JSON keeps the codes (``floor=0.33``,
``rulebook``, ``es``); English shows the codes themselves, the words ``--tiebreak-rule`` takes."""

from __future__ import annotations

from collections.abc import Mapping

from tt_organizer.i18n import DEFAULT, N_, NP_, current, format_number, gettext, pgettext

# each rule's value as a person reads it; the English is the option's own text
RULE_WORDS = {
    ("byes", "excluded"): N_("byes=excluded"),
    ("byes", "counted"): N_("byes=counted"),
    ("drawn-game", "1"): N_("drawn-game=1"),
    ("drawn-game", "0"): N_("drawn-game=0"),
    ("missed-rounds", "losses"): N_("missed-rounds=losses"),
    ("missed-rounds", "ignored"): N_("missed-rounds=ignored"),
    ("own-gw", "floored"): N_("own-gw=floored"),
    ("own-gw", "unfloored"): N_("own-gw=unfloored"),
    ("missed-rounds", "losses-for-opponents"): N_("missed-rounds=losses-for-opponents"),
    ("no-opponents", "0"): N_("no-opponents=0"),
    ("no-opponents", "floor"): N_("no-opponents=floor"),
    ("no-games", "0"): N_("no-games=0"),
    ("no-games", "floor"): N_("no-games=floor"),
    ("opponent-decimals", "none"): N_("opponent-decimals=none"),
    ("decimals", "none"): N_("decimals=none"),
}
FLOOR = N_("floor={value}")
# the rules whose value is a number of decimals
DECIMALS = {"opponent-decimals": N_("opponent-decimals={value}"),
            "decimals": N_("decimals={value}")}
PRESETS = (NP_("tiebreak policy", "rulebook"), NP_("tiebreak policy", "melee"),
           NP_("tiebreak policy", "melee-2025"), NP_("tiebreak policy", "melee-2024"),
           NP_("tiebreak policy", "custom"))


def policy_rules(rules: Mapping[str, str]) -> str:
    """``floor=0.33, byes=excluded, …`` in the current language (``mínimo 0,33, byes
    excluidos, …``); a rule without words as ``name=value``."""
    shown = []
    for name, value in rules.items():
        if name == "floor":
            shown.append(gettext(FLOOR).format(value=_number(value)))
        elif (name, value) in RULE_WORDS:
            shown.append(gettext(RULE_WORDS[(name, value)]))
        elif name in DECIMALS:
            shown.append(gettext(DECIMALS[name]).format(value=value))
        else:
            shown.append(f"{name}={value}")
    return ", ".join(shown)


def _number(value: str) -> str:
    """``0.33`` with the reader's decimal sign; a fraction (``1/3``) as written."""
    if current() == DEFAULT or "/" in value:
        return value

    try:
        digits = len(value.partition(".")[2])
        return format_number(float(value), digits)
    except ValueError:
        return value


def policy_name(name: str) -> str:
    """A preset's name (``rulebook``) in the current language (``del reglamento``); a preset
    with a rule changed (``melee-2025+custom``) as ``de Melee 2025 (personalizado)``."""
    base, custom, _rest = name.partition("+")
    if not custom or current() == DEFAULT:
        return pgettext("tiebreak policy", name)
    return f"{pgettext('tiebreak policy', base)} ({pgettext('tiebreak policy', 'custom')})"


def language_name(code: str) -> str:
    """A language's name in the current language (``es`` -> ``español``, ``Spanish``)."""
    from babel import Locale, UnknownLocaleError

    try:
        reader = "en" if current() == DEFAULT else current()
        return Locale.parse(code).get_display_name(reader) or code
    except (ValueError, UnknownLocaleError):
        return code
