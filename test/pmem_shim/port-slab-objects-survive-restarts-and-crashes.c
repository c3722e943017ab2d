// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: %t.exe %t.pool fill | FileCheck %s --check-prefix=FILL
// RUN: %t.exe %t.pool check | FileCheck %s --check-prefix=CHECK1
// RUN: not --crash %t.exe %t.pool crash
// RUN: %t.exe %t.pool check | FileCheck %s --check-prefix=CHECK2
// RUN: env PMS_SLAB=0 %t.exe %t.pool check | FileCheck %s --check-prefix=CHECK3

// A port's small objects are slots of the runtime's slab chunks, whose only persistent
// allocation state is a bitmap written back without a barrier of its own. What must hold:
// - objects a committed operation linked are intact after a restart, and new allocations never
//   overlap them (their bits reached persistence with that commit);
// - a free inside an operation that aborts does not happen; a crash inside an operation that
//   allocated, freed and relinked leaves the committed list as it was;
// - a pool with chunks keeps using them even when the slab is not asked for (PMS_SLAB=0).
// FILL: warm=0 nodes=2000 sum=1999000
// CHECK1: warm=1 nodes=2000 sum=1999000 overlaps=0 aborted-free-kept=1
// CHECK2: warm=1 nodes=2000 sum=1999000 overlaps=0 aborted-free-kept=1
// CHECK3: warm=1 nodes=2000 sum=1999000 overlaps=0 aborted-free-kept=1

#include <pmem_shim.h>
#include <pmem_shim/port.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

struct node {
	long v;
	struct node *next;
	char pad[40];
};

static struct node *head;

static void show(const char *extra)
{
	long n = 0, sum = 0;
	for (struct node *p = head; p; p = p->next)
		n++, sum += p->v;
	printf("warm=%d nodes=%ld sum=%ld%s\n", pms_port_warm(), n, sum, extra);
}

/* overlaps -- new objects that fall inside a live node */
static int overlaps(void)
{
	int bad = 0;
	for (int i = 0; i < 2000; i++) {
		char *o;
		pms_op_begin();
		o = pms_malloc(sizeof(struct node));
		for (struct node *p = head; p; p = p->next)
			bad += o < (char *)(p + 1) && (char *)p < o + sizeof(struct node);
		memset(o, 0xee, sizeof(struct node));
		pms_free(o);
		pms_op_end();
	}
	return bad;
}

int main(int argc, char **argv)
{
	char buf[64];

	pms_port_open(argv[1]);
	pms_port_root("head", (void **)&head);
	if (strcmp(argv[2], "fill") == 0) {
		for (long i = 0; i < 2000; i++) {
			pms_op_begin();
			struct node *n = pms_calloc(1, sizeof(*n));
			n->v = i;
			n->next = head;
			head = n;
			pms_op_end();
		}
		pms_port_loaded();
		show("");
		return 0;
	}
	if (strcmp(argv[2], "crash") == 0) {
		/* unlink the first node, free it, allocate a replacement: then die */
		pms_op_begin();
		struct node *old = head;
		PMS_LOGGED(head) = old->next;
		pms_free(old);
		struct node *n = pms_malloc(sizeof(*n));
		n->v = -1000000;
		n->next = head;
		PMS_LOGGED(head) = n;
		raise(SIGKILL);
	}
	/* a free inside an aborted operation never happens */
	struct node *second = head->next;
	pms_op_begin();
	PMS_LOGGED(head->next) = second->next;
	pms_free(second);
	pms_tx_abort();
	pms_op_end();
	int kept = head->next == second && second->v == head->v - 1;
	snprintf(buf, sizeof(buf), " overlaps=%d aborted-free-kept=%d", overlaps(), kept);
	show(buf);
	return 0;
}
