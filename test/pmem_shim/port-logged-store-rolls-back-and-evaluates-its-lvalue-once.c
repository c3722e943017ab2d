// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: env PMS_STATS=%t.json %t.exe %t.pool | FileCheck %s
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json

// PMS_LOGGED(lv) is the lvalue itself after logging it: every store form
// (=, ++, compound assignment, struct assignment, array element, pointer
// field) works, the lvalue's side effects happen exactly once, and inside an
// operation an abort puts every old value back while a commit keeps the new
// ones. A volatile lvalue is only range-checked and is not rolled back.
// CHECK: warm=0
// CHECK-NEXT: in tx: count=6 arr=[0,3,0,1] next=self first.v=9 local=2
// CHECK-NEXT: evals=1 i=2
// CHECK-NEXT: after abort: count=0 arr=[0,0,0,0] next=(nil) first.v=0 local=2
// CHECK-NEXT: after commit: count=7 arr=[0,0,5,0] next=self first.v=9
// The first operation only allocates: it begins no transaction.
// JSON: "transactions": 1, "aborts": 1,
// JSON-SAME: "unlogged_stores": 0,

#include <pmem_shim/port.h>
#include <pmem_shim.h>
#include <stdio.h>

struct PMS_PERSISTENT node {
	long v;
	struct node *next;
};

struct PMS_PERSISTENT db {
	long count;
	long arr[4];
	struct node *head;
	struct node first;
};

static struct db *db;
static int evals;

static struct db *pick(void)
{
	evals++;
	return db;
}

static void show(const char *when, int with_local, long local)
{
	printf("%s: count=%ld arr=[%ld,%ld,%ld,%ld] next=%s first.v=%ld", when,
	       db->count, db->arr[0], db->arr[1], db->arr[2], db->arr[3],
	       db->head->next == db->head ? "self" :
	       db->head->next ? "other" : "(nil)", db->first.v);
	if (with_local)
		printf(" local=%ld", local);
	printf("\n");
}

int main(int argc, char **argv)
{
	struct node nine = { 9, NULL };
	long local = 1;
	int i = 1;

	pms_port_open(argv[1]);
	printf("warm=%d\n", pms_port_warm());
	pms_op_begin();
	db = pms_calloc(1, sizeof(*db));
	db->head = pms_calloc(1, sizeof(*db->head));
	pms_op_end();

	pms_op_begin();
	PMS_LOGGED(pick()->count) = 5;
	PMS_LOGGED(db->count)++;
	PMS_LOGGED(db->arr[i++]) += 3;
	++PMS_LOGGED(db->arr[3]);
	PMS_LOGGED(db->head->next) = db->head;
	PMS_LOGGED(db->first) = nine;
	PMS_LOGGED(local) += 1;
	show("in tx", 1, local);
	printf("evals=%d i=%d\n", evals, i);
	pms_tx_abort();
	pms_op_end();
	show("after abort", 1, local);

	pms_op_begin();
	PMS_LOGGED(db->count) = 7;
	PMS_LOGGED(db->arr[i]) = 5;
	PMS_LOGGED(db->head->next) = db->head;
	PMS_LOGGED(db->first) = nine;
	pms_op_end();
	show("after commit", 0, 0);
	return 0;
}
