"""Groups and names in the Python module as a user imports it (the installed module:
e2e_library_python.sh sets PYTHONPATH to it): Database.members(group) against a scan of
the layouts table by the module's own SQL (WHERE group_id = ? ORDER BY code, which reads
no member list), for a solvable group, an unsolvable one and the largest; classic names in
characters and in pinyin in Layout() and Database.layout() against SPEC.md's 横刀立马
(1A9BF0C00, 81 steps) and the klotski command's answers and error lines
($KLOTSKI_BIN/klotski on the database $KLOTSKI_DB)."""
import json
import os
import subprocess
import unittest

import klotski
from test_klotski import WithDatabase

DB = os.environ["KLOTSKI_DB"]
KLOTSKI = os.path.join(os.environ["KLOTSKI_BIN"], "klotski")


def command_code(text):
    """The code the klotski command reads `text` as, or its error line without "klotski: "."""
    out = subprocess.run([KLOTSKI, "--db", DB, "show", text, "--json"], capture_output=True, text=True)
    if out.returncode == 0:
        return json.loads(out.stdout)["code"]
    return out.stderr.strip().removeprefix("klotski: ")


class MembersTest(WithDatabase):

    def scanned(self, group):
        """The group's codes by a scan of the layouts table, in code order."""
        return [code for (code,) in self.db.execute(
            "SELECT code FROM layouts WHERE group_id = (SELECT group_id FROM groups WHERE name = ?) ORDER BY code",
            [group])]

    def test_members_in_code_order_as_a_scan_of_layouts(self):
        for group in ("5-4-1-1", "5-3-0-0", "6-2-3-1174", "2-6-1-0"):
            members = self.db.members(group)
            self.assertEqual(members.__length_hint__(), self.db.group(group).size, group)
            walked = list(members)
            self.assertTrue(all(type(m) is klotski.Layout for m in walked[:100]), group)
            self.assertEqual([int(m) for m in walked], self.scanned(group), group)
            self.assertEqual(members.__length_hint__(), 0, group)
        self.assertEqual(len(walked), 964656)

    def test_group_index_and_min_steps(self):
        for index, member in enumerate(self.db.members("5-4-1-1")):
            if index % 997 == 0:
                record = self.db.layout(member)
                self.assertEqual(record.group_index, index)
                self.assertEqual(record.group.name, "5-4-1-1")

    def test_an_iterator_outlives_the_database(self):
        db = klotski.open(DB)
        members = db.members("5-4-1-1")
        first = next(members)
        db.close()
        self.assertEqual(1 + sum(1 for _ in members), 25955)
        self.assertEqual(first, klotski.Layout(self.scanned("5-4-1-1")[0]))
        with self.assertRaises(klotski.DatabaseError):
            db.members("5-4-1-1")

    def test_bad_groups(self):
        with self.assertRaises(KeyError) as caught:
            self.db.members("5-4-1-9999")
        self.assertEqual(caught.exception.args[0], "5-4-1-9999: no such group")
        with self.assertRaises(TypeError):
            self.db.members(5)


class NamesTest(unittest.TestCase):
    SPELLINGS = ("横刀立马", "hengdaolima", "heng dao li ma", "héng dāo lì mǎ", "HENG DAO LI MA", "Héng Dāo Lì Mǎ")

    def test_names_in_characters_and_pinyin_are_spec_s_layout(self):
        with klotski.open(DB) as db:
            for text in self.SPELLINGS:
                self.assertEqual(klotski.Layout(text).code, "1A9BF0C00", text)
                self.assertEqual(db.layout(text).min_steps, 81, text)

    def test_as_the_command_reads_them(self):
        for text in ("四面楚歌#2", "si mian chu ge#3", "xiaoxuanfeng", "hengdaolma", "heng dao li", "simianchuge",
                     "gaoweifenqi", "横刀立", "cengcengshefnag", "层层设房", "1A9BF0C0G", "0x1a9bf0c0z"):
            expected = command_code(text)
            try:
                got = klotski.Layout(text).code
            except ValueError as error:
                got = str(error).replace(" board or classic name", " board file or classic name")
            self.assertEqual(got, expected, text)
        self.assertEqual(command_code("hengdaolma"),
                         "hengdaolma: looks like a classic name in pinyin, but no name reads so; closest names: 横刀立马 (héng dāo lì mǎ)")
        self.assertEqual(command_code("1A9BF0C0G"), "1A9BF0C0G: not a layout code: the 9th character, 'G', is not a hex digit")


if __name__ == "__main__":
    unittest.main()
