"""The Python module klotski as a user imports it (the installed module: e2e_library_python.sh
sets PYTHONPATH to it), checked against the klotski command's --json answers
($KLOTSKI_BIN/klotski on the database $KLOTSKI_DB) on sampled layouts: every method of
Layout and Database, moves and solutions in each metric against the command's under
--metric, the SQL functions on the module's connection, bad input (a bad metric among
it), a missing database, and a solution checked step by step against the steps and the
stored min_steps."""
import copy
import inspect
import json
import os
import pickle
import signal
import subprocess
import sys
import threading
import time
import tracemalloc
import unittest

import failing
import klotski

DB = os.environ["KLOTSKI_DB"]
KLOTSKI = os.path.join(os.environ["KLOTSKI_BIN"], "klotski")
# Ids spread over all layouts by a multiplicative hash, as the other library tests take
# them; 4WVE1 (横刀立马) and the first and last layouts too.
SAMPLE = ["#%d" % (i * 2654435761 % 29334498) for i in range(1, 101)] + ["4WVE1", "#0", "#29334497"]


def command(*args):
    """The klotski command's --json answers, one object per input."""
    out = subprocess.run([KLOTSKI, "--db", DB, *args, "--json"], check=True, capture_output=True, text=True)
    return [json.loads(line) for line in out.stdout.splitlines()]


def command_error(*args):
    """The klotski command's error line, without its "klotski: "."""
    out = subprocess.run([KLOTSKI, "--db", DB, *args], capture_output=True, text=True)
    return out.stderr.strip().removeprefix("klotski: ")


class LayoutTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.shown = command("show", *SAMPLE)
        cls.moved = command("moves", *SAMPLE)

    def test_fields_against_show(self):
        for text, shown in zip(SAMPLE, self.shown):
            layout = klotski.Layout(text)
            self.assertEqual(layout.code, shown["code"])
            self.assertEqual(layout.id, shown["id"])
            self.assertEqual(layout.short_code, shown["short_code"])
            self.assertEqual(layout.class_name, shown["class"])
            self.assertEqual(layout.mirror().code, shown["mirror"])
            self.assertEqual(layout.value, int(shown["code"], 16))
            self.assertEqual(int(layout), layout.value)

    def test_forms_name_the_same_layout(self):
        for text in SAMPLE:
            layout = klotski.Layout(text)
            for form in (layout.code, layout.code.lower().rstrip("0") or "0", layout.short_code,
                         "#%d" % layout.id, layout.value, layout, layout.board, layout.drawing):
                self.assertEqual(klotski.Layout(form), layout, form)
            self.assertEqual(klotski.Layout.from_id(layout.id), layout)

    def test_board_is_five_lines_the_command_reads(self):
        layout = klotski.Layout("1A9BF0C00")
        self.assertEqual(layout.board, "VKKV\nVKKV\nVHHV\nVooV\no..o\n")
        shown = subprocess.run([KLOTSKI, "--db", DB, "show", "-", "--json"], input=layout.board,
                               capture_output=True, text=True, check=True)
        self.assertEqual(json.loads(shown.stdout)["code"], "1A9BF0C00")
        drawn = subprocess.run([KLOTSKI, "--db", DB, "show", "1A9BF0C00"], capture_output=True, text=True,
                               check=True).stdout
        for line in layout.drawing.splitlines():
            self.assertIn(line, drawn)

    def test_images(self):
        for text in SAMPLE:
            layout = klotski.Layout(text)
            self.assertEqual(layout.mirror().mirror(), layout)
            self.assertEqual(layout.flip().flip(), layout)
            self.assertEqual(layout.turn(), layout.mirror().flip())
            self.assertEqual(layout.solved, layout.value >> 32 == 13)

    def test_steps_against_moves(self):
        for text, moved in zip(SAMPLE, self.moved):
            steps = sorted((s.next.code, s.piece, s.from_cell, s.to_cell, s.distance)
                           for s in klotski.Layout(text).steps())
            expected = sorted((m["code"], m["piece"], (m["row"] - 1) * 4 + m["col"] - 1,
                               (m["to_row"] - 1) * 4 + m["to_col"] - 1, m["distance"]) for m in moved["move_list"])
            self.assertEqual(steps, expected, text)

    def test_svg(self):
        svg = klotski.Layout("4WVE1").svg()
        self.assertTrue(svg.startswith("<svg") and svg.rstrip().endswith("</svg>"))
        self.assertIn('data-code="1A9BF0C00"', svg)

    def test_bad_input_raises_value_error_with_the_command_message(self):
        for text in ("1A9BF0C01", "#29334498", "VZ7Z3", "27732773144115510669", "zz", ""):
            with self.assertRaises(ValueError) as caught:
                klotski.Layout(text)
            self.assertEqual(str(caught.exception), command_error("show", text), text)
        for value, message in ((-1, "-1: not a layout code: negative"),
                               (1 << 40, "1099511627776: not a layout code: more than 36 bits"),
                               (1 << 70, "1180591620717411303424: not a layout code: more than 36 bits"),
                               (0x1A9BF0C01, "1A9BF0C01: not a layout code: unused low bits are not zero")):
            with self.assertRaises(ValueError) as caught:
                klotski.Layout(value)
            self.assertEqual(str(caught.exception), message)
        with self.assertRaises(TypeError):
            klotski.Layout(1.5)
        with self.assertRaises(ValueError):
            klotski.Layout.from_id(29334498)

    def test_hash_equality_repr(self):
        self.assertEqual(len({klotski.Layout("4WVE1"), klotski.Layout("1A9BF0C00")}), 1)
        self.assertEqual(repr(klotski.Layout("4WVE1")), "Layout('1A9BF0C00')")
        self.assertEqual(str(klotski.Layout("4WVE1")), "1A9BF0C00")
        self.assertNotEqual(klotski.Layout("4WVE1"), "1A9BF0C00")


