"""Views: functions that draw a deal's table as HTML (via :mod:`banking_games.render`).

Views only read game state; no rule lives here. Standard library only.
"""
