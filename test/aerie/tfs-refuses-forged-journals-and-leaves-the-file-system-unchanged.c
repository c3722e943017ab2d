// RUN: %aerie-cc %s -o %t.prog %aerie-ldflags
// RUN: rm -f %t.pool
// RUN: %mkfs-aerie %t.pool
// RUN: %python %aerie-inputs/with_tfs.py %aerie-tfs %t.pool -- %t.prog @SOCK@ | FileCheck %s
// RUN: FileCheck %s --check-prefix=LOG --input-file=%t.pool.tfs.log
// RUN: %fsck-aerie %t.pool | FileCheck %s --check-prefix=FSCK

// A client that speaks the protocol itself sends forged journals. aerie-tfs
// refuses each with a message naming the operation and the rule, and the
// layout stays byte for byte what it was; an honest journal then still works.

// CHECK: double-allocate a block of /a: EINVAL journal op 1 (extent-alloc) refused: block [[B:[0-9]+]] is already allocated
// CHECK-NEXT: link a name to a free inode: ENOENT journal op 0 (link) refused: inode {{[0-9]+}} is free: a name may not point to it
// CHECK-NEXT: map blocks outside the grant: EPERM journal op 1 (extent-alloc) refused: block {{[0-9]+}} was not granted to this client
// CHECK-NEXT: map blocks outside the data area: EINVAL journal op 1 (extent-alloc) refused: blocks 0+1 lie outside the data area
// CHECK-NEXT: map blocks past the end of the region: EINVAL journal op 1 (extent-alloc) refused: blocks 100000+1 lie outside the data area
// CHECK-NEXT: map blocks past the file's size: EINVAL journal op 1 (extent-alloc) refused: inode {{[0-9]+}} maps blocks past its size 0 when the journal ends
// CHECK-NEXT: claim an inode granted to nobody: EPERM journal op 0 (create) refused: inode {{[0-9]+}} was not granted to this client
// CHECK-NEXT: a 120-byte name: ENAMETOOLONG journal op 0 (create) refused: name longer than 119 bytes
// CHECK-NEXT: a name with '/': EINVAL journal op 0 (create) refused: name 'x/y' is not a single path component
// CHECK-NEXT: resize a file without its lease: EACCES journal op 0 (set-size) refused: this client holds no write lease on inode {{[0-9]+}}
// CHECK-NEXT: write window on a file without its lease: EACCES this client holds no write lease on inode {{[0-9]+}}
// CHECK-NEXT: lease on a free inode: ESTALE inode {{[0-9]+}} of generation 0 was removed
// CHECK-NEXT: lease on a file of another generation: ESTALE inode {{[0-9]+}} of generation {{[0-9]+}} was removed and reused
// CHECK-NEXT: layout unchanged: 1
// CHECK-NEXT: write window on another file's blocks: EPERM blocks [[B]]+1 are not blocks of inode {{[0-9]+}}
// CHECK-NEXT: an empty journal: EINVAL journal of 0 operations (1 to 32 allowed)
// CHECK-NEXT: a journal of 33 operations: EPROTO malformed request of {{[0-9]+}} bytes
// CHECK-NEXT: an unknown operation: EINVAL journal op 0 (?) refused: unknown operation kind 99
// CHECK-NEXT: a size past the largest file: EFBIG journal op 0 (set-size) refused: size {{[0-9]+}} is past the largest file
// CHECK-NEXT: layout unchanged: 1
// CHECK-NEXT: an honest journal: ok
// CHECK-NEXT: layout changed: 1

// LOG: client {{[0-9]+}} refused: journal op 1 (extent-alloc) refused: block {{[0-9]+}} is already allocated

// FSCK: clean: 2 files

#include "Inputs/aerie-test.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "fs.h"
#include "wire.h"

static int sock;
static struct aer_fs fs;
static struct aer_req rq;

