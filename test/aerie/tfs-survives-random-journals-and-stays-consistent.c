// RUN: %aerie-cc %s -o %t.prog %aerie-ldflags
// RUN: rm -f %t.pool
// RUN: %mkfs-aerie %t.pool
// RUN: %python %aerie-inputs/with_tfs.py %aerie-tfs %t.pool --quiet -- %t.prog @SOCK@ 20000 1 | FileCheck %s
// RUN: %fsck-aerie %t.pool | FileCheck %s --check-prefix=FSCK

// A client sends 20,000 journals of random operations on plausible and
// implausible inodes, names, blocks and sizes, and between them requests of
// the other kinds with wild arguments. aerie-tfs answers every one,
// applies those that are valid and refuses the rest, and the file system is
// consistent afterwards. (This seed found a block number past the region's
// end that the data-area check let through, and journals that mapped blocks
// past a file's size.)

// CHECK: 20000 journals: {{[1-9][0-9]*}} applied, {{[1-9][0-9]*}} refused, every request answered
// FSCK: clean:

#include "Inputs/aerie-test.h"

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "wire.h"

static int sock;
static struct aer_req rq;
static uint64_t rng_state;

static uint32_t rnd(uint32_t n)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return n ? (uint32_t)(rng_state >> 33) % n : 0;
}

static struct aer_rep call(void)
{
	struct aer_rep rp;
	if (aer_wire_send(sock, &rq, aer_req_bytes(&rq), NULL, 0) < 0 ||
			aer_wire_recv(sock, &rp, sizeof rp, NULL) != sizeof rp) {
		printf("the service stopped answering\n");
		exit(1);
	}
	return rp;
}

static uint32_t inos[64], ninos, blocks[64], nblocks;

static void regrant(void)
{
	rq = (struct aer_req){ .type = AER_MSG_GRANT_INODE, .a = 16 };
	struct aer_rep rp = call();
	for (uint32_t i = 0; i < rp.a && ninos < 64; i++)
		inos[ninos++] = rp.inos[i];
	rq = (struct aer_req){ .type = AER_MSG_GRANT_BLOCKS, .a = 8 };
	rp = call();
	for (uint32_t b = rp.a; !rp.err && b < rp.a + rp.b && nblocks < 64; b++)
		blocks[nblocks++] = b;
}

static uint32_t some_ino(void)
{
	switch (rnd(4)) {
	case 0: return ninos ? inos[rnd(ninos)] : 5;  /* granted: a create may claim it */
	case 1: return rnd(2) ? AER_INO_ROOT : AER_INO_KV;
	case 2: return 3 + rnd(40);   /* likely in use by earlier journals */
	default: return rnd(5000);    /* anything, out of range included */
	}
}

static void some_name(char *dst)
{
	static const char *const names[] = { "a", "b", "c", "d", "e", "x/y", ".", "..", "" };
	if (rnd(10) == 0)
		memset(dst, 'n', AER_NAME_MAX + 1);
	else
		strcpy(dst, names[rnd(sizeof names / sizeof *names)]);
}

static void random_op(struct aer_op *op)
{
	memset(op, 0, sizeof *op);
	op->kind = 1 + rnd(AER_OP_KIND_END);  /* one past the last: unknown */
	op->ino = some_ino();
	op->dir = rnd(3) ? (rnd(2) ? AER_INO_ROOT : AER_INO_KV) : some_ino();
	op->dir2 = rnd(3) ? AER_INO_ROOT : some_ino();
	op->mode = 0644;
	op->size = rnd(3) ? rnd(20000) : (uint64_t)rnd(UINT32_MAX) << 20;
	op->fblock = rnd(3) ? rnd(8) : rnd(UINT32_MAX);
	op->start = nblocks && rnd(3) ? blocks[rnd(nblocks)] : rnd(100000);
	op->len = rnd(4) ? 1 + rnd(2) : rnd(UINT32_MAX);
	some_name(op->name);
	some_name(op->name2);
}

int main(int argc, char **argv)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	long applied = 0, refused = 0, n = atol(argv[2]);

	rng_state = (uint64_t)atol(argv[3]);
	strcpy(a.sun_path, argv[1]);
	sock = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	MUST(connect(sock, (struct sockaddr *)&a, sizeof a));
	rq.type = AER_MSG_HELLO;
	call();
	for (long i = 0; i < n; i++) {
		if (i % 50 == 0)
			regrant();
		if (i % 10 == 0) {  /* leases let data operations on older files through;
				     * a lease names the generation: most inodes here are at 1 to 3 */
			rq = (struct aer_req){ .type = AER_MSG_LEASE, .a = 3 + rnd(40), .b = (uint32_t)(i / 10 % 4) };
			call();
		}
		if (i % 7 == 0) {  /* a request of any other kind, with wild arguments */
			rq = (struct aer_req){ .type = 2 + rnd(AER_MSG_UNPIN), .a = some_ino(),
				.b = rnd(2) ? rnd(100000) : rnd(UINT32_MAX), .c = rnd(UINT32_MAX) };
			if (rq.type == AER_MSG_GRANT_BLOCKS || rq.type == AER_MSG_UNGRANT_BLOCKS)
				rq.a = rnd(2) ? rnd(64) : rnd(UINT32_MAX);
			if (rq.type == AER_MSG_SUBMIT)
				rq.type = AER_MSG_UNPIN + 1 + rnd(100);  /* unknown types */
			if (rq.type == AER_MSG_PIN || rq.type == AER_MSG_UNPIN)
				aer_wire_send(sock, &rq, aer_req_bytes(&rq), NULL, 0);  /* not answered */
			else
				call();
		}
		memset(&rq, 0, sizeof rq);
		rq.type = AER_MSG_SUBMIT;
		rq.journal.nops = rnd(3) ? 1 : 1 + rnd(4);
		for (uint32_t k = 0; k < rq.journal.nops; k++)
			random_op(&rq.journal.ops[k]);
		struct aer_rep rp = call();
		if (rp.err)
			refused++;
		else
			applied++;
	}
	printf("%ld journals: %ld applied, %ld refused, every request answered\n", n, applied, refused);
	return 0;
}