class WithDatabase(unittest.TestCase):
    """The test database open as self.db for the tests of a class."""

    @classmethod
    def setUpClass(cls):
        cls.db = klotski.open(DB)

    @classmethod
    def tearDownClass(cls):
        cls.db.close()


class DatabaseTest(WithDatabase):

    def test_layout_record_against_show(self):
        for text, shown in zip(SAMPLE, command("show", *SAMPLE)):
            record = self.db.layout(text)
            self.assertEqual(record.layout.code, shown["code"])
            for field in ("group_index", "min_steps", "min_solution_num", "farthest_steps", "farthest_num",
                          "solution_num", "min_straight_moves", "min_unit_moves"):
                self.assertEqual(getattr(record, field), shown[field], field)
            self.assertEqual(record.group.name, shown["group"])
            self.assertEqual(record.group.size, shown["group_size"])
            self.assertEqual(record.group.class_name, shown["class"])
            self.assertEqual(record.group_id, record.group.group_id)

    def test_group_against_the_command(self):
        for name in ("5-4-1-1", "1-0-1-0"):
            group, shown = self.db.group(name), command("group", name)[0]
            self.assertEqual(group.name, name)
            for field in ("size", "max_min_steps", "class_id"):
                if field in shown:
                    self.assertEqual(getattr(group, field), shown[field], field)
            self.assertEqual(group.min_code.code, shown["min_code"])
        with self.assertRaises(KeyError) as caught:
            self.db.group("5-4-1-99999")
        self.assertIn("no such group", str(caught.exception))

    def test_moves_against_the_command(self):
        for text, moved in zip(SAMPLE, command("moves", *SAMPLE)):
            moves = [(m.next.code, m.change, m.min_steps, m.piece, m.distance) for m in self.db.moves(text)]
            expected = [(m["code"], m["change"], m["min_steps"], m["piece"], m["distance"]) for m in moved["move_list"]]
            self.assertEqual(moves, expected, text)

    def test_solve_step_by_step(self):
        solvable = [text for text in SAMPLE if self.db.layout(text).min_steps is not None]
        self.assertGreater(len(solvable), 50)
        for text in solvable[:20] + ["4FEA13400"]:
            route = self.db.solve(text)
            self.assertEqual(route[0], klotski.Layout(text))
            self.assertEqual(len(route), self.db.layout(text).min_steps + 1)
            for before, after in zip(route, route[1:]):
                self.assertIn(after, [s.next for s in before.steps()])
                self.assertEqual(self.db.layout(after).min_steps, self.db.layout(before).min_steps - 1)
            self.assertTrue(route[-1].solved)
        codes = subprocess.run([KLOTSKI, "--db", DB, "solve", "4WVE1", "--codes"], capture_output=True, text=True,
                               check=True).stdout.split()
        self.assertEqual([layout.code for layout in self.db.solve("4WVE1")], codes)

    def test_moves_and_solve_in_every_metric(self):
        sample = SAMPLE[:30] + ["4WVE1"]
        unsolvable = [text for text in SAMPLE if self.db.layout(text).min_steps is None][0]
        for metric, field in (("step", "min_steps"), ("straight", "min_straight_moves"), ("unit", "min_unit_moves")):
            for text, moved in zip(sample, command("--metric", metric, "moves", *sample)):
                moves = [(m.next.code, m.change, m.min_steps, m.piece, m.from_cell, m.to_cell, m.distance)
                         for m in self.db.moves(text, metric=metric)]
                expected = [(m["code"], m["change"], m["min_steps"], m["piece"], (m["row"] - 1) * 4 + m["col"] - 1,
                             (m["to_row"] - 1) * 4 + m["to_col"] - 1, m["distance"]) for m in moved["move_list"]]
                self.assertEqual(moves, expected, (metric, text))
                self.assertEqual(sorted(s.next.code for s in klotski.Layout(text).steps(metric=metric)),
                                 sorted(m[0] for m in expected), (metric, text))
            solvable = [text for text in sample if getattr(self.db.layout(text), field) is not None]
            for text, solved in zip(solvable, command("--metric", metric, "solve", *solvable)):
                route = self.db.solve(text, metric=metric)
                self.assertEqual([layout.code for layout in route], [s["code"] for s in solved["route"]], (metric, text))
                self.assertEqual(len(route) - 1, getattr(self.db.layout(text), field))
            with self.assertRaises(klotski.UnsolvableError):
                self.db.solve(unsolvable, metric=metric)
        self.assertEqual(self.db.solve("4WVE1", "step"), self.db.solve("4WVE1"))

    def test_bad_metric(self):
        expected = command_error("--metric", "bogus", "show", "4WVE1").removeprefix("--metric: ")
        for call in (lambda: self.db.moves("4WVE1", metric="bogus"), lambda: self.db.solve("4WVE1", metric="bogus"),
                     lambda: klotski.Layout("4WVE1").steps(metric="bogus")):
            with self.assertRaises(ValueError) as caught:
                call()
            self.assertEqual(str(caught.exception), expected)
        for call in (lambda: self.db.moves("4WVE1", metric=2), lambda: klotski.Layout("4WVE1").steps(None)):
            with self.assertRaises(TypeError):
                call()

    def test_solve_unsolvable(self):
        unsolvable = [text for text in SAMPLE if self.db.layout(text).min_steps is None]
        self.assertTrue(unsolvable)
        with self.assertRaises(klotski.UnsolvableError) as caught:
            self.db.solve(unsolvable[0])
        self.assertEqual(str(caught.exception), command_error("solve", unsolvable[0]))

    def test_bad_input(self):
        for method in (self.db.layout, self.db.solve, self.db.moves):
            with self.assertRaises(ValueError) as caught:
                method("1A9BF0C01")
            self.assertEqual(str(caught.exception), "1A9BF0C01: not a layout code: unused low bits are not zero")

    def test_sql_functions_on_the_connection(self):
        rows = self.db.execute("SELECT klotski_code(?), klotski_id(?), klotski_short(?), klotski_mirror(?),"
                               " klotski_class(?), length(klotski_board(?)), klotski_svg(?) LIKE '<svg%'",
                               ["4WVE1", 0x1A9BF0C00, klotski.Layout("4WVE1"), "#4091296", "1A9BF0C00",
                                "1A9BF0C00", "1A9BF0C00"]).fetchall()
        self.assertEqual(rows, [("1A9BF0C00", 4091296, "4WVE1", "1A9BF0C00", "5-4-1", 25, 1)])
        joined = self.db.execute("SELECT s.next, l.min_steps FROM klotski_steps(?) s JOIN layouts l"
                                 " ON l.code = s.next_code ORDER BY s.next", ["1A9BF0C00"]).fetchall()
        expected = sorted((m["code"], m["min_steps"]) for m in command("moves", "1A9BF0C00")[0]["move_list"])
        self.assertEqual(joined, expected)
        self.assertEqual(self.db.execute("SELECT klotski_code(NULL)").fetchall(), [(None,)])
        for bad in ("'1A9BF0C01'", "x'00'", "99999999999999999"):
            with self.assertRaises(klotski.DatabaseError) as caught:
                self.db.execute("SELECT klotski_board(%s)" % bad)
            self.assertTrue(str(caught.exception).startswith("klotski_board: "), str(caught.exception))
        self.assertEqual(self.db.execute("SELECT 1").fetchall(), [(1,)])
        with self.assertRaises(klotski.DatabaseError):
            self.db.execute("SELECT * FROM no_such_table")
        with self.assertRaises(ValueError):
            self.db.execute("SELECT ?", [])
        with self.assertRaises(ValueError):
            self.db.execute("SELECT 1; SELECT 2")
        with self.assertRaises(klotski.DatabaseError):
            self.db.execute("DELETE FROM layouts")

    def test_missing_database(self):
        with self.assertRaises(klotski.NoDatabaseError) as caught:
            klotski.open("/nonexistent/klotski.db")
        self.assertIsInstance(caught.exception, FileNotFoundError)
        self.assertIn("/nonexistent/klotski.db: no database here", str(caught.exception))
        with self.assertRaises(klotski.DatabaseError) as caught:
            klotski.open(__file__)
        self.assertIn("not a klotski database", str(caught.exception))

    def test_open_lookup_order_and_context_manager(self):
        with klotski.open() as db:  # $KLOTSKI_DB
            self.assertEqual(db.path, DB)
            self.assertEqual(db.layout("4WVE1").min_steps, 81)
        self.assertIsNone(db.path)
        with self.assertRaises(klotski.DatabaseError):
            db.layout("4WVE1")


