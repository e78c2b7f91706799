"""How many small, careless changes to the classroom code do the fast tests catch?

Each mutant below is one edit of the kind a hurried change makes (an off-by-one,
``<`` for ``<=``, a dropped check, a swapped argument) to the code added for the
class: group codes, the lesson helpers (teaching), the Repeat panel, the class
board, the typed-number parsers and stakes. None of them is one of the changes
listed in issue 32 (those have their own tests). For each mutant the script
edits the file, runs the fast test files named beside it with ``pytest -x -q``
(at most 600 s), restores the file byte for byte, and prints whether the tests
caught it (failed) or it survived (passed).

Target (issue 32): caught at least 9 times in 10. Sample A's survivors were given tests; sample B
was written afterwards and used to write no test, so it measures a change never tried before.

Hand-written samples say as much about their writer as about the tests, so ``--sample random``
draws mutation points nobody picked (``benchmarks/mutation_points.py``: every comparison, operator,
boolean and whole-number literal of the classroom code, a seeded draw) and runs the fast tests
(``FAST``) on each.

| date | sample | code | caught | survivors |
| --- | --- | --- | --- | --- |
| 2026-12-04 | random, seed 20261204, 30 points | main at bd5d4a3 (before the module split) | 23 of 30 (77 %) | group codes' MAX_SEED 11**40; money's zero-stake test ``and``; board: "Nothing cleared." after Keep them, a Landsknecht repeat on card 1 dealt again, Landsknecht F missing or over other deals; Repeat's ``sleep(0)`` as ``sleep(1)`` (speed only); the board's browser test ``sys.platform`` flipped (caught only by the browser test of the board) |
| 2026-12-04 | random, seed 20261205, 30 points | fc781c7 (split modules, sample D's tests) | 24 of 30 (80 %); 24 of 26 (92 %) without the 4 equivalent | a numbered bet 61 read (bet_index's 1 to 60); the cut-short check at 6 symbols where a code has at least 8. Equivalent by reading: typed_whole_number's cap at ``adjusted() <= 40`` (a 41-digit number is refused either way), the Repeat progress bar's ``max`` before any run (0 % either way), a Banker and Broker repeat dealt again with stake 2 (wins are counted, not money), the Repeat panel's seed for a table without one (every table has a seed) |

The survivors of D (five) and E (two) have had tests since (tests/test_board.py, test_board_limits.py,
test_group_code_limits.py, test_typed_limits.py), so the next random sample must use another seed.
Equivalent points of E, for a re-run: ``--equivalent widgets/controls.py:104,widgets/repeat.py:181,widgets/board_checks.py:342,widgets/repeat.py:155`` (lines of fc781c7).

Usage: .venv/bin/python benchmarks/mutation_sample.py [-k WORD]   (only mutants whose name has WORD)
       .venv/bin/python benchmarks/mutation_sample.py --sample random --seed S --count N --fast
       .venv/bin/python benchmarks/mutation_sample.py --check     (each mutant's text found once in its file; seconds)
Takes about 3-5 minutes on 2 cores. Figures, not a test: nothing here fails the suite.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "banking_games"
sys.path.insert(0, str(ROOT / "src"))

from banking_games import registry  # noqa: E402

CODES = ["tests/test_group_codes.py", "tests/test_group_code_limits.py"]
TEACH = ["tests/test_teaching.py", "-k", "not handout and not notebook and not built and not lesson_page and not exercise_sheet and not glossary"]
REPEAT = ["tests/test_repeat.py"]
BOARD = ["tests/test_board.py", "tests/test_board_identity.py", "tests/test_board_limits.py"]
TYPED = ["tests/test_typed_limits.py", "tests/test_widget_messages.py"]
STAKES = ["tests/test_typed_limits.py", "tests/test_bad_input.py"]

FAST = ["tests/test_group_codes.py", "tests/test_group_code_limits.py", "tests/test_group_code_tables.py",
        "tests/test_repeat.py", "tests/test_board.py", "tests/test_board_identity.py", "tests/test_board_limits.py",
        "tests/test_typed_limits.py",
        "tests/test_widget_messages.py", "tests/test_bad_input.py", "tests/test_bad_input_rules.py",
        "tests/test_exact_bad_input.py", "tests/test_hardening.py",
        *(f"tests/test_widgets_{g.package}.py" for g in registry.GAMES), "tests/test_teaching.py",
        "-k", "not handout and not notebook and not built and not lesson_page and not exercise_sheet and not glossary"]
"""The fast tests (no browser, no built site), as the issue ran them: ``--fast`` runs these for every mutant."""

# (name, file under src/banking_games, old text, new text, tests)
MUTANTS = [
    ("codes: check symbol weight from the left", "classroom/group_codes.py",
     "for c in reversed(body):\n        total = (total + _VALUE[c] * weight) % _MOD",
     "for c in body:\n        total = (total + _VALUE[c] * weight) % _MOD", CODES),
    ("codes: varint base 16 for 15", "classroom/group_codes.py", "out.append(MORE[n % 15])\n        n //= 15",
     "out.append(MORE[n % 15])\n        n //= 16", CODES),
    ("codes: zigzag sign", "classroom/group_codes.py", "return 2 * n if n >= 0 else -2 * n - 1",
     "return 2 * n if n > 0 else -2 * n - 1", CODES),
    ("codes: max deals off by one", "classroom/group_codes.py", "if deals > MAX_DEALS or deals < 1:",
     "if deals > MAX_DEALS + 1 or deals < 1:", CODES),
    ("codes: repeat wins may exceed placed", "classroom/group_codes.py", "if s > t:\n                return Phrase(N_(\"bet {name} won",
     "if s > t + 1:\n                return Phrase(N_(\"bet {name} won", CODES),
    ("codes: symbols too many after counts ignored", "classroom/group_codes.py", "if r.i != len(r.s):",
     "if r.i > len(r.s):", CODES),
    ("codes: pasted-twice check off", "classroom/group_codes.py", "half >= 6 and symbols[:half] == symbols[half:]",
     "half >= 6 and symbols[:half] == symbols[half + 1:]", CODES),
    ("codes: net denominator not shifted", "classroom/group_codes.py", "den = r.number(Phrase(N_(\"the net of {name}\"), name=repr(name))) + 1",
     "den = r.number(Phrase(N_(\"the net of {name}\"), name=repr(name))) + 2", CODES),
    ("teaching: band's z ignored", "classroom/teaching.py", "return se, max(0.0, float(p) - z * se), min(1.0, float(p) + z * se)",
     "return se, max(0.0, float(p) - 2 * se), min(1.0, float(p) + 2 * se)", TEACH),
    ("teaching: covariance term k for k - 1", "classroom/teaching.py", "k * (k - 1) * Fraction(covariance_per_deal)",
     "k * k * Fraction(covariance_per_deal)", TEACH),
    ("teaching: group seeds start at first + 1", "classroom/teaching.py", "return [first + g for g in range(groups)]",
     "return [first + g + 1 for g in range(groups)]", TEACH),
    ("teaching: pool drops the last group", "classroom/teaching.py", "total: dict[str, Count] = {}\n    for g in groups:",
     "total: dict[str, Count] = {}\n    for g in groups[:-1]:", TEACH),
    ("repeat: standard error over deals not placed", "classroom/repeat_plan.py",
     "return math.sqrt(p * (1 - p) / self.placed)", "return math.sqrt(p * (1 - p) / (self.placed + self.not_placed))",
     REPEAT),
    ("repeat: band of one SE", "classroom/repeat_plan.py", "return p - 2 * se, p + 2 * se", "return p - se, p + se", REPEAT),
    ("repeat: nets of bets not placed counted", "classroom/repeat_plan.py",
     "b.net = sum((net * k for (o, net), k in c.items() if o is not None), Fraction(0))",
     "b.net = sum((net * k for (o, net), k in c.items()), Fraction(0)) + sum(1 for (o, _), _k in c.items() if o is None)",
     REPEAT),
    ("repeat: deals cap off by one", "classroom/repeat_plan.py", "if n > MAX_DEALS:", "if n > MAX_DEALS + 1:", REPEAT + TYPED),
    ("board: real-cards deals cap", "widgets/board.py", "if d < 1 or d > 10_000:", "if d < 1 or d > 100_000:", BOARD),
    ("board: L won more than placed accepted", "classroom/landsknecht.py", "if values[\"late\"] > values[\"late_placed\"]:",
     "if values[\"late\"] > values[\"late_placed\"] + 1:", BOARD),
    ("board: W + T + L check dropped", "classroom/banker_broker.py", "if sum(counts[k][0] for k in BOARD_NAMES) != n:",
     "if False:", BOARD),
    ("board: refusals named: 11", "classroom/board_checks.py", "SHOW_REFUSED = 10", "SHOW_REFUSED = 11", BOARD),
    ("board: a group kept twice in storage", "widgets/board.py",
     "if all(e.identity != entry.identity for e in self.entries):", "if all(e.text != entry.text for e in self.entries):",
     BOARD),
    ("typed: seed digits 41", "checks.py", "if n >= 10 ** SEED_DIGITS:", "if n > 10 ** SEED_DIGITS:", TYPED),
    ("typed: negative seed accepted", "checks.py",
     "if n < 0:\n        raise error(f\"{what}: the seed must be", "if n < -1:\n        raise error(f\"{what}: the seed must be",
     TYPED),
    ("stakes: zero accepted", "money.py", "if amount <= 0:", "if amount < 0:", STAKES),
    ("stakes: upper limit dropped", "money.py", "if amount > limit or amount < 1 / limit:", "if amount < 1 / limit:",
     STAKES),
]


# Sample B: written after the tests that sample A called for, and used to write none: it measures
# how often a change never tried before is caught.
MUTANTS_B = [
    ("B codes: a code one symbol short of the minimum read", "classroom/group_codes.py", "if len(symbols) < MIN_SYMBOLS:",
     "if len(symbols) < MIN_SYMBOLS - 1:",
     CODES),
    ("B codes: section bet 61", "classroom/bet_numbers.py", "if not 1 <= index <= MAX_NUMBER:",
     "if not 1 <= index <= MAX_NUMBER + 1:", CODES),
    ("B codes: trials written without +1", "classroom/group_codes.py", "nums += [c[1] + 1, c[0]]", "nums += [c[1], c[0]]",
     CODES),
    ("B codes: win/tie/lose over different sections", "classroom/banker_broker.py",
     "if len({t for _, t in trio}) != 1 or sum(s for s, _ in trio) != trio[0][1]:",
     "if sum(s for s, _ in trio) != trio[0][1]:", CODES),
    ("B teaching: trials not a multiple of per_deal", "classroom/teaching.py", "if trials % per_deal:", "if False:", TEACH),
    ("B teaching: negative variance accepted", "classroom/teaching.py", "if var_per_deal < 0:", "if var_per_deal < -1:", TEACH),
    ("B teaching: void trials without the played deal", "classroom/landsknecht.py", "v.trials += voids + 1", "v.trials += voids",
     TEACH),
    ("B teaching: Joker not counted among cards turned", "classroom/hoggenheimer.py",
     "turned.successes += len(deal.turned) + 1", "turned.successes += len(deal.turned)", TEACH),
    ("B teaching: band's ends outside", "classroom/teaching.py", '"inside?": "yes" if lo <= c.fraction <= hi else "no"})',
     '"inside?": "yes" if lo < c.fraction < hi else "no"})', TEACH),
    ("B repeat: 0 deals accepted", "classroom/repeat_plan.py", "if n < 1:", "if n < 0:", REPEAT + TYPED),
    ("B repeat: the chart's last point dropped", "classroom/repeat_plan.py",
     "        self._mark(n)  # the chart ends", "        pass  # the chart ends", REPEAT),
    ("B repeat: two stakes on one bet: first net lost", "classroom/group_codes.py", "nets[spec] += b.net",
     "nets[spec] = b.net", REPEAT),
    ("B board: 'more' counts every refusal", "classroom/board_checks.py", "more = len(refused) - SHOW_REFUSED",
     "more = len(refused)", BOARD),
    ("B board: a bet counted over other deals", "classroom/hoggenheimer.py", "if counts[letter][1] != deals:", "if False:",
     BOARD),
    # equivalent in what a reader sees: a fraction of whole counts never equals p -+ 2 SE with an
    # irrational SE, so "<=" and "<" give the same word (kept: it shows what the sample tried)
    ("B board: band's ends outside (mixed sections) [equivalent]", "widgets/board_view.py",
     '"inside?": "yes" if lo <= c.fraction <= hi else "no"})', '"inside?": "yes" if lo < c.fraction < hi else "no"})',
     BOARD),
    ("B board: character cap dropped", "widgets/board.py",
     "if len(text) > MAX_PASTE_CHARS or len(lines) > MAX_PASTE_LINES:", "if len(lines) > MAX_PASTE_LINES:", BOARD),
    ("B typed: 10,000 with a comma refused", "checks.py",
     'raw.replace(",", "").replace("_", "").replace(" ", "")', 'raw.replace("_", "").replace(" ", "")', TYPED),
    # equivalent in outcome: the cap makes a very long text fail fast; without it Decimal reads it
    # and the range check refuses it with the same message
    ("B stakes: no cap on a stake's text [equivalent]", "money.py", "if len(text) > _MAX_TEXT:", "if False:", STAKES),
    ("B stakes: division by zero not caught", "money.py", "if int(den) == 0:", "if False:", STAKES),
]


# Sample C: written after the tests that samples A and B called for, and used to write none.
MUTANTS_C = [
    ("C codes: unzigzag of odd numbers", "classroom/group_codes.py", "return z // 2 if z % 2 == 0 else -(z + 1) // 2",
     "return z // 2 if z % 2 == 0 else -(z - 1) // 2", CODES),
    ("C codes: a code not starting with G read", "classroom/group_codes.py", 'if symbols[0] != "G":', 'if symbols[0] == "Z":',
     CODES),
    ("C codes: a repeat with no bet accepted", "classroom/group_codes.py", "            if not bets:",
     "            if bets is None:", CODES),
    ("C codes: lesson bets other than the lesson's accepted", "classroom/group_codes.py",
     "elif bets and bets != LESSON_BETS[self.game]:", "elif False:", CODES),
    ("C codes: a net's size unchecked", "classroom/group_codes.py",
     "if abs(x.numerator) > 10 ** 12 or x.denominator > 10 ** 6:", "if x.denominator > 10 ** 6:", CODES),
    ("C codes: a repeat bet placed in more deals than dealt", "classroom/group_codes.py",
     "            if t > deals:\n                return Phrase(N_(\"bet {name} placed",
     "            if t > deals + 1:\n                return Phrase(N_(\"bet {name} placed", CODES),
    # equivalent: GroupCode's constructor refuses counts over 10^9 as well
    ("C codes: counts over 10^9 from a code [equivalent]", "classroom/group_codes.py", "if x[0] > 10 ** 9 or x[1] > 10 ** 9:",
     "if x[0] > 10 ** 10 or x[1] > 10 ** 10:", CODES),
    ("C teaching: pooled nets drop the last group's", "classroom/teaching.py",
     "total[name] = total.get(name, Fraction(0)) + x", "total[name] = x", TEACH),
    ("C teaching: a probability above 1 in a band", "classroom/teaching.py", "if not 0 <= p <= 1:", "if not 0 <= p:", TEACH),
    ("C repeat: the trail marks the same deal twice", "classroom/repeat_plan.py",
     "if self._placed[i] and (not b.trail or b.trail[-1][0] != n):", "if self._placed[i]:", REPEAT),
    ("C repeat: losses counted as pushes", "classroom/repeat_plan.py",
     "b.lost = sum(k for (o, _), k in c.items() if o == LOSE)", "b.lost = sum(k for (o, _), k in c.items() if o == PUSH)",
     REPEAT),
    ("C repeat: no standard error shown before a bet is placed", "classroom/repeat_plan.py",
     "        if not self.placed:\n            return None\n        p = float(self.p_win)",
     "        if self.placed < 0:\n            return None\n        p = float(self.p_win)", REPEAT),
    ("C board: repeat codes of any size dealt again", "widgets/board.py",
     'if code.kind == "repeat" and code.deals > REPEAT_CHECK_DEALS:', 'if code.kind == "repeat" and code.deals > 10 ** 9:',
     BOARD),
    ("C board: a group whose counts differ not flagged", "widgets/board.py", "if truth != counts:", "if False:", BOARD),
    ("C board: two real-cards groups with one number", "widgets/board.py",
     "if any(e.group == group for e in self.entries):", "if False:", BOARD),
    # equivalent: a 10-digit count is then refused by the code's own 10^9 cap
    ("C board: a real-cards count of 10 digits [equivalent]", "classroom/board_checks.py",
     "if not (raw.isdigit() and raw.isascii()) or len(raw) > 9:", "if not (raw.isdigit() and raw.isascii()):", BOARD),
    # equivalent: 41 digits are refused for their size by every field either way
    ("C typed: a 41-digit number read as itself [equivalent]", "checks.py", "if len(body) <= 40 and body.isascii():",
     "if len(body) <= 41 and body.isascii():", TYPED),
    ("C typed: 2.5 deals read as 2", "checks.py", "if number != number.to_integral_value():", "if False:",
     TYPED),
    # equivalent: None then reaches the last branch, which refuses it with the same message
    ("C stakes: None as a stake [equivalent]", "money.py", "if isinstance(value, bool) or value is None:",
     "if isinstance(value, bool):", STAKES),
]



# Issue 32's own list of board changes that survived the fast tests (each given a test since): every
# one must now be caught. A change in several places gives its old and new texts as tuples.
MUTANTS_ISSUE = [
    ("I board: more than 33 cards turned in a deal accepted", "classroom/hoggenheimer.py",
     'return len(hog.HoggenheimerConfig("english").pack())', 'return len(hog.HoggenheimerConfig("english").pack()) + 1',
     BOARD),
    ("I board: Banker and Broker sections not a multiple of the deals", "classroom/banker_broker.py",
     "if n == 0 or n % deals:", "if n == 0:", BOARD),
    ("I board: a Landsknecht repeat on card 1 not pooled", "classroom/landsknecht.py",
     'return {bet_spec(1): "first"}', "return {}", BOARD),
    ("I board: the duplicate check on the text as written", "widgets/board.py",
     ("have = {e.identity for e in self.entries}", "if group_identity(code) in have:", "have.add(entry.identity)"),
     ("have = {e.text for e in self.entries}", "if gcodes.encode(code) in have:", "have.add(entry.text)"), BOARD),
    ("I board: a group's identity is its code's text", "classroom/board_checks.py",
     "    return (code.game, code.kind, code.seed, code.deals, tuple(code.bets))",
     "    return (code.game, code.kind, gcodes.encode(code))", BOARD),
    ("I board: a real-cards group's void trials taken as its deals", "classroom/landsknecht.py",
     '"void": (values["void"], values["void"] + deals)', '"void": (values["void"], deals)', BOARD),
    ("I board: the most common sections a deal replaced by the smallest", "widgets/board_view.py",
     "return max(set(ks), key=ks.count) if common and ks else None", "return min(ks) if common and ks else None", BOARD),
    ("I board: a real-cards code stored without its group's number", "classroom/board_checks.py",
     'return self.text if self.group is None else {"code": self.text, "group": self.group}', "return self.text", BOARD),
    ("I board: duplicates in storage loaded twice", "widgets/board.py",
     "if all(e.identity != entry.identity for e in self.entries):", "if True:", BOARD),
    ("I board: a paste of any number of lines read", "widgets/board.py",
     "if len(text) > MAX_PASTE_CHARS or len(lines) > MAX_PASTE_LINES:", "if len(text) > MAX_PASTE_CHARS:", BOARD),
    ("I board: every refused line named", "classroom/board_checks.py",
     "for n, line, why in refused[:SHOW_REFUSED]]", "for n, line, why in refused]", BOARD),
    ("I board: no limit on the deals one Add deals again", "widgets/board.py",
     "if dealt and dealt + cost > CHECK_DEALS_PER_ADD:", "if False:", BOARD),
    ("I board: the deals dealt again not added up", "widgets/board.py", "            dealt += cost\n", "", BOARD),
    ("I board: the lines not read yet dropped from the field", "widgets/board.py",
     "kept = sorted([(n, line) for n, line, _ in refused] + held)", "kept = [(n, line) for n, line, _ in refused]",
     BOARD),
]

def run(mutant, fast: bool = False) -> tuple[bool, float, str]:
    name, rel, old, new, tests = mutant
    tests = FAST if fast else tests
    path = SRC / rel
    original = path.read_bytes()
    text = original.decode("utf-8")
    olds, news = (old, new) if isinstance(old, tuple) else ((old,), (new,))
    for o, n in zip(olds, news):
        if text.count(o) != 1:
            return False, 0.0, f"the text to change is found {text.count(o)} times (the code moved: update the mutant)"
        text = text.replace(o, n)
    path.write_text(text, encoding="utf-8")
    start = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests],
                              cwd=ROOT, capture_output=True, text=True, timeout=600)
        caught = done.returncode != 0
        why = "" if caught else "the tests passed"
    except subprocess.TimeoutExpired:
        caught, why = True, "timed out (caught only by a hang)"
    finally:
        path.write_bytes(original)
    return caught, time.perf_counter() - start, why


def check(mutants) -> list[str]:
    """Problems that keep a mutant from being applied: its file missing, or a text to change not
    found exactly once in it (after code moves between files, the mutant must name the new file)."""
    problems = []
    for name, rel, old, _new, _tests in mutants:
        path = SRC / rel
        if not path.is_file():
            problems.append(f"{name}: no file {rel}")
            continue
        text = path.read_text(encoding="utf-8")
        for o in (old if isinstance(old, tuple) else (old,)):
            if text.count(o) != 1:
                problems.append(f"{name}: {o.splitlines()[0]!r} found {text.count(o)} times in {rel}")
    return problems


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-k", default="", help="only mutants whose name contains this")
    ap.add_argument("--fast", action="store_true", help="run every fast test file for each mutant (slower)")
    ap.add_argument("--sample", choices=["a", "b", "c", "issue", "all", "random"], default="all",
                    help="a, b: samples whose survivors got tests; c: the latest, used to write no test; "
                         "issue: the board changes that issue 32 found surviving (each must be caught; not in all); "
                         "random: --count points drawn with --seed from benchmarks/mutation_points.py (nobody picks them)")
    ap.add_argument("--seed", type=int, default=20261204, help="seed of the random sample")
    ap.add_argument("--count", type=int, default=30, help="size of the random sample")
    ap.add_argument("--equivalent", default="", help="comma-separated names (file:line) of random points judged "
                    "equivalent by reading them (left out of the count, and listed)")
    ap.add_argument("--check", action="store_true",
                    help="only check that every mutant's text is found once in its file (all samples); run nothing")
    args = ap.parse_args()
    if args.check:
        every = MUTANTS + MUTANTS_B + MUTANTS_C + MUTANTS_ISSUE
        problems = check(every)
        print("\n".join(problems) or f"all {len(every)} mutants apply: each text found once in its file")
        sys.exit(1 if problems else 0)
    if args.sample == "random":
        from mutation_points import sample as draw
        eq = {e.strip() for e in args.equivalent.split(",") if e.strip()}
        pool = [(f"{name}{' [equivalent]' if name.split(' ')[0] in eq else ''}", rel, old, new, FAST)
                for name, rel, old, new in draw(args.seed, args.count)]
    else:
        pool = {"a": MUTANTS, "b": MUTANTS_B, "c": MUTANTS_C, "issue": MUTANTS_ISSUE,
                "all": MUTANTS + MUTANTS_B + MUTANTS_C}[args.sample]
    chosen = [m for m in pool if args.k in m[0]]
    caught = counted = 0
    print(f"{'mutant':62} {'result':9} {'s':>6}")
    for m in chosen:
        ok, seconds, why = run(m, args.fast)
        equivalent = m[0].endswith("[equivalent]")
        if not equivalent:
            caught += ok
            counted += 1
        print(f"{m[0]:62} {'caught' if ok else 'SURVIVED':9} {seconds:6.1f} {why}", flush=True)
        if not ok and args.sample == "random":
            print(f"    {m[2].strip()}\n => {m[3].strip()}", flush=True)
    print(f"caught {caught} of {counted} ({caught / max(counted, 1):.0%}), mutants marked [equivalent] "
          "left out; target: at least 9 in 10")


if __name__ == "__main__":
    main()
