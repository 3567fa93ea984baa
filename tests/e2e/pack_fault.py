#!/usr/bin/env python3
"""Writes a fault into a pack (schema/pack.md) and makes its index and checksums right
again, so that only the fault is wrong: what the page's checks must see, since the
reader's open accepts the pack.  Reads the format as schema/pack.md says, with zlib of
python3, independently of core/pack/.  For tests/e2e/e2e_site.sh.

Usage: pack_fault.py PACK KIND ID   (ID a layout's id)
  residue  the layout's residue plus one (mod 3)
  group    the layout's group_num plus one
  deflate  a byte in the middle of the deflate stream of the residue block holding it"""
import struct
import sys
import zlib


def main(path, kind, layout_id):
    data = bytes(open(path, "rb").read())
    field = lambda at: struct.unpack_from("<I", data, at)[0]
    layouts, residue_layouts, group_layouts = field(12), field(28), field(32)
    residue_blocks = -(-layouts // residue_layouts)
    chunk_count = residue_blocks + -(-layouts // group_layouts) + 2
    offsets = [field(64 + 4 * i) for i in range(chunk_count + 1)]
    chunks = [data[offsets[i]:offsets[i + 1]] for i in range(chunk_count)]
    if kind == "residue":
        block, j = divmod(layout_id, residue_layouts)
        plain = bytearray(zlib.decompress(chunks[block]))
        shift = 2 * (j % 4)
        residue = plain[j // 4] >> shift & 3
        plain[j // 4] = plain[j // 4] & ~(3 << shift) | (residue + 1) % 3 << shift
        chunks[block] = zlib.compress(bytes(plain), 9)
    elif kind == "group":
        block, j = divmod(layout_id, group_layouts)
        plain = bytearray(zlib.decompress(chunks[residue_blocks + block]))
        plain[j] = (plain[j] + 1) % 256
        chunks[residue_blocks + block] = zlib.compress(bytes(plain), 9)
    elif kind == "deflate":
        block = bytearray(chunks[layout_id // residue_layouts])
        block[len(block) // 2] ^= 0xFF
        chunks[layout_id // residue_layouts] = bytes(block)
    else:
        sys.exit(f"pack_fault.py: {kind}: not residue, group or deflate")
    index, at = [], 64 + 4 * (chunk_count + 1)
    for chunk in chunks:
        index.append(at)
        at += len(chunk)
    index.append(at)
    out = bytearray(data[:64]) + b"".join(struct.pack("<I", o) for o in index) + b"".join(chunks)
    struct.pack_into("<I", out, 44, zlib.crc32(out[64:]))
    struct.pack_into("<I", out, 60, zlib.crc32(out[:60]))
    open(path, "wb").write(out)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
