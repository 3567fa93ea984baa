#!/usr/bin/env python3
"""An independent reader and rewriter of the pack format, from schema/pack.md alone
(python3's zlib, struct and binascii; nothing of core/pack/), for e2e_pack.sh:

PACK is a whole pack, its steps part alone (a site's klotski.pack) or its steps and
metrics parts, which is then written without the parts it lacks, as it came.

  pack_tamper.py PACK info                 the header's fields, the chunk sizes and whether
                                           the checksums hold, as JSON
  pack_tamper.py PACK read ID              "RESIDUE GROUP_NUM" of the layout with id ID
  pack_tamper.py PACK read-metrics ID      "STRAIGHT UNIT": its residues in straight and
                                           in unit moves (the metrics part)
  pack_tamper.py PACK read-lists GROUP_ID  the group's layer sizes under each metric and
                                           its five lists (hardest in steps, straight and
                                           unit moves, peripheral, central) as JSON, ids
                                           as layout ids (the lists part)
  pack_tamper.py PACK list GROUP_ID LIST K ID OUT
                                           OUT: PACK with the K-th id (from 0) of list
                                           LIST (0 to 4, as read-lists orders them) of
                                           the group set to ID, the lists chunk deflated
                                           again, its size, the index and the checksums
                                           made right
  pack_tamper.py PACK residue ID VALUE OUT  OUT: PACK with ID's residue set to VALUE,
                                           its block deflated again, index and checksums
                                           made right (a pack whose only fault is that value)
  pack_tamper.py PACK group ID NUM OUT      likewise ID's group_num
  pack_tamper.py PACK metric-residue METRIC ID VALUE OUT
                                           likewise ID's residue in METRIC (straight, unit)
  pack_tamper.py PACK name INDEX TEXT OUT  OUT: PACK with the NAME of the names chunk's
                                           line INDEX (from 0) set to TEXT (its bytes as
                                           given: any but tab and line end), names_size,
                                           index and checksums made right
  pack_tamper.py PACK damage CHUNK OUT      OUT: one byte of chunk CHUNK flipped, nothing
                                           else changed (the content checksum no longer holds)
  pack_tamper.py PACK damage-rechecked CHUNK OUT
                                           the same with both checksums made right again,
                                           so that only inflating the chunk finds it

Exit status 0, or 2 with one line on stderr for a file that is no pack of version 3.
"""
import binascii
import json
import os
import struct
import sys
import zlib

MAGIC = b"\x89KLPACK\n"
HEADER = 80
HEADER_CRC = 76
FIELDS = ("format_version", "layout_count", "group_count", "name_count", "names_size",
          "residue_block_layouts", "group_block_layouts", "max_min_steps", "source_crc32",
          "content_crc32", "metrics_offset", "metrics_crc32", "lists_offset", "lists_crc32",
          "depths_size", "lists_size", "reserved")
METRICS = ("straight", "unit")  # the metrics part's residue blocks, in this order
# The groups chunk's columns (name, bytes), in order.
GROUP_COLUMNS = (("class_id", 1), ("group_num", 2), ("size", 4), ("min_id", 4), ("solved", 4),
                 ("hardest_count", 4), ("peripheral_count", 4), ("central_count", 4),
                 ("max_min_steps", 2), ("diameter", 2), ("radius", 2), ("max_min_straight_moves", 2),
                 ("max_min_unit_moves", 2), ("reserved", 3))


