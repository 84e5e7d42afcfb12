"""tt-organizer: the toolkit that runs Tamer Tactics events (Digimon Card Game 2020)."""

__version__ = "0.1.0"
