// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>/dev/null
// RUN: FileCheck %s --input-file=%t/out/input.c

// The destination is charged as a write and the source as a read of the size copied; a string
// copy charges the source's length plus its terminator; the call keeps its value.
// CHECK-LABEL: void copies(struct node *p, struct node *q, const char *s, unsigned long n) {
// CHECK-NEXT:    (pms_lat_write((p), sizeof *p), pms_lat_read((q), sizeof *p), memcpy(p, q, sizeof *p));
// CHECK-NEXT:    (pms_lat_write((p->buf), n), memmove(p->buf, s, n));
// CHECK-NEXT:    (pms_lat_write((&p->key), sizeof p->key), memset(&p->key, 0, sizeof p->key));
// CHECK-NEXT:    (pms_lat_write((p->buf), __builtin_strlen(s) + 1), strcpy(p->buf, s));
// CHECK-NEXT:    (pms_lat_write((char *)(p->buf) + __builtin_strlen(p->buf), __builtin_strlen(s) + 1), strcat(p->buf, s));
// CHECK-NEXT:    char *r = (pms_lat_read((q->buf), n), strncpy(buf, q->buf, n));
// A copy between ordinary buffers is left alone.
// CHECK-NEXT:    memcpy(buf, s, n);

//--- input.c
struct node { int key; struct node *next; char buf[16]; };
void *memcpy(void *d, const void *s, unsigned long n);
void *memmove(void *d, const void *s, unsigned long n);
void *memset(void *d, int c, unsigned long n);
char *strcpy(char *d, const char *s);
char *strcat(char *d, const char *s);
char *strncpy(char *d, const char *s, unsigned long n);
char buf[64];
void copies(struct node *p, struct node *q, const char *s, unsigned long n) {
  memcpy(p, q, sizeof *p);
  memmove(p->buf, s, n);
  memset(&p->key, 0, sizeof p->key);
  strcpy(p->buf, s);
  strcat(p->buf, s);
  char *r = strncpy(buf, q->buf, n);
  memcpy(buf, s, n);
  (void)r;
}
