// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=db_open --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json
// RUN: %nvmove -p %t --load-function=db_check --format=json -o %t/report2.json
// RUN: FileCheck %s --check-prefix=UNMAPPED --input-file=%t/report2.json

// RRDtool's and LMDB's shape: the load maps its file and points the caller's header records
// into the mapping; it writes none of them, so no store of loaded data names them, yet they
// are the file's data where it lies, and so is the union embedded in them. The mapping is kept
// in a field of the record the caller hands in. A load that copies a count out of its mapping
// and unmaps it, keeping no pointer into it (UNMAPPED, git's index read), lays its header over
// the mapping for one call only.
// CHECK-LABEL: "types": [
// CHECK:         "name": "archive",
// CHECK:         "name": "db",
// CHECK:         "name": "header",
// CHECK:         "name": "param",
// CHECK-LABEL: "warnings"
// UNMAPPED-LABEL: "types": [
// UNMAPPED-NOT:     "name": "check_header",
// UNMAPPED-LABEL: "warnings"

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
typedef unsigned long size_t;
typedef long off_t;
int open(const char *path, int flags, ...);
void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
int munmap(void *addr, size_t len);

union param { unsigned long count; double value; };
struct header { char cookie[4]; unsigned long archives; };
struct archive { char cf[20]; unsigned long rows; union param par[4]; };
struct db { struct header *head; struct archive *archives; void *map; unsigned long checked; };

/* RRDtool reads each part of its header with a macro that lays it over the mapping */
#define READ_PART(dst, dst_t, cnt)                                                       \
  {                                                                                      \
    (dst) = (dst_t *)(void *)(data + offset);                                            \
    offset += sizeof(dst_t) * (cnt);                                                     \
  }

int db_open(const char *path, struct db *db) {
  size_t len = 4096, offset = 0;
  int fd = open(path, 0);
  char *data = mmap(0, len, 1, 1, fd, 0);
  READ_PART(db->head, struct header, 1);
  READ_PART(db->archives, struct archive, db->head->archives);
  db->map = data;
  return 0;
}

struct check_header { char cookie[4]; unsigned long archives; };
struct stats { unsigned long archives; };

int db_check(const char *path, struct stats *out) {
  size_t len = 4096;
  int fd = open(path, 0);
  char *data = mmap(0, len, 1, 1, fd, 0);
  const struct check_header *h = (const struct check_header *)(void *)data;
  out->archives = h->archives;
  munmap(data, len);
  return 0;
}
