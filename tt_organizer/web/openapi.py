"""The OpenAPI 3 description of the JSON API (served at ``/api/openapi.json``)."""

from __future__ import annotations

from typing import Any

_NULL_STR = {"type": ["string", "null"]}
_NULL_NUM = {"type": ["number", "null"]}
_ERROR = {"description": "refused (e.g. no round paired yet)",
          "content": {"application/json": {"schema": {
              "type": "object", "properties": {"error": {"type": "string"}},
              "required": ["error"]}}}}
_BAD = {"description": "bad parameter", "content": {"application/json": {"schema": {
    "type": "object", "properties": {"error": {"type": "string"}}}}}}
_ROUND = {"name": "round", "in": "query", "required": False,
          "schema": {"type": "integer", "minimum": 1, "maximum": 999_999},
          "description": "Round number (default the current one)."}


def _ok(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


PAIRING = {"type": "object", "required": ["table", "player1", "player2", "result"],
           "properties": {"table": {"type": "integer"}, "player1": {"type": "string"},
                          "player2": _NULL_STR, "result": _NULL_STR}}
STANDING = {"type": "object",
            "required": ["rank", "player", "points", "wins", "losses", "draws", "omw", "oomw",
                         "gw", "dropped"],
            "properties": {"rank": {"type": "integer"}, "player": {"type": "string"},
                           "points": {"type": "integer"}, "wins": {"type": "integer"},
                           "losses": {"type": "integer"}, "draws": {"type": "integer"},
                           "omw": _NULL_NUM, "oomw": _NULL_NUM, "gw": _NULL_NUM,
                           "dropped": {"type": "boolean"}}}
TIMER = {"type": "object", "required": ["set", "seconds", "running", "remaining", "ends_at"],
         "properties": {"set": {"type": "boolean"}, "seconds": {"type": "integer"},
                        "running": {"type": "boolean"}, "remaining": {"type": "number"},
                        "ends_at": _NULL_NUM}}

OPENAPI: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "tt-organizer event server", "version": "1",
             "description": "The event as JSON: the same shapes `tt event … --json` prints."},
    "paths": {
        "/api/pairings": {"get": {
            "summary": "Pairings of a round (= `tt event pairings --json`)",
            "parameters": [_ROUND, {"name": "top_cut", "in": "query", "required": False,
                                    "schema": {"type": "boolean"}}],
            "responses": {"200": _ok({"type": "array", "items": PAIRING}, "the tables"),
                          "400": _BAD, "409": _ERROR}}},
        "/api/standings": {"get": {
            "summary": "Standings (= `tt event standings [--final] --json`)",
            "parameters": [_ROUND, {"name": "final", "in": "query", "required": False,
                                    "schema": {"type": "boolean"},
                                    "description": "the final placings (each line's place: "
                                                   "the bracket first); not with round"}],
            "responses": {"200": _ok({"type": "array", "items": STANDING}, "the standings"),
                          "400": _BAD, "409": _ERROR}}},
        "/api/status": {"get": {
            "summary": "Where the event stands (= `tt event status --json`)",
            "responses": {"200": _ok({"type": "object", "required": ["event", "stage", "round"],
                                      "properties": {"event": {"type": "string"},
                                                     "stage": {"type": "string"},
                                                     "round": {"type": "integer"}}},
                                     "the status")}}},
        "/api/timer": {"get": {"summary": "The round timer",
                               "responses": {"200": _ok(TIMER, "the timer")}}},
        "/api/version": {"get": {
            "summary": "The version of one page (cheap to poll): it changes only when what "
                       "that page shows changed",
            "parameters": [{"name": "page", "in": "query", "required": False,
                            "schema": {"type": "string", "default": "/", "pattern": "^/",
                                       "maxLength": 40},
                            "description": "the page's path, such as /me/5"}],
            "responses": {"200": _ok({"type": "object",
                                      "required": ["version", "round", "now", "timer"],
                                      "properties": {"version": {"type": "string"},
                                                     "round": {
                                                         "type": "string",
                                                         "description": "the stage and round "
                                                         "paired (swiss:2, top-cut:1, "
                                                         "registration:0): a new one "
                                                         "refreshes every open page"},
                                                     "now": {"type": "number"},
                                                     "timer": TIMER}}, "the version"),
                          "400": _BAD}}},
        "/api/org/tables": {"get": {
            "summary": "Organizer: table status of the round (needs the token)",
            "security": [{"token": []}],
            "responses": {"200": _ok({"type": "array"}, "the tables"),
                          "401": _BAD, "429": _BAD}}},
        "/api/org/players": {"get": {
            "summary": "Organizer: players with their PINs (needs the token)",
            "security": [{"token": []}],
            "responses": {"200": _ok({"type": "array"}, "the players"), "401": _BAD,
                          "429": _BAD}}},
    },
    "components": {"securitySchemes": {"token": {"type": "http", "scheme": "bearer"}}},
}
