"""Decklist import: read the shapes players paste, then place cards into zones."""
