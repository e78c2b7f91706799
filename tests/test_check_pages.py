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