class Pack:
    def __init__(self, data):
        if data[:8] != MAGIC:
            raise ValueError("no pack's magic")
        self.header = dict(zip(FIELDS, struct.unpack_from("<%dI" % len(FIELDS), data, 8)))
        if self.header["format_version"] != 3:
            raise ValueError("format version %d" % self.header["format_version"])
        if struct.unpack_from("<I", data, HEADER_CRC)[0] != binascii.crc32(data[:HEADER_CRC]):
            raise ValueError("header checksum")
        count = self.header["layout_count"]
        self.residue_blocks = -(-count // self.header["residue_block_layouts"])
        self.group_blocks = -(-count // self.header["group_block_layouts"])
        self.names_chunk = self.residue_blocks + self.group_blocks + 1
        self.depths_chunk = self.names_chunk + 1 + len(METRICS) * self.residue_blocks
        chunks = self.depths_chunk + 2
        offsets = struct.unpack_from("<%dI" % (chunks + 1), data, HEADER)
        self.prefix_size = HEADER + 4 * (chunks + 1)
        # The whole file, or its steps part alone (a site's klotski.pack), or its steps and
        # metrics parts: the chunks of the parts it lacks are absent, their sizes kept
        # from the index.
        present = [n for n in (self.names_chunk + 1, self.depths_chunk, chunks) if offsets[n] == len(data)]
        if not present or offsets[0] != self.prefix_size or list(offsets) != sorted(offsets) \
                or offsets[self.names_chunk + 1] != self.header["metrics_offset"] \
                or offsets[self.depths_chunk] != self.header["lists_offset"]:
            raise ValueError("index")
        present = present[-1]
        self.chunks = [bytearray(data[offsets[i]:offsets[i + 1]]) for i in range(present)]
        self.absent_sizes = [offsets[i + 1] - offsets[i] for i in range(present, chunks)]
        self.header_bytes = bytearray(data[:HEADER])

    def checksums_hold(self, data):
        """Whether the CRC-32 of the steps part and of the other parts present hold."""
        at, lists_at = self.header["metrics_offset"], self.header["lists_offset"]
        steps = binascii.crc32(data[HEADER:at]) == self.header["content_crc32"]
        metrics = len(data) < lists_at or binascii.crc32(data[at:lists_at]) == self.header["metrics_crc32"]
        lists = len(data) <= lists_at or binascii.crc32(data[lists_at:]) == self.header["lists_crc32"]
        return steps and metrics and lists

    def groups(self):
        """The groups chunk's columns: {name: [value per group]}."""
        plain, count, at, columns = self.plain(self.names_chunk - 1), self.header["group_count"], 0, {}
        for name, width in GROUP_COLUMNS:
            columns[name] = [int.from_bytes(plain[at + width * g:at + width * (g + 1)], "little") for g in range(count)]
            at += width * count
        return columns

    def lists(self):
        """Per group, its layer sizes per metric and its five lists of ids."""
        g, count = self.groups(), self.header["group_count"]
        depths = struct.unpack("<%dI" % (self.header["depths_size"] // 4), self.plain(self.depths_chunk))
        plain, at, d, result = self.plain(self.depths_chunk + 1), 0, 0, []
        for group in range(count):
            layers = []
            for column in ("max_min_steps", "max_min_straight_moves", "max_min_unit_moves"):
                n = g[column][group] + 1 if g["solved"][group] else 0
                layers.append(list(depths[d:d + n]))
                d += n
            found = g["diameter"][group] != 0xFFFF
            lengths = [sizes[-1] if sizes else 0 for sizes in layers] + \
                [g["peripheral_count"][group] if found else 0, g["central_count"][group] if found else 0]
            lists = []
            for length in lengths:
                ids, previous = [], 0
                for _ in range(length):
                    value = shift = 0
                    while True:
                        byte = plain[at]
                        at += 1
                        value |= (byte & 0x7F) << shift
                        shift += 7
                        if not byte & 0x80:
                            break
                    previous += value
                    ids.append(previous)
                lists.append(ids)
            result.append({"layers": layers, "lists": lists})
        return result

    def set_list_id(self, group, which, k, new_id):
        entries = self.lists()
        entries[group]["lists"][which][k] = new_id
        plain = bytearray()
        for entry in entries:
            for ids in entry["lists"]:
                previous = 0
                for i in ids:
                    value, previous = i - previous, i
                    while value >= 0x80:
                        plain.append(value & 0x7F | 0x80)
                        value >>= 7
                    plain.append(value)
        self.chunks[self.depths_chunk + 1] = bytearray(zlib.compress(bytes(plain), 9))
        struct.pack_into("<I", self.header_bytes, 8 + 4 * FIELDS.index("lists_size"), len(plain))

    def block_layouts(self, block, per_block):
        return min(per_block, self.header["layout_count"] - block * per_block)

    def residue_chunk(self, layout_id, metric=None):
        per = self.header["residue_block_layouts"]
        first = 0 if metric is None else self.names_chunk + 1 + METRICS.index(metric) * self.residue_blocks
        return first + layout_id // per, layout_id % per

    def group_chunk(self, layout_id):
        per = self.header["group_block_layouts"]
        block = layout_id // per
        return self.residue_blocks + block, layout_id % per, self.block_layouts(block, per)

    def plain(self, chunk):
        return bytearray(zlib.decompress(bytes(self.chunks[chunk])))

    def residue(self, layout_id, metric=None):
        chunk, j = self.residue_chunk(layout_id, metric)
        return self.plain(chunk)[j // 4] >> 2 * (j % 4) & 3

    def read(self, layout_id):
        chunk, j, n = self.group_chunk(layout_id)
        groups = self.plain(chunk)
        return self.residue(layout_id), groups[j] | groups[n + j] << 8

    def set_residue(self, layout_id, value, metric=None):
        chunk, j = self.residue_chunk(layout_id, metric)
        plain = self.plain(chunk)
        plain[j // 4] = plain[j // 4] & ~(3 << 2 * (j % 4)) & 0xFF | value << 2 * (j % 4)
        self.chunks[chunk] = bytearray(zlib.compress(bytes(plain), 9))

    def set_group(self, layout_id, number):
        chunk, j, n = self.group_chunk(layout_id)
        plain = self.plain(chunk)
        plain[j], plain[n + j] = number & 0xFF, number >> 8
        self.chunks[chunk] = bytearray(zlib.compress(bytes(plain), 9))

    def set_name(self, index, text):
        lines = bytes(self.plain(self.names_chunk)).split(b"\n")
        code, _, section = lines[index].split(b"\t")
        lines[index] = b"\t".join((code, text, section))
        plain = b"\n".join(lines)
        self.chunks[self.names_chunk] = bytearray(zlib.compress(plain, 9))
        struct.pack_into("<I", self.header_bytes, 24, len(plain))

    def serialize(self, checksums=True):
        offsets, at = [], self.prefix_size
        for size in [0] + [len(c) for c in self.chunks] + self.absent_sizes:
            at += size
            offsets.append(at)
        steps = struct.pack("<%dI" % len(offsets), *offsets) + \
            b"".join(bytes(c) for c in self.chunks[:self.names_chunk + 1])
        metrics = b"".join(bytes(c) for c in self.chunks[self.names_chunk + 1:self.depths_chunk])
        lists = b"".join(bytes(c) for c in self.chunks[self.depths_chunk:])
        header = self.header_bytes
        struct.pack_into("<I", header, 48, offsets[self.names_chunk + 1])
        struct.pack_into("<I", header, 56, offsets[self.depths_chunk])
        if checksums:
            struct.pack_into("<I", header, 44, binascii.crc32(steps))
            if len(self.chunks) > self.names_chunk + 1:
                struct.pack_into("<I", header, 52, binascii.crc32(metrics))
            if len(self.chunks) > self.depths_chunk:
                struct.pack_into("<I", header, 60, binascii.crc32(lists))
            struct.pack_into("<I", header, HEADER_CRC, binascii.crc32(bytes(header[:HEADER_CRC])))
        return bytes(header) + steps + metrics + lists


def main(argv):
    with open(argv[1], "rb") as f:
        data = f.read()
    try:
        pack = Pack(data)
    except (ValueError, struct.error, zlib.error) as e:
        print("pack_tamper.py: %s: %s" % (argv[1], e), file=sys.stderr)
        return 2
    action = argv[2]
    if action == "info":
        sizes = [len(c) for c in pack.chunks]
        r, g = pack.residue_blocks, pack.group_blocks
        print(json.dumps(dict(pack.header, residue_bytes=sum(sizes[:r]), group_bytes=sum(sizes[r:r + g]),
                              groups_bytes=sizes[r + g], names_bytes=sizes[r + g + 1],
                              metrics_bytes=sum(sizes[r + g + 2:pack.depths_chunk]),
                              lists_bytes=sum(sizes[pack.depths_chunk:]), size=len(data),
                              checksums_hold=pack.checksums_hold(data))))
        return 0
    if action == "read":
        print("%d %d" % pack.read(int(argv[3])))
        return 0
    if action == "read-lists":
        print(json.dumps(pack.lists()[int(argv[3])]))
        return 0
    if action == "read-metrics":
        print(" ".join(str(pack.residue(int(argv[3]), metric)) for metric in METRICS))
        return 0
    checksums = True
    if action == "residue":
        pack.set_residue(int(argv[3]), int(argv[4]))
    elif action == "metric-residue":
        pack.set_residue(int(argv[4]), int(argv[5]), argv[3])
    elif action == "group":
        pack.set_group(int(argv[3]), int(argv[4]))
    elif action == "list":
        pack.set_list_id(int(argv[3]), int(argv[4]), int(argv[5]), int(argv[6]))
    elif action == "name":
        pack.set_name(int(argv[3]), os.fsencode(argv[4]))
    elif action in ("damage", "damage-rechecked"):
        chunk = pack.chunks[int(argv[3])]
        chunk[len(chunk) // 2] ^= 0x20
        checksums = action == "damage-rechecked"
    else:
        print("pack_tamper.py: no action %r" % action, file=sys.stderr)
        return 2
    content = pack.serialize(checksums)
    if not checksums:  # the original checksums, the new bytes
        content = data[:HEADER] + content[HEADER:]
    with open(argv[-1], "wb") as f:
        f.write(content)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
