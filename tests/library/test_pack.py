"""The pack from the installed Python module (klotski.open_pack over libklotski's
klotski_pack_*), checked against the klotski command's --json answers on the database the
pack was written from ($KLOTSKI_BIN/klotski, $KLOTSKI_DB; the pack is $KLOTSKI_PACK):
min_steps, the group, the layout's record against Database.layout's (one function over
both) and the moves with their outcomes of sampled layouts (ids spread by a
multiplicative hash, every layout of a classic name, unsolvable ones), their solutions
against `klotski solve --codes`, group facts against `klotski group --json`, and bad
input: an illegal code, an unknown group, a missing file, a file that is no pack, a
metric the pack does not count, a NUL inside a str; threads sharing a Pack; every method's
text signature; every call with Python's allocations failing one by one (and, where
failmalloc.so is preloaded, C's: CAllocationTest).  e2e_pack.sh runs it."""
import inspect
import json
import os
import subprocess
import threading
import unittest

import failing
import klotski

DB = os.environ["KLOTSKI_DB"]
PACK = os.environ["KLOTSKI_PACK"]
KLOTSKI = os.path.join(os.environ["KLOTSKI_BIN"], "klotski")
HASHED = ["#%d" % (i * 2654435761 % 29334498) for i in range(1, 301)] + ["#0", "#29334497"]


def command(*args, inputs=None):
    """The klotski command's --json answers, one object per input."""
    out = subprocess.run([KLOTSKI, "--db", DB, *args, "--json"], check=True, capture_output=True, text=True,
                         input=inputs)
    return [json.loads(line) for line in out.stdout.splitlines()]


def sample():
    """The hashed ids, every classic layout and the smallest layout of unsolvable groups."""
    classic = sorted({n["code"] for n in command("names")})
    out = subprocess.run(["sqlite3", DB, "SELECT printf('%09X', min_code) FROM groups WHERE solved = 0"
                                         " ORDER BY group_id % 97, group_id LIMIT 60"],
                         check=True, capture_output=True, text=True)
    return HASHED + classic + out.stdout.split()


SAMPLE = sample()


def known(source, x):
    """What a program written for Database.layout reads of a layout, where it reads only
    what a Pack knows too: one function for both."""
    record = source.layout(x)
    return type(record), record.layout, record.group_id, record.min_steps, record.group


class PackTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.pack = klotski.open_pack(PACK)
        cls.shown = command("show", inputs="\n".join(SAMPLE) + "\n")
        cls.moved = command("moves", inputs="\n".join(SAMPLE) + "\n")

    @classmethod
    def tearDownClass(cls):
        cls.pack.close()

    def test_sample_holds_unsolvable_and_classic_layouts(self):
        self.assertGreaterEqual(sum(s["min_steps"] is None for s in self.shown), 60)
        self.assertIn("1A9BF0C00", [s["code"] for s in self.shown])
        self.assertEqual(len(self.shown), len(SAMPLE))

    def test_min_steps_and_group_against_show(self):
        for text, shown in zip(SAMPLE, self.shown):
            self.assertEqual(self.pack.min_steps(text), shown["min_steps"], text)
            group = self.pack.group_of(text)
            self.assertEqual((group.name, group.size), (shown["group"], shown["group_size"]), text)

    def test_layout_stands_in_for_the_database(self):
        """Pack.layout answers as Database.layout for the fields the pack knows (the group
        with all of its), and None for the others."""
        with klotski.open(DB) as db:
            for text in SAMPLE:
                self.assertEqual(known(self.pack, text), known(db, text), text)
        record = self.pack.layout("4WVE1")
        self.assertEqual((record.min_steps, record.group.name), (81, "5-4-1-1"))
        self.assertEqual(record[2:3] + record[4:10], (None,) * 7)

    def test_moves_against_the_command(self):
        for text, moved in zip(SAMPLE, self.moved):
            ours = [(m.next.code, m.min_steps, m.change, m.piece, m.distance) for m in self.pack.moves(text)]
            theirs = [(m["code"], m["min_steps"], m["change"], m["piece"], m["distance"]) for m in moved["move_list"]]
            self.assertEqual(ours, theirs, text)

    def test_solutions_against_solve_codes(self):
        for text, shown in list(zip(SAMPLE, self.shown))[::3]:
            out = subprocess.run([KLOTSKI, "--db", DB, "solve", "--codes", text], capture_output=True, text=True)
            if shown["min_steps"] is None:
                self.assertEqual(out.returncode, 1)
                with self.assertRaises(klotski.UnsolvableError):
                    self.pack.solve(text)
                continue
            self.assertEqual([layout.code for layout in self.pack.solve(text)], out.stdout.split(), text)

    def test_exact_min_steps_of_the_far_layout(self):
        self.assertEqual(self.pack.min_steps("4FEA13400"), 138)
        self.assertEqual(len(self.pack.solve("AXCZN")), 139)

    def test_group_facts_against_group_json(self):
        names = sorted({s["group"] for s in self.shown})[::4]
        for name, theirs in zip(names, command("group", *names)):
            ours = self.pack.group(name)
            for field in ("size", "solved", "max_min_steps", "hardest_count", "diameter", "radius"):
                self.assertEqual(getattr(ours, field), theirs[field], (name, field))
            self.assertEqual(ours.min_code.code, theirs["min_code"], name)

    def test_bad_input(self):
        with self.assertRaises(ValueError) as caught:
            self.pack.min_steps("1A9BF0C01")
        self.assertEqual(str(caught.exception), "1A9BF0C01: not a layout code: unused low bits are not zero")
        with self.assertRaises(KeyError):
            self.pack.group("9-9-9-9")
        with self.assertRaises(ValueError):
            self.pack.moves("4WVE1", metric="unit")
        with self.assertRaises(klotski.NoDatabaseError):
            klotski.open_pack(PACK + ".missing")
        with self.assertRaises(klotski.DatabaseError) as caught:
            klotski.open_pack(DB)
        self.assertIn("not a klotski pack", str(caught.exception))

    def test_nul_refused(self):
        for call in (lambda: self.pack.min_steps("4WVE1\x00junk"), lambda: self.pack.group("5-4-1-1\x00"),
                     lambda: self.pack.group_of("4WVE1\x00"), lambda: self.pack.moves("4WVE1", "step\x00x"),
                     lambda: self.pack.solve("4WVE1\x00"), lambda: klotski.open_pack(PACK + "\x00junk")):
            with self.assertRaises(ValueError):
                call()

    def test_every_method_has_a_signature(self):
        for name in ("min_steps", "layout", "solve", "moves", "group", "group_of", "close", "__enter__", "__exit__"):
            inspect.signature(getattr(klotski.Pack, name))  # ValueError without a text signature
        self.assertEqual(str(inspect.signature(klotski.Pack.solve)), "(self, /, x, metric='step')")
        self.assertEqual(str(inspect.signature(klotski.open_pack)), "(path)")

    def test_threads_share_a_pack(self):
        """Threads take turns on one Pack: each gets the answers it gets alone."""
        texts = SAMPLE[::5]
        alone = [(self.pack.min_steps(t), self.pack.moves(t), self.pack.group_of(t)) for t in texts]
        failures = []

        def work():
            try:
                with klotski.open_pack(PACK) as own:
                    for _ in range(3):
                        for pack in (self.pack, own):  # shared by all, and one of its own
                            if [(pack.min_steps(t), pack.moves(t), pack.group_of(t)) for t in texts] != alone:
                                failures.append("answers")
            except Exception as error:  # noqa: BLE001 - any is a failure to report
                failures.append(repr(error))

        threads = [threading.Thread(target=work) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.assertEqual(failures, [])

    def test_context_manager_closes(self):
        with klotski.open_pack(PACK) as pack:
            self.assertEqual(pack.min_steps("4WVE1"), 81)
            self.assertEqual(pack.path, PACK)
        with self.assertRaises(klotski.DatabaseError):
            pack.min_steps("4WVE1")
        self.assertIsNone(pack.path)  # as a closed Database's: one base for both
        pack.close()  # closing again does nothing


class NoMemoryTest(unittest.TestCase):
    """Every call of a Pack with the Nth of Python's allocations failing, N = 0, 1, 2, ...:
    MemoryError or the right answer, never a crash or another exception."""

    def test_every_call(self):
        with klotski.open_pack(PACK) as pack:
            calls = {
                "open_pack": lambda: klotski.open_pack(PACK).close(),
                "min_steps": lambda: pack.min_steps("4FEA13400"),
                "layout": lambda: pack.layout("4FEA13400"),
                "solve": lambda: pack.solve("4WVE1"),
                "moves": lambda: pack.moves("4WVE1"),
                "group": lambda: pack.group("5-4-1-1"),
                "group_of": lambda: pack.group_of("4WVE1"),
            }
            for name, call in calls.items():
                with self.subTest(name):
                    expected = call()
                    result, failed = failing.python_allocations(call)
                    self.assertEqual(result, expected, name)
                    self.assertGreater(failed, 0, name)  # the call allocates, so failures were seen


@unittest.skipUnless(os.environ.get("KLOTSKI_FAILMALLOC"), "needs tests/library/failmalloc.c preloaded")
class CAllocationTest(unittest.TestCase):
    """Every call of a Pack that allocates in C (libklotski: the pack's file, blocks and
    route), with the Nth malloc, calloc or realloc failing: MemoryError or the right
    answer, never a crash, never another exception."""

    def test_every_call(self):
        hard = klotski.Layout("4FEA13400")
        calls = {
            "open_pack": lambda: klotski.open_pack(PACK).path,
            "min_steps": lambda: klotski.open_pack(PACK).min_steps(hard),
            "layout": lambda: klotski.open_pack(PACK).layout(hard),
            "solve": lambda: klotski.open_pack(PACK).solve(hard),
            "moves": lambda: klotski.open_pack(PACK).moves(hard),
            "group_of": lambda: klotski.open_pack(PACK).group_of(hard),
        }
        for name, call in calls.items():
            with self.subTest(name):
                expected = call()
                result, failed = failing.c_allocations(call)
                self.assertEqual(result, expected, name)
                self.assertGreater(failed, 0, name)


if __name__ == "__main__":
    unittest.main()
