"""Bandai's banned / restricted / banned-pair list: model, cache, scraper."""
