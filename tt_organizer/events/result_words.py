"""Result words in every language tt speaks: ``empate`` typed for ``draw``, ``draw`` shown as
``empate``.

The words are data in each language's catalog, in the context :data:`CONTEXT`: the
translation of ``draw`` there is what a Spanish organizer types and reads (``empate``), the
translation of ``D`` its short form (``E``). A result typed in any language with a catalog is
accepted whatever the current language is (a Spanish sheet on an English run); what is stored
and what JSON carries is the English code (``draw``, ``double-loss``). A new language adds its
words with its catalog, no code.
"""

from __future__ import annotations

from tt_organizer.i18n import NP_, Msg, available, catalog, pgettext

CONTEXT = "a match result, as typed and shown"
# each English word a result may be typed as, and the code it means
TYPED = {
    NP_("a match result, as typed and shown", "draw"): "draw",
    NP_("a match result, as typed and shown", "D"): "draw",
    NP_("a match result, as typed and shown", "double-loss"): "double-loss",
    NP_("a match result, as typed and shown", "double loss"): "double-loss",
    NP_("a match result, as typed and shown", "DL"): "double-loss",
}
SHOWN = ("draw", "double-loss", "bye")  # the codes a person reads in their language
# shown in words but never typed as a result (tt records the bye itself)
SHOWN_ONLY = (NP_("a match result, as typed and shown", "bye"),)
_typed: dict[str, str] = {}


def typed_words() -> dict[str, str]:
    """Every language's words for a result (lower case, spaces single) -> the English code:
    ``{"empate": "draw", "e": "draw", "doble derrota": "double-loss", …}``."""
    if not _typed:
        for lang in available():
            words = catalog(lang)
            for english, code in TYPED.items():
                word = " ".join(words.pgettext(CONTEXT, english).lower().split())
                _typed.setdefault(word, code)
    return _typed


def shown(result: str) -> str:
    """A stored result as the reader says it (``draw`` -> ``empate``; ``2-1`` as it is)."""
    return pgettext(CONTEXT, result) if result in SHOWN else result


class ResultWords(Msg):
    """Result codes listed in a message (``2-0, …, draw, double-loss``): English in ``str()``,
    each word in the reader's language when translated."""

    __slots__ = ("results",)

    def __init__(self, results: tuple[str, ...] | list[str]) -> None:
        template = "{words}"  # not a catalog message: only the words are translated
        super().__init__(template, words=", ".join(results))
        self.results = tuple(results)

    def translate(self) -> str:
        """The list in the current language."""
        return ", ".join(shown(r) for r in self.results)
