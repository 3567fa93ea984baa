"""The Python module klotski as a user imports it (the installed module: e2e_library_python.sh
sets PYTHONPATH to it), checked against the klotski command's --json answers
($KLOTSKI_BIN/klotski on the database $KLOTSKI_DB) on sampled layouts: every method of
Layout and Database, moves and solutions in each metric against the command's under
--metric, the SQL functions on the module's connection, bad input (a bad metric among
it), a missing database, and a solution checked step by step against the steps and the
stored min_steps."""
import json
import os
import subprocess
import unittest

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


class DatabaseTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.db = klotski.open(DB)

    @classmethod
    def tearDownClass(cls):
        cls.db.close()

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
                                "1A9BF0C00", "1A9BF0C00"])
        self.assertEqual(rows, [("1A9BF0C00", 4091296, "4WVE1", "1A9BF0C00", "5-4-1", 25, 1)])
        joined = self.db.execute("SELECT s.next, l.min_steps FROM klotski_steps(?) s JOIN layouts l"
                                 " ON l.code = s.next_code ORDER BY s.next", ["1A9BF0C00"])
        expected = sorted((m["code"], m["min_steps"]) for m in command("moves", "1A9BF0C00")[0]["move_list"])
        self.assertEqual(joined, expected)
        self.assertEqual(self.db.execute("SELECT klotski_code(NULL)"), [(None,)])
        for bad in ("'1A9BF0C01'", "x'00'", "99999999999999999"):
            with self.assertRaises(klotski.DatabaseError) as caught:
                self.db.execute("SELECT klotski_board(%s)" % bad)
            self.assertTrue(str(caught.exception).startswith("klotski_board: "), str(caught.exception))
        self.assertEqual(self.db.execute("SELECT 1"), [(1,)])
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


class ModuleTest(unittest.TestCase):
    def test_documented(self):
        self.assertRegex(klotski.__version__, r"^\d+\.\d+\.\d+$")
        self.assertEqual(klotski.LAYOUT_COUNT, 29334498)
        self.assertIn("metric='step'", klotski.Database.solve.__doc__)
        for thing in (klotski, klotski.Layout, klotski.open, klotski.Database.layout, klotski.Database.solve,
                      klotski.Database.moves, klotski.Database.group, klotski.Database.execute,
                      klotski.Layout.steps, klotski.Layout.mirror):
            self.assertTrue(thing.__doc__, thing)
        import pydoc
        self.assertIn("class Layout", pydoc.render_doc(klotski, renderer=pydoc.plaintext))


if __name__ == "__main__":
    unittest.main()