# A query that never ends: only an interrupt stops it.
# SIGINT_HANDLER: the children that get SIGINT install Python's handler themselves: a
# shell that starts the tests in the background (`make test &` in a script) hands them
# SIGINT ignored, and Python then installs none, so the signal would never reach the query.
ENDLESS = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"


class CursorTest(WithDatabase):
    """Database.execute as PEP 249 has it: parameters, the cursor, its rows read as they
    are fetched."""


    def test_qmark_and_named_parameters(self):
        self.assertEqual(self.db.execute("SELECT ?, ?", (1, "x")).fetchall(), [(1, "x")])
        self.assertEqual(self.db.execute("SELECT :a, :b, :a", {"a": 1, "b": None, "unused": 2}).fetchall(),
                         [(1, None, 1)])
        self.assertEqual(self.db.execute("SELECT $a, @b", {"a": b"\x00\x01", "b": 1.5}).fetchall(),
                         [(b"\x00\x01", 1.5)])
        self.assertEqual(self.db.execute("SELECT ?", ["a\x00b"]).fetchone(), ("a\x00b",))  # with its length
        for sql, parameters in (("SELECT ?", ()), ("SELECT ?", (1, 2)), ("SELECT 1", (1,)), ("SELECT :a", {"b": 1}),
                                ("SELECT :a", [1]), ("SELECT ?", {"a": 1}), ("SELECT ?, :a", [1, 2])):
            with self.assertRaises(ValueError, msg=(sql, parameters)):
                self.db.execute(sql, parameters)
        for sql, parameters, message in (("SELECT ?", (), "the statement takes 1 parameter, 0 given"),
                                         ("SELECT ?, ?", (1,), "the statement takes 2 parameters, 1 given"),
                                         ("SELECT 1", (1,), "the statement takes 0 parameters, 1 given")):
            with self.assertRaises(ValueError, msg=(sql, parameters)) as caught:
                self.db.execute(sql, parameters)
            self.assertEqual(str(caught.exception), message)
        for parameters in ("ab", b"ab", 5, [object()], [1 << 64]):
            with self.assertRaises((TypeError, OverflowError), msg=parameters):
                self.db.execute("SELECT ?", parameters)
        self.assertEqual(self.db.execute(sql="SELECT :x", parameters={"x": klotski.Layout("4WVE1")}).fetchone(),
                         (0x1A9BF0C00,))

    def test_cursor(self):
        cursor = self.db.execute("SELECT code AS c, min_steps FROM layouts ORDER BY code LIMIT 10")
        self.assertIsInstance(cursor, klotski.Cursor)
        self.assertEqual(cursor.description, (("c",) + (None,) * 6, ("min_steps",) + (None,) * 6))
        self.assertEqual(cursor.rowcount, -1)
        expected = [(row[0], row[1]) for row in self.db.execute(
            "SELECT code, min_steps FROM layouts ORDER BY code LIMIT 10")]
        self.assertEqual(len(expected), 10)
        self.assertEqual(cursor.fetchone(), expected[0])
        self.assertEqual(cursor.fetchmany(), expected[1:2])
        self.assertEqual(cursor.fetchmany(3), expected[2:5])
        cursor.arraysize = 2
        self.assertEqual(cursor.fetchmany(), expected[5:7])
        self.assertEqual(next(cursor), expected[7])
        self.assertEqual(cursor.fetchall(), expected[8:])
        self.assertIsNone(cursor.fetchone())
        self.assertEqual(cursor.fetchall(), [])
        self.assertIsNone(self.db.execute("SELECT 1 WHERE 0").fetchone())
        with self.db.execute("SELECT 1") as cursor:
            pass
        with self.assertRaises(klotski.DatabaseError):
            cursor.fetchone()
        with self.assertRaises(TypeError):
            klotski.Cursor()

    def test_cursors_close_with_the_database(self):
        db = klotski.open(DB)
        cursor = db.execute("SELECT code FROM layouts")
        self.assertIsNotNone(cursor.fetchone())
        db.close()
        for call in (cursor.fetchone, cursor.fetchall, lambda: next(cursor)):
            with self.assertRaises(klotski.DatabaseError):
                call()
        with self.assertRaises(klotski.DatabaseError):
            db.execute("SELECT 1")

    def test_rows_are_read_as_they_are_fetched(self):
        """A million rows iterated hold one row at a time: the peak of Python's memory
        stays under 1 MB, where the million rows as a list need over 50 MB."""
        tracemalloc.start()
        try:
            rows = sum(1 for _ in self.db.execute("SELECT code, min_steps FROM layouts LIMIT 1000000"))
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        self.assertEqual(rows, 1000000)
        self.assertLess(peak, 1 << 20)

    def test_other_threads_run_while_a_query_runs(self):
        """The GIL is released while SQLite steps: in a child, the main thread runs an endless
        query; another thread, let go just before it, answers 2,000 lookups on a second
        handle and only then sends SIGINT, which stops the query.  Were the GIL held
        through the steps, that thread could not finish and the query would never end (the
        test waits 60 s at most)."""
        child = subprocess.run(
            [sys.executable, "-c", "import klotski, os, signal, sys, threading\n"
             "signal.signal(signal.SIGINT, signal.default_int_handler)  # see SIGINT_HANDLER\n"
             "sys.setswitchinterval(1)  # no switch but where the module lets go of the GIL\n"
             "db, other = klotski.open(sys.argv[1]), klotski.open(sys.argv[1])\n"
             "go = threading.Event()\n"
             "def work():\n"
             "    go.wait()\n"
             "    answers = [other.layout('#%d' % i).min_steps for i in range(2000)]\n"
             "    print(len(answers), flush=True)\n"
             "    os.kill(os.getpid(), signal.SIGINT)\n"
             "threading.Thread(target=work).start()\n"
             "go.set()\n"
             "try:\n"
             "    db.execute(sys.argv[2]).fetchone()\n"
             "except KeyboardInterrupt:\n"
             "    print('KeyboardInterrupt', flush=True)\n", DB, ENDLESS],
            stdout=subprocess.PIPE, text=True, timeout=60)
        self.assertEqual(child.stdout, "2000\nKeyboardInterrupt\n")

    def test_threads_share_a_handle(self):
        """Threads take turns on one handle: each gets the answers it gets alone."""
        alone = [self.db.layout(text) for text in SAMPLE]
        moves = [self.db.moves(text) for text in SAMPLE[:20]]
        failures = []

        def work(i):
            try:
                cursor = self.db.execute("SELECT code FROM layouts WHERE code >= ? ORDER BY code LIMIT 2000", [i])
                for _ in range(20):
                    if [self.db.layout(text) for text in SAMPLE] != alone:
                        failures.append("layout")
                    if [self.db.moves(text) for text in SAMPLE[:20]] != moves:
                        failures.append("moves")
                    cursor.fetchmany(100)
            except Exception as error:  # noqa: BLE001 - any is a failure to report
                failures.append(repr(error))

        threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.assertEqual(failures, [])

    def test_ctrl_c_stops_a_running_query(self):
        """SIGINT during an endless query raises KeyboardInterrupt in it, and the handle
        answers after it (the test waits 60 s at most: the query alone would never end)."""
        child = subprocess.Popen(
            [sys.executable, "-c", "import klotski, signal, sys\n"
             "signal.signal(signal.SIGINT, signal.default_int_handler)  # see SIGINT_HANDLER\n"
             "db = klotski.open(sys.argv[1])\n"
             "print('running', flush=True)\n"
             "try:\n"
             "    db.execute(sys.argv[2]).fetchone()\n"
             "except KeyboardInterrupt:\n"
             "    print('KeyboardInterrupt', flush=True)\n"
             "print(db.layout('4WVE1').min_steps)\n", DB, ENDLESS],
            stdout=subprocess.PIPE, text=True)
        try:
            self.assertEqual(child.stdout.readline(), "running\n")
            time.sleep(0.5)  # into the query: the signal is for the query, not the lines before it
            child.send_signal(signal.SIGINT)
            self.assertEqual(child.communicate(timeout=60)[0], "KeyboardInterrupt\n81\n")
        finally:
            child.kill()
            child.wait()


