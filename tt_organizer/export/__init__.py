"""Spreadsheets: Excel/CSV export of an event, wall pairings, import of registrations/results.

Modules: ``workbook`` (``export_event``, ``export_csv``), ``wall`` (``write_wall_pairings``),
``importing`` (``read_registrations``, ``read_results``), ``cells`` (formula-safe cells, atomic
saves). openpyxl is imported only inside their functions, so importing them is cheap.
"""
