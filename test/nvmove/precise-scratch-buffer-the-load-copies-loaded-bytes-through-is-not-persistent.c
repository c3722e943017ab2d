// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=read_lease --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json
// RUN: sed -e 's|/\* keep \*/|daemon_ctx->last_server = o[0];|' %t/lease.c > %t/lease2.c && mv %t/lease2.c %t/lease.c
// RUN: %nvmove -p %t --load-function=read_lease --format=json -o %t/report2.json
// RUN: FileCheck %s --check-prefix=KEEP --input-file=%t/report2.json

// dhcpcd's shape: the option reader gathers the pieces of one option of the lease it read into
// a scratch buffer of the daemon's context (grown with realloc, its capacity kept beside it)
// and hands it to the load, which copies the values into the lease. The buffer only passes
// loaded bytes on, and its capacity only sizes it: the context keeps nothing the load built,
// and the interface that points to it holds nothing persistent. When the context does keep a
// loaded value (the server the lease came from), it is persistent. A key the load copies into
// a token of the lease and hashes is no scratch space: other code reads it later (check_key).
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "ctx",
// CHECK-NOT:     "name": "iface",
// CHECK:         "name": "lease",
// CHECK-NOT:     "name": "ctx",
// CHECK-NOT:     "name": "iface",
// CHECK:         "name": "token",
// CHECK-LABEL: "warnings"
// KEEP-LABEL: "types": [
// KEEP:         "fields_written": [
// KEEP-NEXT:      "last_server"
// KEEP-NEXT:    ],
// KEEP:         "name": "ctx",

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c lease.c", "file": "lease.c"}]
//--- lease.c
typedef unsigned long size_t;
typedef long ssize_t;
void *malloc(size_t n);
void *realloc(void *p, size_t n);
void *memcpy(void *d, const void *s, size_t n);
ssize_t read(int fd, void *buf, size_t n);
struct ctx { unsigned char *opt_buffer; size_t opt_buffer_len; int last_server; };
int memcmp(const void *a, const void *b, size_t n);
struct token { unsigned char *key; size_t key_len; };
struct iface { char name[16]; struct ctx *ctx; };
struct lease {
  unsigned int leasetime, sum;
  char *hostname;
  struct token *token;
  struct iface *iface; /* the interface the lease was given on */
  struct lease *next;
};
struct lease *leases;
struct ctx *daemon_ctx;
struct iface *ifp; /* each interface points to the daemon's context */

static const unsigned char *get_option(struct ctx *ctx, const unsigned char *p, size_t len,
                                       unsigned opt, size_t *olen) {
  const unsigned char *e = p + len;
  size_t bl = 0;
  while (p < e) {
    unsigned o = *p++;
    size_t l = *p++;
    if (o == opt) {
      if (bl + l > ctx->opt_buffer_len) {
        unsigned char *nb = realloc(ctx->opt_buffer, bl + l);
        if (!nb)
          return 0;
        ctx->opt_buffer = nb;
        ctx->opt_buffer_len = bl + l;
      }
      memcpy(ctx->opt_buffer + bl, p, l);
      bl += l;
    }
    p += l;
  }
  *olen = bl;
  return bl ? ctx->opt_buffer : 0;
}

int read_lease(int fd) {
  unsigned char buf[1500];
  ssize_t n = read(fd, buf, sizeof buf);
  struct lease *l = malloc(sizeof *l);
  size_t ol;
  const unsigned char *o = get_option(ifp->ctx, buf, n, 51, &ol);
  memcpy(&l->leasetime, o, 4);
  o = get_option(daemon_ctx, buf, n, 12, &ol);
  l->hostname = malloc(ol + 1);
  memcpy(l->hostname, o, ol);
  o = get_option(daemon_ctx, buf, n, 90, &ol);
  struct token *t = malloc(sizeof *t);
  t->key = malloc(ol);
  memcpy(t->key, o, ol);
  t->key_len = ol;
  l->sum = t->key[0] + t->key[ol - 1];
  l->token = t;
  l->iface = ifp;
  /* keep */
  l->next = leases;
  leases = l;
  return 0;
}

int check_key(const struct lease *l, const unsigned char *m) {
  return memcmp(l->token->key, m, l->token->key_len);
}
