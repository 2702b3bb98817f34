# SPDX-License-Identifier: GPL-2.0
"""A flattened device tree in memory: read a DTB into nodes, write one back.

Only what the rehearsal needs: nodes with ordered properties (raw bytes),
paths, phandles, cells, strings, and the address translation of a node's
first "reg" entries through its parents' "ranges".
"""

import struct

FDT_MAGIC = 0xD00DFEED
FDT_BEGIN_NODE, FDT_END_NODE, FDT_PROP, FDT_NOP, FDT_END = 1, 2, 3, 4, 9


class Node:
    def __init__(self, name, parent=None):
        self.name = name
        self.parent = parent
        self.props = {}          # name -> bytes, in insertion order
        self.children = []

    # -- tree --------------------------------------------------------------
    @property
    def path(self):
        if self.parent is None:
            return "/"
        up = self.parent.path
        return (up if up != "/" else "") + "/" + self.name

    @property
    def basename(self):
        return self.name.split("@", 1)[0]

    def child(self, name):
        for c in self.children:
            if c.name == name:
                return c
        return None

    def add(self, name):
        c = Node(name, self)
        self.children.append(c)
        return c

    def walk(self):
        yield self
        for c in self.children:
            yield from c.walk()

    def ancestors(self):
        n = self.parent
        while n is not None:
            yield n
            n = n.parent

    # -- properties --------------------------------------------------------
    def has(self, prop):
        return prop in self.props

    def cells(self, prop):
        v = self.props.get(prop)
        if v is None:
            return None
        if len(v) % 4:
            raise ValueError("%s: %s is not a list of cells" % (self.path, prop))
        return list(struct.unpack(">%dI" % (len(v) // 4), v))

    def u32(self, prop, default=None):
        c = self.cells(prop)
        return c[0] if c else default

    def strings(self, prop):
        v = self.props.get(prop)
        if v is None:
            return []
        return [s.decode("utf-8", "replace") for s in v.split(b"\0")[:-1]]

    def string(self, prop):
        s = self.strings(prop)
        return s[0] if s else None

    def set_cells(self, prop, cells):
        self.props[prop] = struct.pack(">%dI" % len(cells), *cells)

    def set_strings(self, prop, strings):
        self.props[prop] = b"".join(s.encode() + b"\0" for s in strings)

    def set_empty(self, prop):
        self.props[prop] = b""

    @property
    def phandle(self):
        return self.u32("phandle") or self.u32("linux,phandle")

    def enabled(self):
        """status "okay"/"ok" or none, here and in every parent"""
        for n in [self] + list(self.ancestors()):
            s = n.string("status")
            if s is not None and s not in ("okay", "ok"):
                return False
        return True

    # -- addresses ---------------------------------------------------------
    def addr_cells(self):
        return self.u32("#address-cells", 2)

    def size_cells(self):
        return self.u32("#size-cells", 1)

    def regs(self):
        """[(address, size)] of this node's reg, in the parent's space"""
        p = self.parent
        ac, sc = p.addr_cells(), p.size_cells()
        c = self.cells("reg") or []
        step = ac + sc
        out = []
        for i in range(0, len(c) - step + 1, step):
            out.append((join_cells(c[i:i + ac]), join_cells(c[i + ac:i + step])))
        return out

    def translate(self, addr):
        """an address of this node's reg space, in the CPU's (or None)"""
        n = self.parent
        while n.parent is not None:
            if "ranges" not in n.props:
                return None
            r = n.cells("ranges")
            if r:
                cac, pac, sc = n.addr_cells(), n.parent.addr_cells(), n.size_cells()
                step = cac + pac + sc
                for i in range(0, len(r) - step + 1, step):
                    child = join_cells(r[i:i + cac])
                    parent = join_cells(r[i + cac:i + cac + pac])
                    size = join_cells(r[i + cac + pac:i + step])
                    if child <= addr < child + size:
                        addr = addr - child + parent
                        break
                else:
                    return None
            n = n.parent
        return addr


def join_cells(cells):
    v = 0
    for c in cells:
        v = (v << 32) | c
    return v


def split_cells(value, n):
    return [(value >> (32 * (n - 1 - i))) & 0xFFFFFFFF for i in range(n)]


class Tree:
    def __init__(self, root=None):
        self.root = root or Node("")
        self.rsv = []
        self.boot_cpuid = 0

    def find(self, path):
        if path == "/":
            return self.root
        n = self.root
        for part in path.strip("/").split("/"):
            n = n.child(part)
            if n is None:
                return None
        return n

    def by_phandle(self):
        """phandle -> node; of two nodes with one phandle (an invalid
        tree, which the kernel takes), the first in tree order, the one
        of_find_node_by_phandle() finds"""
        m = {}
        for n in self.root.walk():
            if n.phandle:
                m.setdefault(n.phandle, n)
        return m

    def label_of(self, node):
        """a /__symbols__ label pointing at node, or None"""
        sym = self.find("/__symbols__")
        if sym:
            for k, v in sym.props.items():
                if v.rstrip(b"\0").decode(errors="replace") == node.path:
                    return k
        return None

    def max_phandle(self):
        return max([n.phandle for n in self.root.walk() if n.phandle] + [0])


def read(path):
    with open(path, "rb") as f:
        blob = f.read()
    return parse(blob)


def parse(blob):
    (magic, _total, off_struct, off_strings, off_rsv, _ver, _lc, cpuid,
     _szs, _szst) = struct.unpack_from(">10I", blob, 0)
    if magic != FDT_MAGIC:
        raise ValueError("not a DTB")
    t = Tree()
    t.boot_cpuid = cpuid
    o = off_rsv
    while True:
        a, s = struct.unpack_from(">QQ", blob, o)
        o += 16
        if a == 0 and s == 0:
            break
        t.rsv.append((a, s))

    def string_at(off):
        end = blob.index(b"\0", off_strings + off)
        return blob[off_strings + off:end].decode()

    o = off_struct
    stack = []
    while True:
        (tag,) = struct.unpack_from(">I", blob, o)
        o += 4
        if tag == FDT_BEGIN_NODE:
            end = blob.index(b"\0", o)
            name = blob[o:end].decode()
            o = (end + 4) & ~3
            if not stack:
                node = t.root
            else:
                node = stack[-1].add(name)
            stack.append(node)
        elif tag == FDT_END_NODE:
            stack.pop()
        elif tag == FDT_PROP:
            ln, nameoff = struct.unpack_from(">II", blob, o)
            o += 8
            stack[-1].props[string_at(nameoff)] = blob[o:o + ln]
            o = (o + ln + 3) & ~3
        elif tag == FDT_NOP:
            continue
        elif tag == FDT_END:
            break
        else:
            raise ValueError("bad FDT tag %d" % tag)
    return t


def write(tree, path):
    strings = bytearray()
    stroff = {}
    struct_blk = bytearray()

    def sref(name):
        if name not in stroff:
            stroff[name] = len(strings)
            strings.extend(name.encode() + b"\0")
        return stroff[name]

    def pad():
        while len(struct_blk) % 4:
            struct_blk.append(0)

    def emit(node):
        struct_blk.extend(struct.pack(">I", FDT_BEGIN_NODE))
        struct_blk.extend(node.name.encode() + b"\0")
        pad()
        for k, v in node.props.items():
            struct_blk.extend(struct.pack(">III", FDT_PROP, len(v), sref(k)))
            struct_blk.extend(v)
            pad()
        for c in node.children:
            emit(c)
        struct_blk.extend(struct.pack(">I", FDT_END_NODE))

    emit(tree.root)
    struct_blk.extend(struct.pack(">I", FDT_END))
    rsv = bytearray()
    for a, s in tree.rsv:
        rsv.extend(struct.pack(">QQ", a, s))
    rsv.extend(struct.pack(">QQ", 0, 0))
    hdr = 40
    off_rsv = (hdr + 7) & ~7
    off_struct = off_rsv + len(rsv)
    off_strings = off_struct + len(struct_blk)
    total = off_strings + len(strings)
    head = struct.pack(">10I", FDT_MAGIC, total, off_struct, off_strings, off_rsv,
                       17, 16, tree.boot_cpuid, len(strings), len(struct_blk))
    blob = head + b"\0" * (off_rsv - hdr) + rsv + struct_blk + strings
    with open(path, "wb") as f:
        f.write(blob)
