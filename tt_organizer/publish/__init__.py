"""Published results: a static site (HTML, CSS, JSON) of an event or a season."""
