/*
 * move-bench.c -- the runtime's cost of an LRU move as a ported memcached makes it: an item is
 * unlinked from the tail of one list and linked at the head of another, in one operation, with
 * the forms persist-rewriter gives those stores (a run of logged stores, stores the run covers,
 * counts and list ends in tracked value roots). A move of memcached's LRU maintainer is this plus
 * memcached's own work; this program has none of memcached's timing, so the same build always
 * makes the same moves: its instruction count under callgrind is exact from run to run.
 *
 * usage: pms-move-bench POOL [MOVES]    prints one JSON line
 */
#include <pmem_shim.h>
#include <pmem_shim/port.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define ITEMS 20000
#define LISTS 3 /* HOT, WARM, COLD of one slab class */

struct PMS_PERSISTENT item {
	struct item *prev, *next;
	uint8_t list;
	char data[111]; /* a 100-byte value and its key: two lines an item, as in memcached */
};

static struct item *heads[LISTS], *tails[LISTS];
static uint64_t sizes[LISTS], moves_to[LISTS];

__attribute__((constructor)) static void roots(void)
{
	pms_port_value("heads", heads, sizeof(heads));
	pms_port_value("tails", tails, sizeof(tails));
	pms_port_value("sizes", sizes, sizeof(sizes));
	pms_port_value("moves_to", moves_to, sizeof(moves_to));
	pms_port_value_tracked("heads");
	pms_port_value_tracked("tails");
	pms_port_value_tracked("sizes");
	pms_port_value_tracked("moves_to");
}

/* unlink -- memcached's do_item_unlink_q as ported */
static void unlink_item(struct item *it)
{
	struct item **head = &heads[it->list], **tail = &tails[it->list];

	if (*head == it)
		PMS_LOGGED(*head) = it->next;
	if (*tail == it)
		PMS_LOGGED(*tail) = it->prev;
	PMS_LOGGED_RUN({it->next ? (void *)&it->next->prev : (void *)0, sizeof(it->prev)},
		{it->prev ? (void *)&it->prev->next : (void *)0, sizeof(it->next)},
		{(void *)&sizes[it->list], sizeof(sizes[0])});
	if (it->next)
		PMS_LOGGED_IN_RUN(it->next->prev) = it->prev;
	if (it->prev)
		PMS_LOGGED_IN_RUN(it->prev->next) = it->next;
	PMS_VALUE_STORE(sizes[it->list])--;
}

/* link -- memcached's do_item_link_q as ported: it becomes the head */
static void link_item(struct item *it)
{
	struct item **head = &heads[it->list], **tail = &tails[it->list];

	PMS_LOGGED_RUN({(void *)&it->prev, sizeof(it->prev)}, {(void *)&it->next, sizeof(it->next)},
		{*head ? (void *)&(*head)->prev : (void *)0, sizeof(it->prev)},
		{(void *)head, sizeof(*head)}, {*tail == 0 ? (void *)tail : (void *)0, sizeof(*tail)},
		{(void *)&sizes[it->list], sizeof(sizes[0])});
	PMS_LOGGED_IN_RUN(it->prev) = 0;
	PMS_LOGGED_IN_RUN(it->next) = *head;
	if (it->next)
		PMS_LOGGED_IN_RUN(it->next->prev) = it;
	PMS_LOGGED_IN_RUN(*head) = it;
	if (*tail == 0)
		PMS_LOGGED_IN_RUN(*tail) = it;
	PMS_VALUE_STORE(sizes[it->list])++;
}

/* move -- one operation: the tail of list from goes to the head of list to */
static void move(int from, int to)
{
	struct item *it;

	pms_op_begin();
	it = tails[from];
	PMS_VALUE_STORE(moves_to[to])++;
	unlink_item(it);
	PMS_LOGGED(it->list) = (uint8_t)to;
	link_item(it);
	pms_op_end();
}

int main(int argc, char **argv)
{
	long n = argc > 2 ? atol(argv[2]) : 1000000;
	struct timespec t0, t1;
	double secs;

	if (argc < 2 || n <= 0) {
		fprintf(stderr, "usage: pms-move-bench POOL [MOVES]\n");
		return 2;
	}
	pms_port_open(argv[1]);
	if (pms_port_warm()) {
		fprintf(stderr, "pms-move-bench: %s holds a pool already: give a new path\n", argv[1]);
		return 1;
	}
	pms_port_loaded();
	for (int i = 0; i < ITEMS; i++) { /* a third of them in each list */
		struct item *it;
		pms_op_begin();
		it = pms_calloc(1, sizeof(*it));
		if (!it) {
			fprintf(stderr, "pms-move-bench: pool full: %s\n", pms_errormsg());
			return 1;
		}
		PMS_LOGGED(it->list) = (uint8_t)(i % LISTS);
		link_item(it);
		pms_op_end();
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	/* the tail of 0 to 1, of 1 to 2, of 2 to 0 in turn: every list keeps a third of the
	 * items and each move takes another one, in lines of its own */
	for (long i = 0; i < n; i++)
		move((int)(i % LISTS), (int)((i + 1) % LISTS));
	clock_gettime(CLOCK_MONOTONIC, &t1);
	secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	printf("{\"test\": \"lru-move\", \"moves\": %ld, \"ns_per_move\": %.1f, "
	       "\"sizes\": [%llu, %llu, %llu]}\n", n, secs * 1e9 / (double)n,
	       (unsigned long long)sizes[0], (unsigned long long)sizes[1],
	       (unsigned long long)sizes[2]);
	return 0;
}
