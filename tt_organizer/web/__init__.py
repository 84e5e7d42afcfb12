"""``tt event serve``: the event on every phone in the room (Starlette + Jinja2 pages and a
JSON API over the same library calls as the CLI)."""
