"""scripts/check_pages.py finds a false claim, a failing cell and an {eval} role that cannot be read,
on every page at once, and passes a page whose claims hold (a tiny book of two pages made here)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

HEAD = """---
jupytext:
  text_representation:
    extension: .md
    format_name: myst
kernelspec:
  name: python3
  display_name: Python 3
---
"""

GOOD = HEAD + """
# Good

```{code-cell} ipython3
from banking_games.inline import Shown
shown = Shown()
shown.claim("half", "about half", abs(0.49 - 0.5) < 0.05, because="0.49")
```

It wins {eval}`shown.half` of the time.
"""

BAD = HEAD + """
# Bad

```{code-cell} ipython3
from banking_games.inline import Shown
shown = Shown()
shown.claim("fair", "fair", 1 == 2, because="EV 1/3, not 0")
```

```{code-cell} ipython3
1 / 0
```

Every bet is {eval}`shown.fair`.
"""


def _run(book: Path, *pages: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "scripts" / "check_pages.py"), "--book", str(book), *pages],
                          capture_output=True, text=True, timeout=300)


def test_lists_every_problem_and_passes_a_good_page(tmp_path):
    (tmp_path / "good.md").write_text(GOOD, encoding="utf-8")
    (tmp_path / "bad.md").write_text(BAD, encoding="utf-8")
    (tmp_path / "_toc.yml").write_text("format: jb-book\nroot: good\nchapters:\n  - file: bad\n", encoding="utf-8")
    good = _run(tmp_path, "good")
    assert good.returncode == 0, good.stdout + good.stderr
    assert "1 pages" in good.stdout and "0 problems" in good.stdout
    both = _run(tmp_path)
    assert both.returncode == 1, both.stdout + both.stderr
    lines = both.stdout.splitlines()
    assert any("bad.md, code cell 1" in l and "FalseClaimError" in l and "'fair'" in l for l in lines), both.stdout
    assert any("bad.md, code cell 2" in l and "ZeroDivisionError" in l for l in lines), both.stdout
    assert any("bad.md: and 1 {eval} roles" in l for l in lines), both.stdout
    assert "2 pages" in both.stdout and "3 problems" in both.stdout


# A page whose prose repeats numbers its output cells show: a fraction the printed line shows, the
# same fraction with its sign as the LaTeX output writes it (-\frac{3}{34}), and a decimal of an HTML
# table. The count 4 (a whole number below 100) and a number under the next heading are no repeats.
REPEATS = HEAD + """
# Repeats

```{code-cell} ipython3
---
tags: [remove-input, remove-output]
---
from fractions import Fraction
import pandas as pd
from IPython.display import Math, display
from banking_games.inline import Shown
shown = Shown()
shown.put("p_tie", Fraction(1, 17))
shown.put("ev", Fraction(-3, 34))
shown.set("share", "0.0588")
shown.set("n_ranks", 4)
```

```{code-cell} ipython3
print("P(tie) =", Fraction(1, 17), "over", 4, "ranks")
display(Math(r"\\mathbb{E}[X] = - \\frac{3}{34}"))
```

A tie comes with probability {eval}`shown.p_tie` over {eval}`shown.n_ranks` ranks,
and the punter expects {eval}`shown.ev`.

```{code-cell} ipython3
---
tags: [remove-input, remove-output]
---
shown.set("unused", 1)
```

The table below shows it as a decimal, {eval}`shown.share`.

```{code-cell} ipython3
---
tags: [remove-input]
---
pd.DataFrame({"share": ["0.0588"]})
```

## Further on

Far from the cells, {eval}`shown.p_tie` is no repeat.
"""

# The same cells, the prose interpreting them: it names the count and says what the numbers mean.
NO_REPEATS = REPEATS.replace(
    "A tie comes with probability {eval}`shown.p_tie` over {eval}`shown.n_ranks` ranks,\n"
    "and the punter expects {eval}`shown.ev`.",
    "Over {eval}`shown.n_ranks` ranks a tie is rare, and the punter expects a loss.").replace(
    "The table below shows it as a decimal, {eval}`shown.share`.", "The table below shows it as a decimal.")


def test_lists_prose_that_repeats_an_output_beside_it(tmp_path):
    (tmp_path / "repeats.md").write_text(REPEATS, encoding="utf-8")
    (tmp_path / "calm.md").write_text(NO_REPEATS, encoding="utf-8")
    (tmp_path / "_toc.yml").write_text("format: jb-book\nroot: repeats\nchapters:\n  - file: calm\n",
                                       encoding="utf-8")
    lines = REPEATS.splitlines()
    line_of = {name: next(i for i, l in enumerate(lines, 1) if f"{{eval}}`shown.{name}`" in l)
               for name in ("p_tie", "ev", "share")}
    both = _run(tmp_path)
    assert both.returncode == 1, both.stdout + both.stderr
    found = [l for l in both.stdout.splitlines() if l.startswith(("repeats.md", "calm.md"))]
    expected = [(line_of["p_tie"], "p_tie", "1/17", 2), (line_of["ev"], "ev", "3/34", 2),
                (line_of["share"], "share", "0.0588", 4)]
    assert len(found) == len(expected), both.stdout
    for (line, name, number, cell), got in zip(expected, found):
        assert got.startswith(f"repeats.md, line {line}: {{eval}}`shown.{name}` shows {number}, as does the "
                              f"output of code cell {cell} ("), both.stdout
    assert "2 pages" in both.stdout and "3 problems" in both.stdout