class NoMemoryTest(WithDatabase):
    """Every call, with the Nth of Python's allocations failing (CPython's
    _testcapi.set_nomemory), for N = 0, 1, 2, ... until the call succeeds: MemoryError or the
    right answer, never a crash or another exception.  (Run under PYTHONMALLOC=malloc in
    the sanitizer build, where a write to freed memory stops the test.)"""


    def test_every_call(self):
        layout = klotski.Layout("4WVE1")
        unsolvable = [text for text in SAMPLE if self.db.layout(text).min_steps is None][0]
        calls = {
            "Layout": (lambda: klotski.Layout("1A9BF0C00"), layout),
            "Layout(board)": (lambda: klotski.Layout(layout.board), layout),
            "fields": (lambda: (layout.code, layout.short_code, layout.id, layout.board, layout.drawing,
                                layout.class_name, layout.value), None),
            "from_id": (lambda: klotski.Layout.from_id(4091296), layout),
            "steps": (lambda: layout.steps(metric="unit"), layout.steps(metric="unit")),
            "svg": (layout.svg, layout.svg()),
            "pickle": (lambda: pickle.loads(pickle.dumps(layout)), layout),
            "open": (lambda: klotski.open(DB).close(), None),
            "layout": (lambda: self.db.layout("4WVE1"), self.db.layout("4WVE1")),
            "group": (lambda: self.db.group("5-4-1-1"), self.db.group("5-4-1-1")),
            "solve": (lambda: self.db.solve("4WVE1"), self.db.solve("4WVE1")),
            "moves": (lambda: self.db.moves("4WVE1", metric="straight"), self.db.moves("4WVE1", metric="straight")),
            "execute": (lambda: self.db.execute("SELECT :a, klotski_short(code), x'00ff', 1.5, NULL FROM layouts"
                                                " WHERE code >= :a ORDER BY code LIMIT 3",
                                                {"a": layout}).fetchall(), None),
            "iterate": (lambda: [row for row in self.db.execute("SELECT code FROM layouts LIMIT ?", [5])], None),
        }
        for name, (call, expected) in calls.items():
            with self.subTest(name):
                answer = call()
                result, failed = failing.python_allocations(call)
                self.assertEqual(result, answer if expected is None else expected, name)
                if name not in ("fields", "open"):
                    self.assertGreater(failed, 0, name)  # the call allocates, so failures were seen
        with self.assertRaises(klotski.UnsolvableError):
            failing.python_allocations(lambda: self.db.solve(unsolvable))
        with self.assertRaises(ValueError):
            failing.python_allocations(lambda: self.db.execute("SELECT :a", {}))