static struct aer_rep call(void)
{
	struct aer_rep rp;
	int fds[2];
	if (aer_wire_send(sock, &rq, aer_req_bytes(&rq), NULL, 0) < 0 ||
			aer_wire_recv(sock, &rp, sizeof rp, fds) != sizeof rp)
		exit(3);
	if (fds[0] >= 0)
		rq.a = (uint32_t)fds[0], rq.b = (uint32_t)fds[1];
	return rp;
}

static void show(const char *what, struct aer_rep rp)
{
	printf("%s: %s %s\n", what, rp.err ? strerrorname_np(rp.err) : "ok", rp.msg);
}

static uint64_t layout_hash(void)
{
	uint64_t h = 1469598103934665603ull, seq = fs.sb->seq;
	const unsigned char *p = (const unsigned char *)fs.sb;
	size_t n = (size_t)fs.sb->nblocks * AER_BLOCK_SIZE;
	for (size_t i = 0; i < n; i++) {
		if (i >= offsetof(struct aer_super, seq) && i < offsetof(struct aer_super, seq) + 8)
			continue;  /* the seqlock moves at every attempt */
		h = (h ^ p[i]) * 1099511628211ull;
	}
	(void)seq;
	return h;
}

static void connect_raw(const char *path)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	strcpy(a.sun_path, path);
	sock = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	MUST(connect(sock, (struct sockaddr *)&a, sizeof a));
	rq.type = AER_MSG_HELLO;
	struct aer_rep rp = call();
	void *m = mmap((void *)(uintptr_t)rp.addr, rp.size, PROT_READ, MAP_SHARED | MAP_FIXED_NOREPLACE,
			(int)rq.a, 0);
	MUST(m == (void *)(uintptr_t)rp.addr ? 0 : -1);
	aer_fs_attach(&fs, (struct aer_super *)(uintptr_t)(rp.addr + rp.a), AER_ROLE_CLIENT);
}

static uint32_t grant_inode(void)
{
	memset(&rq, 0, sizeof rq);
	rq.type = AER_MSG_GRANT_INODE;
	rq.a = 1;
	return call().inos[0];
}

static struct aer_op *journal(uint32_t nops)
{
	memset(&rq, 0, sizeof rq);
	rq.type = AER_MSG_SUBMIT;
	rq.journal.nops = nops;
	return rq.journal.ops;
}

static void create_op(struct aer_op *op, uint32_t ino, const char *name)
{
	op->kind = AER_OP_CREATE;
	op->dir = AER_INO_ROOT;
	op->ino = ino;
	op->mode = 0644;
	strcpy(op->name, name);
}

