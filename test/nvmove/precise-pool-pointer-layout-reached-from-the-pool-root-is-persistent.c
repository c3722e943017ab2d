// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=fs_mount --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json
// RUN: %nvmove -p %t --load-function=fs_mount --pool-function=my_pool_root --format=json \
// RUN:   -o %t/named.json
// RUN: FileCheck %s --check-prefix=NAMED --input-file=%t/named.json
// RUN: %nvmove -p %t --load-function=fs_mount --mode=paper --format=json -o %t/paper.json
// RUN: FileCheck %s --check-prefix=PAPER --input-file=%t/paper.json

// A file system written for persistent memory reads nothing: its mount gets the superblock from
// the pool's root (pms_root_get) and reaches the rest by block numbers: the inode table is a
// block address stored in the mounted state, an inode is &fs->inodes[i], its extents are an
// array inside it, an extent block is a block address cast to its record, and a log record sits
// at the pool's base plus an offset (uintptr_t arithmetic, which once sent the recorder round
// in a loop). An undo entry comes from an allocation wrapper: what pms_malloc returns inside it
// reaches the wrapper's caller. A pointer kept in a persistent object (the super's 'journal')
// points into the pool too. Each record a pool pointer is used as is persistent (reason
// "pool-pointer"), with the statement and the path from the root, and the verdict hint says
// where it hangs from (not "an iterator": nothing but the pool leads to an extent block).
// CHECK-LABEL: "types": [
// CHECK:         "name": "extent",
// CHECK:         "reason": "pool-pointer",
// CHECK:         "name": "extent_block",
// CHECK:         "evidence": "a pointer into the persistent pool from pms_root_get() at fs.c:{{[0-9]+}}:{{[0-9]+}} is used as a pointer to struct extent_block: fs_open: call result -> fs_open: sb -> fs_attach: parameter 1 -> mounted.sb -> block_addr: return value -> chain_block: call result",
// CHECK:         "function": "chain_block",
// CHECK:         "statement": "fs.c:{{[0-9]+}}:{{[0-9]+}}"
// CHECK:         "reason": "pool-pointer",
// CHECK:         "verdict_hint": "likely-persistent",
// CHECK:         "verdict_reason": "a pointer into the persistent pool (a root, an allocation in it or an address computed from one) leads to it"
// CHECK:         "name": "inode",
// CHECK:         "reason": "pool-pointer",
// CHECK:         "name": "journal",
// CHECK:         "reason": "pool-pointer",
// CHECK:         "name": "log_record",
// CHECK:         "evidence": "a pointer into the persistent pool from pms_pool_base_ at fs.c:{{[0-9]+}}:{{[0-9]+}} is used as a pointer to struct log_record: replay: base",
// CHECK:         "reason": "pool-pointer",
// CHECK-NOT:     "name": "{{mounted|stats}}"
// CHECK:         "name": "super",
// CHECK:         "call_chain": [
// CHECK-NEXT:      "fs_mount",
// CHECK-NEXT:      "fs_open"
// CHECK-NEXT:    ],
// CHECK:         "reason": "pool-pointer",
// CHECK:         "name": "undo_entry",
// CHECK:         "evidence": "a pointer into the persistent pool from pms_malloc() at fs.c:{{[0-9]+}}:{{[0-9]+}} is used as a pointer to struct undo_entry: pool_alloc: return value -> fs_mount: call result",
// CHECK:         "reason": "pool-pointer",
// CHECK-LABEL: "warnings": []

// The mounted state only holds pool pointers: it is not persistent ("mounted" above). A
// program's own pool getter (declared, its body elsewhere) hands out pool memory only when
// --pool-function names it ("stats").
// NAMED-LABEL: "types": [
// NAMED:         "name": "stats",
// NAMED:         "evidence": "a pointer into the persistent pool from my_pool_root() at fs.c:{{.*}}",
// NAMED:         "reason": "pool-pointer",

// Paper mode is not changed by the rule.
// PAPER-NOT:     "reason": "pool-pointer"

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c fs.c", "file": "fs.c"}]
//--- fs.c
typedef unsigned long size_t;
typedef unsigned long uintptr_t;
void *pms_root_get(const char *name);
extern uintptr_t pms_pool_base_;
void *my_pool_root(void);
void *pms_malloc(size_t n);

struct extent { unsigned start, len; };
struct extent_block { unsigned next; struct extent ext[100]; };
struct inode { unsigned size, overflow; struct extent ext[4]; };
struct journal { unsigned head; };
struct super { unsigned ninodes, inode_start; struct journal *journal; };
struct log_record { unsigned op; };
struct stats { unsigned mounts; };
struct undo_entry { unsigned op; };
struct mounted { struct super *sb; struct inode *inodes; int nopen; };

static struct mounted the_fs;

static void *pool_alloc(size_t n) {
  void *p = pms_malloc(n);
  return p;
}

static void *block_addr(struct mounted *fs, unsigned blk) {
  return (char *)fs->sb + (size_t)blk * 4096;
}

static struct inode *inode_at(struct mounted *fs, unsigned ino) {
  return ino < fs->sb->ninodes ? &fs->inodes[ino] : 0;
}

static struct extent_block *chain_block(struct mounted *fs, unsigned blk) {
  struct extent_block *b = block_addr(fs, blk);
  return b;
}

static unsigned file_blocks(struct mounted *fs, unsigned ino) {
  struct inode *in = inode_at(fs, ino);
  unsigned n = in->ext[0].len;
  if (in->overflow)
    n += chain_block(fs, in->overflow)->ext[0].len;
  return n;
}

static void fs_attach(struct mounted *fs, struct super *sb) {
  fs->sb = sb;
  fs->inodes = block_addr(fs, sb->inode_start);
}

static unsigned replay(struct mounted *fs, unsigned long off) {
  uintptr_t base = pms_pool_base_;
  struct log_record *r = (struct log_record *)(base + (uintptr_t)off);
  return r->op + (unsigned)fs->nopen;
}

static int fs_open(struct mounted *fs) {
  struct super *sb = pms_root_get("fs");
  if (!sb)
    return -1;
  fs_attach(fs, sb);
  return 0;
}

int fs_mount(void) {
  struct stats *st = my_pool_root();
  struct undo_entry *u = pool_alloc(sizeof *u);
  if (fs_open(&the_fs) < 0)
    return -1;
  u->op = 1;
  st->mounts++;
  return (int)(file_blocks(&the_fs, 1) + replay(&the_fs, 64) + the_fs.sb->journal->head);
}
