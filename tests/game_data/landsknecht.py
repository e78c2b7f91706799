"""Landsknecht's expected values for the generic tests (see ``__init__``)."""

# tests/test_print.py: the chapter printed on A4 (solutions open, the code the page shows
# included), measured with the print stylesheet of issue 10: 11 pages (before it: 16).
# The bound is the measure plus one page.
PRINT_MAX_PAGES = 12

# tests/test_one_source_constructs.py: the name (figure label and `:live-table:`) of the
# chapter's deal replay, the cell its Deal live box runs: book/<slug>.md, the cell tagged live-table.
REPLAY = "lk-replay"
