"""ipywidgets dealing tables for the three games (thin views over the engines)."""
