"""Swiss pairing (:mod:`~tt_organizer.pairing.swiss`), top-cut brackets
(:mod:`~tt_organizer.pairing.bracket`) and the quality of a round's pairings
(:mod:`~tt_organizer.pairing.quality`): pure library, no database, no CLI."""
