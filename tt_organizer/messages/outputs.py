"""The words of the refusals and warnings of pairing, standings, exports, printed sheets,
publishing, seasons and statistics: code -> English template (see :mod:`tt_organizer.messages`)."""

from __future__ import annotations

from tt_organizer.i18n import N_

WORDS: dict[str, str] = {
# -- pairing, standings, export, printing, publish, season, stats --------------------------

    "file-suffix": N_("the file name must end with {suffixes}"),
    "file-is-directory": N_("is a directory"),
    "folder-missing": N_("folder {folder} does not exist"),
    "file-read-only": N_("the file is read-only; not replacing it"),
    "file-write-failed": N_("cannot write the file: {failure}"),
    "top-cut-round-not-paired": N_("top-cut round {round} has not been paired"),
    "round-no-pairings": N_("round {round} has no pairings"),
    "top-cut-round-no-pairings": N_("top-cut round {round} has no pairings"),
    "print-round-not-for-kind": N_("a round and the top cut apply to {kinds}, not to {kind}"),
    "print-top-cut-not-for-standings": N_("the top cut applies to pairings and slips"),
    "top-cut-round-not-current": N_("top-cut round {round} is not paired (current {current})"),
    "no-round-paired": N_("no round is paired yet"),
    "print-unknown-kind": N_("cannot print {kind}: choose one of {kinds}"),
    "print-swiss-not-for-kind": N_("the Swiss order applies to standings, not to {kind}"),
    "round-no-two-player-table": N_("round {round} has no table with two players"),
    "no-registered-deck": N_("no player of this event has registered a deck"),
    "unknown-paper": N_("unknown paper size {paper}: use a4 or letter"),
    "font-unusable": N_("cannot use the font: {reason}"),
    "publish-decklists-choice": N_("decklists: one of {choices}"),
    "publish-bad-manifest": N_(
        "{marker}: not a manifest this version wrote; choose an empty or new folder"),
    "publish-folder-not-empty": N_(
        "the folder is not empty and holds no earlier publication: choose an empty or new folder"),
    "publish-holds-event": N_(
        "the folder holds a published event; publish the season into another folder"),
    "publish-holds-season": N_(
        "the folder holds a published season; publish the event into another folder"),
    "publish-foreign-files": N_(
        "the folder holds files an earlier publication did not write ({files}); publishing never "
        "overwrites or removes them: choose another folder"),
    "publish-foreign-files-more": N_(
        "the folder holds files an earlier publication did not write ({files} and {more} more); "
        "publishing never overwrites or removes them: choose another folder"),
    "season-name-length": N_("{what}: 1 to {limit} printable characters"),
    "season-exists": N_("file exists; a season file is created only once"),
    "season-file-suffix": N_("a season file name ends with .json"),
    "not-a-season-file": N_("not a season file (create one first)"),
    "season-file-version": N_(
        "season file version {version}; this tt-organizer reads version {supported}"),
    "season-aliases-shape": N_("aliases: an object of name -> name"),
    "alias-same": N_("{other} and {name} are already one player"),
    "season-events-shape": N_("events: a list"),
    "season-event-field": N_("{where}: {problem}"),
    "season-event-twice": N_(
        "events[{event}].key: the same event as events[{first}] ({name}): a season counts each "
        "event once"),
    "season-place-outside": N_(
        "events[{event}].players[{player}].place: {place} is not a place among the event's "
        "{players} player(s)"),
    "scheme-points": N_("{where}: must be a whole number from 0 to {limit}"),
    "scheme-text": N_("{where}: must be text of 1 to {limit} characters"),
    "scheme-not-object": N_("{source}: a points scheme is a JSON object"),
    "scheme-unknown-fields": N_("{source}: unknown field(s) {fields}; a scheme has {known}"),
    "scheme-match-shape": N_("{source}: match: an object with win, draw, loss and bye"),
    "scheme-placings-shape": N_("{source}: placings: a list of {{up_to, points}}"),
    "scheme-band-shape": N_("{source}: placings[{band}]: an object with up_to and points"),
    "scheme-bands-rise": N_(
        "{source}: placings[{band}].up_to: places must rise from 1 band to the next"),
    "scheme-best-of": N_("{source}: best_of: at least 1 (or null: every event)"),
    "scheme-tiebreakers": N_("{source}: tiebreakers: a list of distinct names from {names}"),
    "unknown-scheme": N_("no shipped points scheme {name} and no such file; shipped: {shipped}"),
    "event-not-started": N_("no result has been reported yet: nothing to count"),
    "season-not-an-event": N_("{where}: not an event of a season file ({reason})"),
    "unknown-outcome": N_("unknown outcome {outcome} (one of {outcomes})"),
    "outcome-needs-no-opponent": N_("outcome {outcome} needs no opponent"),
    "outcome-needs-opponent": N_("outcome {outcome} needs an opponent"),
    "plays-themselves": N_("player {player} cannot play themselves"),
    "negative-games": N_("game counts cannot be negative"),
    "floor-range": N_("floor {floor} is not between 0 and 1"),
    "drawn-game-points": N_("a drawn game is worth 0 or 1 game points"),
    "missed-rounds-choice": N_("missed rounds are losses, ignored or losses for opponents"),
    "decimals-range": N_("decimals: none or 1 to 12"),
    "unknown-tiebreak-rule": N_("unknown tiebreak rule {rule} (one of {rules})"),
    "floor-not-fraction": N_("floor={value}: a fraction or decimal such as 1/3 or 0.33"),
    "floor-value-range": N_("floor={value}: must be between 0 and 1"),
    "decimals-value": N_("{key}={value}: none or a number of decimals from 1 to 12"),
    "tiebreak-rule-value": N_("{key}={value}: one of {values}"),
    "tiebreak-rule-shape": N_("{part}: give a rule as NAME=VALUE, e.g. floor=1/3"),
    "unknown-tiebreaker": N_("unknown tiebreaker {name} (one of {names})"),
    "win-points": N_("a win must be worth at least 1 point"),
    "match-unknown-player": N_(
        "round {round}: a match names an unknown player ({player1} v {player2})"),
    "salt-collision": N_("two keys share an identifier under this salt"),
    "same-event-twice": N_("the event {name} (id {id}) is given twice; each event is counted once"),
    "mixed-format-versions": N_(
        "the events are of different format versions ({listed}); their figures do not measure the "
        "same game"),
    "bad-dataset": N_("not a tt-organizer game dataset: {what}"),
    "dataset-version": N_(
        "dataset version {version}; this program reads version {supported} (update tt-organizer)"),
    "report-kind": N_("the report file name must end with .pdf or .html"),
    "bracket-size": N_("bracket size must be a power of two, not {size}"),
    "bracket-too-few": N_("a top cut needs at least 2 players"),
    "seeded-twice": N_("a player is seeded twice"),
    "top-cut-winners-even": N_("the next top-cut round needs an even number (>= 2) of winners"),
    "best-of-choice": N_("best_of is 1 or 3"),
    "unknown-pairing-method": N_("unknown pairing method {method} (choose from {methods})"),
    "round-number-from-1": N_("round_number starts at 1"),
    "player-listed-twice": N_("player {player} is listed twice"),
    "successes-range": N_("successes must be between 0 and {trials}, got {successes}"),
}
