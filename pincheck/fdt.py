# SPDX-License-Identifier: GPL-2.0
"""A flattened device tree in memory: read a DTB into nodes, write one back.

Only what the rehearsal needs: nodes with ordered properties (raw bytes),
paths, phandles, cells, strings, and the address translation of a node's
first "reg" entries through its parents' "ranges".

The DTB itself is read and written by libfdt (Debian's python3-libfdt, the
library dtc and dt-schema use); this module only keeps the tree in Python
objects that the mutations and the transform can edit freely. Property
values stay raw bytes of any length, so a property of a malformed size or
an unterminated string (as the fuzzer writes them) is read and written back
byte for byte, and the order of nodes and properties is kept.
"""

import struct

import libfdt


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
    """a Tree of a DTB's bytes (libfdt walks the structure block)"""
    f = libfdt.FdtRo(bytes(blob))
    t = Tree()
    t.boot_cpuid = f.boot_cpuid_phys()
    # the reserve map: Debian 12's pylibfdt returns only the size of an
    # entry from get_mem_rsv(), so its (address, size) pairs are read at
    # the offset libfdt gives, up to the (0, 0) that ends them
    t.rsv = []
    off = f.off_mem_rsvmap()
    for _ in range(f.num_mem_rsv()):
        a = int.from_bytes(blob[off:off + 8], "big")
        s = int.from_bytes(blob[off + 8:off + 16], "big")
        t.rsv.append((a, s))
        off += 16
    notfound = libfdt.QUIET_NOTFOUND

    def fill(node, off):
        p = f.first_property_offset(off, notfound)
        while p >= 0:
            prop = f.get_property_by_offset(p)
            node.props[prop.name] = bytes(prop)
            p = f.next_property_offset(p, notfound)
        c = f.first_subnode(off, notfound)
        while c >= 0:
            fill(node.add(f.get_name(c)), c)
            c = f.next_subnode(c, notfound)

    fill(t.root, 0)
    return t


def dumps(tree):
    """the DTB of a tree, as dtc lays it out (version 17, the reserve map
    at offset 40, then the structure block, then the strings in order of
    first use, a name that ends another one sharing its bytes): a tree
    read from dtc's output comes back byte for byte"""
    names = {}
    size = 1024 + 16 * (len(tree.rsv) + 1)
    for n in tree.root.walk():
        size += 8 + len(n.name.encode()) + 4
        for k, v in n.props.items():
            names.setdefault(k, None)
            size += 12 + len(v) + 3
    size += sum(len(k.encode()) + 1 for k in names)
    blob = bytearray(size)
    libfdt.check_err(libfdt.fdt_create_empty_tree(blob, size))
    for a, s in tree.rsv:
        libfdt.check_err(libfdt.fdt_add_mem_rsv(blob, a, s))
    libfdt.fdt_set_boot_cpuid_phys(blob, tree.boot_cpuid)
    f = libfdt.Fdt(blob)
    # libfdt appends a name to the strings when it is first set: set and
    # drop each in the tree's order first, so that the table is dtc's
    for k in names:
        f.setprop(0, k, b"")
        f.delprop(0, k)

    # libfdt puts a new property first in its node, and a new subnode
    # before the other subnodes: both go in last to first. What is added
    # lies after the node, so its offset stays valid.
    def fill(node, off):
        for k, v in reversed(list(node.props.items())):
            if len(v) % 4:
                # libfdt 1.6 leaves the padding after a value as the bytes
                # it moved: write zeros there first, as dtc has them
                f.setprop(off, k, v + bytes(-len(v) % 4))
            f.setprop(off, k, v)
        for c in reversed(node.children):
            o = f.add_subnode(off, c.name, (libfdt.EXISTS,))
            if o == -libfdt.EXISTS:
                # a sibling of the same name, or "name" beside "name@unit"
                # (libfdt's lookup takes one for the other): another name
                # of the same length (the padding stays zero), then this
                o = f.add_subnode(off, "\x01" * len(c.name))
                f.set_name(o, c.name)
            fill(c, o)

    fill(tree.root, 0)
    f.pack()
    return bytes(f.as_bytearray())


def write(tree, path):
    blob = dumps(tree)
    with open(path, "wb") as out:
        out.write(blob)
