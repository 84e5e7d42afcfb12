"""A bounded fuzz pass over the JSON API from its own OpenAPI schema: no server error."""

from __future__ import annotations

from pathlib import Path

import pytest

schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, given, settings  # noqa: E402

from tests.serve_helpers import live_server, new_event  # noqa: E402


def test_api_fuzz_no_server_error(tmp_path: Path) -> None:
    event = new_event(tmp_path / "ev.sqlite")
    with live_server(event) as srv:
        schema = schemathesis.openapi.from_url(srv.url + "/api/openapi.json")
        checked = 0
        for op in schema.get_all_operations():
            operation = op.ok()

            @settings(max_examples=25, deadline=None, database=None,
                      suppress_health_check=list(HealthCheck))
            @given(case=operation.as_strategy())
            def run(case: object) -> None:
                response = case.call(base_url=srv.url)  # type: ignore[attr-defined]
                assert response.status_code < 500, (case, response.text[:300])
                case.validate_response(response)  # type: ignore[attr-defined]

            run()
            checked += 1
        assert checked >= 5