@unittest.skipUnless(os.environ.get("KLOTSKI_FAILMALLOC"), "needs tests/library/failmalloc.c preloaded")
class CAllocationTest(WithDatabase):
    """Every call that allocates in C (libklotski, SQLite), with the Nth malloc, calloc or
    realloc failing (failmalloc.so, which e2e_library_python.sh preloads), for N = 0, 1, 2,
    ... until the call succeeds: MemoryError or the right answer, never a crash, never
    another exception (a DatabaseError for SQLite's out of memory, say).  The layouts are
    given as Layouts: klotski_parse's own failures are the library's."""

    def test_every_call(self):
        layout, hard = klotski.Layout("4WVE1"), klotski.Layout("4FEA13400")
        calls = {
            "svg": layout.svg,
            "open": lambda: klotski.open(DB).close(),
            "layout": lambda: self.db.layout(layout),
            "group": lambda: self.db.group("5-4-1-1"),
            "solve": lambda: self.db.solve(hard, metric="unit"),
            "moves": lambda: self.db.moves(layout, metric="straight"),
            "execute": lambda: self.db.execute("SELECT :a, klotski_short(code), klotski_svg(code), x'00ff', 1.5, NULL"
                                               " FROM layouts WHERE code >= :a ORDER BY code LIMIT 3",
                                               {"a": layout}).fetchall(),
        }
        for name, call in calls.items():
            with self.subTest(name):
                expected = call()
                result, n = failing.c_allocations(call)
                self.assertEqual(result, expected)
                self.assertGreater(n, 0)  # failures were seen


