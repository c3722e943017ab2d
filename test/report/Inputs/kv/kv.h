struct conn { int fd; int state; };
struct entry {
  struct entry *next;
  unsigned refcount;
  struct conn *owner;
  int klen;
  char key[16];
};
struct table { struct entry **slots; unsigned n; char *name; };
struct hdr8 { unsigned char len; unsigned char alloc; char buf[1]; };
struct hdr16 { unsigned short len; unsigned short alloc; char buf[1]; };
struct table_iter { struct table *t; unsigned pos; struct entry *cur; };
struct header { int magic; int count; };
