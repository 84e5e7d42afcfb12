"""Reading spreadsheets (CSV, .xlsx): the one home of sheet reading -- rows and cells, the
words of column headers in each language, and cell text made safe for a spreadsheet."""