int main(int argc, char **argv)
{
	char spec[256];
	struct stat st;

	snprintf(spec, sizeof spec, "tfs:%s", argv[1]);
	test_mount(spec);
	int fd = pxfs_open("/a", O_CREAT | O_RDWR, 0644);
	MUST(pxfs_write(fd, spec, sizeof spec));
	pxfs_close(fd);
	MUST(pxfs_stat("/a", &st));
	MUST(aerie_unmount());
	connect_raw(argv[1]);
	uint32_t a_ino = (uint32_t)st.st_ino, a_blk = aer_inode(&fs, a_ino)->ext[0].start;
	uint64_t before = layout_hash();

	uint32_t ino = grant_inode();
	struct aer_op *op = journal(2);
	create_op(&op[0], ino, "x");
	op[1] = (struct aer_op){ .kind = AER_OP_EXTENT_ALLOC, .ino = ino, .fblock = 0, .start = a_blk, .len = 1 };
	show("double-allocate a block of /a", call());

	op = journal(1);
	op[0] = (struct aer_op){ .kind = AER_OP_LINK, .dir = AER_INO_ROOT, .ino = fs.sb->ninodes - 1 };
	strcpy(op[0].name, "y");
	show("link a name to a free inode", call());

	memset(&rq, 0, sizeof rq);
	rq.type = AER_MSG_GRANT_BLOCKS;
	rq.a = 4;
	struct aer_rep g = call();
	op = journal(2);
	create_op(&op[0], ino, "x");
	op[1] = (struct aer_op){ .kind = AER_OP_EXTENT_ALLOC, .ino = ino, .start = g.a + g.b, .len = 1 };
	show("map blocks outside the grant", call());
	op = journal(2);
	create_op(&op[0], ino, "x");
	op[1] = (struct aer_op){ .kind = AER_OP_EXTENT_ALLOC, .ino = ino, .start = 0, .len = 1 };
	show("map blocks outside the data area", call());

	op = journal(2);
	create_op(&op[0], ino, "x");
	op[1] = (struct aer_op){ .kind = AER_OP_EXTENT_ALLOC, .ino = ino, .start = 100000, .len = 1 };
	show("map blocks past the end of the region", call());
	op = journal(2);
	create_op(&op[0], ino, "x");
	op[1] = (struct aer_op){ .kind = AER_OP_EXTENT_ALLOC, .ino = ino, .start = g.a, .len = 1 };
	show("map blocks past the file's size", call());

	op = journal(1);
	create_op(&op[0], fs.sb->ninodes - 2, "x");
	show("claim an inode granted to nobody", call());
	op = journal(1);
	create_op(&op[0], ino, "x");
	memset(op[0].name, 'n', AER_NAME_MAX + 1);
	show("a 120-byte name", call());
	op = journal(1);
	create_op(&op[0], ino, "x/y");
	show("a name with '/'", call());

	op = journal(1);
	op[0] = (struct aer_op){ .kind = AER_OP_SET_SIZE, .ino = a_ino, .size = 0 };
	show("resize a file without its lease", call());
	memset(&rq, 0, sizeof rq);
	rq = (struct aer_req){ .type = AER_MSG_WRITABLE, .a = a_ino, .b = a_blk, .c = 1 };
	show("write window on a file without its lease", call());
	rq = (struct aer_req){ .type = AER_MSG_LEASE, .a = fs.sb->ninodes - 1 };
	show("lease on a free inode", call());
	rq = (struct aer_req){ .type = AER_MSG_LEASE, .a = a_ino, .b = aer_inode(&fs, a_ino)->gen + 1 };
	show("lease on a file of another generation", call());
	printf("layout unchanged: %d\n", layout_hash() == before);
	op = journal(1);
	create_op(&op[0], ino, "x");
	call();  /* an honest, empty file: its lease next */
	rq = (struct aer_req){ .type = AER_MSG_LEASE, .a = ino, .b = aer_inode(&fs, ino)->gen };
	call();
	rq = (struct aer_req){ .type = AER_MSG_WRITABLE, .a = ino, .b = a_blk, .c = 1 };
	show("write window on another file's blocks", call());
	uint64_t mid = layout_hash();

	journal(0);
	show("an empty journal", call());
	journal(AER_JOURNAL_MAX_OPS);
	rq.journal.nops = AER_JOURNAL_MAX_OPS + 1;
	aer_wire_send(sock, &rq, offsetof(struct aer_req, journal) + aer_journal_bytes(AER_JOURNAL_MAX_OPS), NULL, 0);
	struct aer_rep rp;
	aer_wire_recv(sock, &rp, sizeof rp, NULL);
	show("a journal of 33 operations", rp);
	op = journal(1);
	op[0].kind = 99;
	show("an unknown operation", call());
	op = journal(1);
	op[0] = (struct aer_op){ .kind = AER_OP_SET_SIZE, .ino = ino, .size = UINT64_MAX };
	show("a size past the largest file", call());
	printf("layout unchanged: %d\n", layout_hash() == mid && mid != before);

	op = journal(2);
	op[0] = (struct aer_op){ .kind = AER_OP_EXTENT_ALLOC, .ino = ino, .start = g.a, .len = 1 };
	op[1] = (struct aer_op){ .kind = AER_OP_SET_SIZE, .ino = ino, .size = 10 };
	show("an honest journal", call());
	printf("layout changed: %d\n", layout_hash() != mid);
	return 0;
}
