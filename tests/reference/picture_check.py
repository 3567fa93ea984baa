#!/usr/bin/env python3
"""Reads the pictures of bin/klotski for tests/e2e/e2e_pictures.sh, sharing no code with it.

Boards are checked against a decoder of the layout code written here from SPEC.md alone:
every <svg class="board"> must hold exactly one piece per piece of its data-code, each
with the right data-kind and data-cell, drawn where its cell is (the same offset from
its cell for every piece) and as large as its shape.  Usage:

  picture_check.py boards FILE   SVG (parsed as XML) or HTML (a page, or the DOM that
                                 Chromium dumps): "CODE ok" or "CODE <what is wrong>"
                                 per board, in document order
  picture_check.py state FILE    a dumped player page: "STEP STEPS CODE" from <body>
  picture_check.py bars FILE     a bar chart (SVG): "X VALUE" per bar, then "heights ok"
                                 when the bars' heights follow their values on the scale
                                 the axis names
  picture_check.py dots FILE     a dot chart: "COLUMN VALUE WEIGHT" per dot
  picture_check.py log FILE      the dumped DOM of a driver page, whose element #log
                                 holds lines "LABEL STEP CODE KIND:CELL,...": per line
                                 "LABEL STEP CODE ok" or what is wrong
"""
import math
import sys
import xml.etree.ElementTree as ElementTree
from html.parser import HTMLParser

COLS, ROWS = 4, 5
SHAPES = {"king": (2, 2), "horizontal": (2, 1), "vertical": (1, 2), "single": (1, 1)}
FIELD_KINDS = {1: "horizontal", 2: "vertical", 3: "single"}


def decode(code_text):
    """The pieces {(kind, top-left address)} of a layout code, per SPEC.md."""
    code = int(code_text, 16)
    covered, pieces = set(), set()

    def place(kind, anchor):
        wide, tall = SHAPES[kind]
        if anchor % COLS + wide > COLS or anchor // COLS + tall > ROWS:
            raise ValueError(f"{kind} at {anchor} sticks out")
        cells = {anchor + r * COLS + c for r in range(tall) for c in range(wide)}
        if cells & covered:
            raise ValueError(f"{kind} at {anchor} overlaps")
        covered.update(cells)
        pieces.add((kind, anchor))

    place("king", code >> 32)
    shift = 30
    for address in range(COLS * ROWS):
        if address in covered:
            continue
        field = (code >> shift) & 3 if shift >= 0 else 0
        shift -= 2
        if field:
            place(FIELD_KINDS[field], address)
    return pieces


def elements(path):
    """(tag, attributes) of every element of an SVG or HTML file, in document order."""
    text = open(path, encoding="utf-8").read()
    if path.endswith(".svg"):
        root = ElementTree.fromstring(text)
        return [(e.tag.split("}")[-1], dict(e.attrib)) for e in root.iter()]
    found = []

    class Collector(HTMLParser):
        def handle_starttag(self, tag, attrs):
            found.append((tag, {k: v or "" for k, v in attrs}))

        handle_startendtag = handle_starttag

    Collector().feed(text)
    return found


def boards(path):
    """[(svg attributes, [piece attributes])] of every board picture."""
    found = []
    for tag, attrs in elements(path):
        if tag == "svg" and "board" in attrs.get("class", "").split():
            found.append((attrs, []))
        elif tag == "rect" and "piece" in attrs.get("class", "").split() and found:
            found[-1][1].append(attrs)
    return found


def board_problem(svg, pieces):
    """What is wrong with one board picture, or None."""
    try:
        expected = decode(svg["data-code"])
    except (KeyError, ValueError) as error:
        return f"no legal data-code: {error}"
    drawn = [(p.get("data-kind"), int(p.get("data-cell", -1))) for p in pieces]
    if len(drawn) != len(set(drawn)) or set(drawn) != expected:
        return f"pieces {sorted(drawn)} but the code has {sorted(expected)}"
    size = float(svg["data-cell-size"])
    offsets = set()
    for p, (kind, cell) in zip(pieces, drawn):
        wide, tall = SHAPES[kind]
        x, y = float(p["x"]) - cell % COLS * size, float(p["y"]) - cell // COLS * size
        w, h = float(p["width"]) - wide * size, float(p["height"]) - tall * size
        if not p.get("fill") or kind not in p.get("class", "").split():
            return f"{kind} at {cell} lacks its class or colour"
        offsets.add((round(x, 3), round(y, 3), round(w, 3), round(h, 3)))
    if len(offsets) != 1:
        return f"pieces not drawn at their cells: offsets {sorted(offsets)}"
    return None


def check_boards(path):
    for svg, pieces in boards(path):
        print(svg.get("data-code"), board_problem(svg, pieces) or "ok")


def state(path):
    body = next(a for t, a in elements(path) if t == "body")
    print(body.get("data-step"), body.get("data-steps"), body.get("data-code"))


def bars(path):
    """The bars, then whether their heights are one straight-line function of their
    values (of the values' logarithms when the y axis says "log scale"), rising."""
    marks = elements(path)
    log_scale = any("log scale" in (e.text or "") for e in ElementTree.parse(path).iter() if e.get("class") == "y-label")
    found = [a for t, a in marks if t == "rect" and a.get("class") == "bar"]
    for a in found:
        print(a["data-x"], a["data-value"])
    scale = math.log10 if log_scale else float
    points = sorted({(scale(int(a["data-value"])), float(a["height"])) for a in found if int(a["data-value"]) > 0})
    (v0, h0), (v1, h1) = points[0], points[-1]
    slope = (h1 - h0) / (v1 - v0) if v1 > v0 else 0
    straight = slope > 0 and all(abs(h0 + slope * (v - v0) - h) < 0.02 for v, h in points)
    empty = all(float(a["height"]) == 0 for a in found if int(a["data-value"]) == 0)
    print("heights ok" if straight and empty else "heights not proportional to the values")


def dots(path):
    for tag, a in elements(path):
        if tag == "circle" and a.get("class") == "dot":
            print(a["data-column"], a["data-value"], a["data-weight"])


def log_text(path):
    """The text of the element with id "log" in an HTML file."""
    parts, inside = [], []

    class Reader(HTMLParser):
        def handle_starttag(self, tag, attrs):
            inside.append(dict(attrs).get("id") == "log" or bool(inside and inside[-1]))

        def handle_endtag(self, tag):
            if inside:
                inside.pop()

        def handle_data(self, data):
            if inside and inside[-1]:
                parts.append(data)

    Reader().feed(open(path, encoding="utf-8").read())
    return "".join(parts)


def log(path):
    for line in log_text(path).split("\n"):
        if not line.strip():
            continue
        label, step, code, pieces = line.split(" ", 3)
        drawn = {(p.split(":")[0], int(p.split(":")[1])) for p in pieces.split(",")}
        expected = decode(code)
        print(label, step, code, "ok" if drawn == expected else f"pieces {sorted(drawn)} but {sorted(expected)}")


if __name__ == "__main__":
    commands = {"boards": check_boards, "state": state, "bars": bars, "dots": dots, "log": log}
    if len(sys.argv) != 3 or sys.argv[1] not in commands:
        sys.exit(__doc__)
    commands[sys.argv[1]](sys.argv[2])