class ModuleTest(unittest.TestCase):
    def test_every_function_has_a_signature(self):
        things = [klotski.open, klotski.Layout]
        for cls in (klotski.Layout, klotski.Database, klotski.Cursor):
            things += [getattr(cls, name) for name in dir(cls)
                       if callable(getattr(cls, name)) and (not name.startswith("_") or name in
                                                           ("__enter__", "__exit__", "__reduce__"))]
        for thing in things:
            inspect.signature(thing)  # ValueError without a text signature
        self.assertEqual(str(inspect.signature(klotski.Database.execute)), "(self, /, sql, parameters=())")
        self.assertEqual(str(inspect.signature(klotski.Layout)), "(layout)")

    def test_layout_pickles_and_copies(self):
        layout = klotski.Layout("4WVE1")
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            self.assertEqual(pickle.loads(pickle.dumps(layout, protocol)), layout)
        self.assertEqual(copy.copy(layout), layout)
        self.assertEqual(copy.deepcopy([layout]), [layout])
        with klotski.open(DB) as db:
            record = db.layout(layout)
        self.assertEqual(pickle.loads(pickle.dumps(record)), record)

    def test_nul_refused(self):
        with klotski.open(DB) as db:
            for call in (lambda: klotski.Layout("4WVE1\x00junk"), lambda: klotski.Layout("4WVE1").steps("unit\x00"),
                         lambda: db.layout("4WVE1\x00"), lambda: db.moves("4WVE1", "step\x00x"),
                         lambda: db.group("5-4-1-1\x00"), lambda: db.execute("SELECT 1\x00junk"),
                         lambda: klotski.open(DB + "\x00junk")):
                with self.assertRaises(ValueError):
                    call()


    def test_documented(self):
        self.assertRegex(klotski.__version__, r"^\d+\.\d+\.\d+$")
        self.assertEqual(klotski.LAYOUT_COUNT, 29334498)
        self.assertIn("metric='step'", str(inspect.signature(klotski.Database.solve)))
        for thing in (klotski, klotski.Layout, klotski.open, klotski.Database.layout, klotski.Database.solve,
                      klotski.Database.moves, klotski.Database.group, klotski.Database.execute, klotski.Cursor,
                      klotski.Cursor.fetchone, klotski.Cursor.fetchmany, klotski.Cursor.fetchall,
                      klotski.Layout.steps, klotski.Layout.mirror):
            self.assertTrue(thing.__doc__, thing)
        import pydoc
        self.assertIn("class Layout", pydoc.render_doc(klotski, renderer=pydoc.plaintext))

    def test_docstring_examples_run(self):
        import doctest
        things = [klotski, klotski.Layout, klotski.open] + [
            getattr(cls, name) for cls in (klotski.Layout, klotski.Database, klotski.Cursor) for name in dir(cls)
            if not name.startswith("__")]
        runner, examples = doctest.DocTestRunner(), 0
        with klotski.open(DB) as db:
            for thing in things:
                test = doctest.DocTestParser().get_doctest(thing.__doc__ or "", {"klotski": klotski, "db": db},
                                                           getattr(thing, "__qualname__", "klotski"), None, 0)
                examples += len(test.examples)
                runner.run(test)
        self.assertGreaterEqual(examples, 8)
        self.assertEqual(runner.failures, 0)


def load_tests(loader, tests, pattern):
    """Every test but CAllocationTest, which runs alone, by name, with its library preloaded."""
    return unittest.TestSuite(suite for suite in tests
                              if not any(isinstance(test, CAllocationTest) for test in suite))


if __name__ == "__main__":
    unittest.main()
