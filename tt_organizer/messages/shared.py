"""The words of the refusals and warnings of files, sheets and numbers (the base modules): code ->
English template (see :mod:`tt_organizer.messages`)."""

from __future__ import annotations

from tt_organizer.i18n import N_

WORDS: dict[str, str] = {
# -- shared: files, sheets, numbers (tt_organizer/*.py) ---------------------------------

    "file-missing": N_("file not found"),
    "binary-data": N_("not {what} (binary data)"),
    "directory": N_("is a directory, not {what}"),
    "workbook-too-many-parts": N_("workbook too large: {parts} parts (limit {limit})"),
    "workbook-unpacks-too-large": N_("workbook too large when unpacked: it unpacks to {size} "
                                     "bytes (limit {limit})"),
    "workbook-inflates-too-large": N_("workbook too large when unpacked (more than {limit})"),
    "sheet-too-long-at": N_("the sheet is too long (row {row}, limit {limit} rows)"),
    "workbook-too-many": N_("workbook too large: more than {limit} {what}"),
    "unreadable-workbook": N_("not a readable .xlsx workbook ({error})"),
    "needs-openpyxl": N_("reading .xlsx needs openpyxl (pip install openpyxl)"),
    "workbook-no-sheets": N_("the workbook has no sheets"),
    "sheet-too-long": N_("the sheet is too long (limit {limit} rows)"),
    "too-many-rows": N_("too many rows (limit {limit})"),
    "unreadable-csv-file": N_("not a readable CSV file ({error})"),
    "unsupported-spreadsheet": N_("{suffix} files are not supported: save as .xlsx or .csv"),
    "xlsx-not-zip": N_("not an .xlsx workbook (the file is not a zip archive)"),
    "not-a-table-file": N_("not a workbook (.xlsx) or CSV file"),
    "file-empty": N_("the file is empty"),
    "no-such-file": N_("{path}: no such file"),
    "folder-not-file": N_("{path}: is a folder, not a file"),
    "failed-at": N_("{path}: {error}"),
    "not-http-address": N_("not an http(s) address: {url}"),
    "after-attempts": N_("{error} (after {attempts} attempts)"),
    "too-many-redirects": N_("too many redirects (more than {limit}) from {url}"),
    "deadline-passed": N_("timed out: {url} took longer than {seconds} s in all"),
    "connect-timeout": N_("timed out connecting to {host} after {seconds} s"),
    "read-timeout": N_("timed out after {seconds} s waiting for {url}"),
    "dns-failure": N_("cannot resolve host {host} (DNS failure or no network)"),
    "connection-refused": N_("cannot connect to {host}: connection refused"),
    "cannot-connect": N_("cannot connect to {host} (no network?)"),
    "response-cut-short": N_("the response from {url} was cut short (the connection closed "
                             "before all of it arrived)"),
    "response-undecodable": N_("the compressed response from {url} cannot be decoded (damaged "
                               "or cut short)"),
    "not-valid-address": N_("not a valid address: {url}"),
    "request-failed": N_("request to {url} failed: {error}"),
    "redirect-without-location": N_("redirect without a Location header from {url}"),
    "redirect-other-host": N_("refusing redirect to another host: {url} -> {target}"),
    "redirect-to-http": N_("refusing redirect from https to http: {target}"),
    "http-status": N_("HTTP {status}{reason} from {url}"),
    "unexpected-content-type": N_("unexpected content type {media} from {url} (expected "
                                  "{wanted})"),
    "response-declared-too-large": N_("response too large: {size} bytes declared by {url} "
                                      "(limit {limit})"),
    "response-too-large": N_("response too large: more than {limit} bytes from {url}"),
    "link-refused": N_("a link: not read (it may lead out of the folder)"),
    "directory-not-a": N_("is a directory, not a {what}"),
    "not-regular-kind": N_("not a regular file ({kind}), not a {what}"),
    "too-large-size": N_("{what} too large ({size} bytes, limit {limit})"),
    "not-regular": N_("not a regular file, not a {what}"),
    "permission-denied": N_("permission denied"),
    "cannot-read-file": N_("cannot read file: {error}"),
    "too-large": N_("{what} too large (limit {limit})"),
    "not-utf8": N_("not UTF-8 text: {reason} at byte {at}"),
    "not-json": N_("not JSON: {error}"),
    "json-too-deep": N_("not a {what}: JSON nested too deeply"),
    "not-a-number": N_("{what}: {value} is not a number"),
    "number-too-large": N_("{what}: {value} is too large (a number from {minimum} to "
                           "{maximum})"),
    "not-a-count": N_("{what}: {value} is not a number from {minimum} to {maximum} (digits "
                      "0-9 only)"),
    "out-of-range": N_("{what}: {value} is out of range ({minimum} to {maximum})"),
    "not-a-decimal": N_("{what}: {value} is not a number from {minimum} to {maximum} (digits "
                        "0-9 and a dot only)"),
    "wrong-number-count": N_("{what}: {value}: expected {count} numbers separated by commas"),
    "file-not-folder": N_("is a file, not a folder"),
    "cannot-make-folder": N_("cannot make the folder: {error}"),
    "sheet-empty": N_("sheet {sheet} is empty"),
    "sheet-missing-columns": N_("sheet {sheet}: {missing} (no header row in the first {rows} "
                                "rows names {roles})"),
    "unknown-card": N_("unknown card number {number}"),
    "unknown-card-suggested": N_("unknown card number {number} (did you mean {suggestions}?)"),
    "cannot-write-file": N_("cannot write the file: {error}"),
    "decklist-and-deck-file": N_("both a decklist and a deck file; keep one"),
    "deck-file-in-archive": N_("deck file {path} is not read from inside an archive"),
    "deck-file-outside-folder": N_("deck file {path} is outside the sheet's folder {folder}"),
    "decks-column-not-read": N_("column {column} looks like decklists but is not read "
                                "({where})"),
    "decklists-read-from": N_("the decklists are read from column {column}"),
    "decklists-name-it": N_("name it 'Decklist' to have them read"),
    "cannot-read-folder": N_("cannot read the folder: {error}"),
    "link-outside-folder": N_("a link to outside the folder: not read"),
    "folders-too-deep": N_("folders nested more than {limit} deep: not read"),
    "archive-too-large": N_("archive too large: not read"),
    "unreadable-zip": N_("not a readable zip archive ({error})"),
    "too-many-archive-files": N_("too many files in the archive ({files}, limit {limit})"),
    "zip-shared-data": N_("not read: files in the archive share their data (a zip bomb)"),
    "archive-unpacks-too-large": N_("not read: the archive unpacks to more than {limit} MiB"),
    "cannot-read-from-archive": N_("cannot read from the archive ({error})"),
    "file-too-large-1mib": N_("file too large (limit 1 MiB)"),
    "nested-archive": N_("nested archives are not read"),
    "no-decklist-in-row": N_("no decklist in this row"),
}
