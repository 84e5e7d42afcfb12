"""Versioned, data-driven deck formats and the validator that applies them."""
