// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=db_open --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// Overlay and embedding (gdbm's header block). The header is read into a malloc'd block typed
// 'struct file_header *'; header_avail() casts it to the standard or the extended layout,
// depending on the magic number, and keeps pointers to their members. Both layouts describe
// the loaded object: they are persistent ("overlay"), and so is 'struct ext_header', the
// member of the extended layout whose address the database keeps ("embedded"), like the
// avail block. 'struct spare' is a layout too, but only cast from a pointer to 'struct db_stats',
// which holds nothing loaded.
// CHECK-LABEL: "touched_not_loaded": [
// CHECK-NOT:     "name": "{{standard_header|extended_header|ext_header}}"
// CHECK-LABEL: "types": [
// CHECK:         "name": "avail_block",
// CHECK:         "evidence": "the walk takes the address of standard_header.avail, embedded by value in persistent struct standard_header",
// CHECK:         "reason": "embedded",
// CHECK:         "name": "ext_header",
// CHECK:         "evidence": "the walk takes the address of extended_header.ext, embedded by value in persistent struct extended_header",
// CHECK:         "reason": "embedded",
// CHECK:         "name": "extended_header",
// CHECK:         "evidence": "a pointer to persistent struct file_header is cast to struct extended_header",
// CHECK:         "reason": "overlay",
// CHECK:         "name": "file_header",
// CHECK-NOT:     "name": "spare"
// CHECK:         "name": "standard_header",
// CHECK:         "evidence": "a pointer to persistent struct file_header is cast to struct standard_header",
// CHECK:         "reason": "overlay",
// CHECK-NOT:     "name": "spare"
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);
void *memcpy(void *d, const void *s, size_t n);

struct file_header { int magic; int block_size; };
struct avail_block { int size; int count; };
struct ext_header { int version; int numsync; };
struct standard_header { struct file_header h; struct avail_block avail; };
struct extended_header { struct file_header h; struct ext_header ext; struct avail_block avail; };
struct db_stats { int opens; int reads; };
struct spare { int opens; };
struct db_stats stats;
struct db {
  int fd;
  struct file_header *header;
  struct avail_block *avail;
  struct ext_header *xheader;
};

static void header_avail(struct file_header *hdr, struct avail_block **avail,
                         struct ext_header **ext) {
  if (hdr->magic == 1) {
    *avail = &((struct standard_header *)hdr)->avail;
    *ext = 0;
  } else {
    *avail = &((struct extended_header *)hdr)->avail;
    *ext = &((struct extended_header *)hdr)->ext;
  }
}

int db_open(struct db *db, int fd) {
  struct file_header partial;
  if (read(fd, &partial, sizeof partial) != sizeof partial)
    return -1;
  db->fd = fd;
  ((struct spare *)&stats)->opens++;
  db->header = malloc(partial.block_size);
  memcpy(db->header, &partial, sizeof partial);
  read(fd, db->header + 1, partial.block_size - sizeof partial);
  header_avail(db->header, &db->avail, &db->xheader);
  return 0;
}
