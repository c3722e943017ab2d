/*
 * tfs_requests.c -- what aerie-tfs does for each request: hello, grants of
 * blocks and inodes, leases, write windows over a leased file's blocks, and
 * journals (validated and applied by aer_journal_apply with the client's
 * identity, so grants and leases are checked too).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <pmem_shim.h>

#include "tfs_lease.h"
#include "tfs_server.h"

struct who {
	struct server *s;
	struct client *c;
};

/* may_write -- (internal) the client leases ino, or created it in this journal */
static int may_write(void *arg, uint32_t ino)
{
	struct who *w = arg;

	return aer_lease_check(ino, w->c->id) || w->s->fs.inode_owner[ino] == w->c->id ? 0 : -1;
}

/* in_file -- (internal) 1 when [start, start+len) lies inside one extent of ino */
static int in_file(struct aer_fs *fs, uint32_t ino, uint32_t start, uint32_t len)
{
	const struct aer_inode *in = aer_inode(fs, ino);

	if (!in || in->type != AER_TYPE_FILE)
		return 0;
	for (uint32_t i = 0; i < in->nextents && i < AER_MAX_EXTENTS; i++) {
		const struct aer_extent *e = aer_extent_at(fs, in, i);
		if (e && start >= e->start && len <= e->len && start - e->start <= e->len - len)
			return 1;
	}
	return 0;
}

/* hello -- (internal) where the pool maps and who the client is */
static int hello(struct server *s, struct client *c, struct aer_rep *rp)
{
	struct pms_pool_info info;

	pms_pool_info(pms_pool_current(), &info);
	rp->addr = info.addr;
	rp->size = info.size;
	rp->a = (uint32_t)((uintptr_t)s->fs.sb - info.addr);
	rp->b = c->id;
	rp->c = s->o->lease_ms;
	return 0;
}

/* ungrant -- (internal) blocks of c's grant that it did not use */
static int ungrant(struct server *s, struct client *c, uint32_t start, uint32_t len)
{
	if (!aer_is_data_range(&s->fs, start, len))
		return aer_fail(EINVAL, "blocks %u+%u lie outside the data area", start, len);
	for (uint32_t b = start; b < start + len; b++)
		if (s->fs.block_owner[b] == c->id) {
			s->fs.block_owner[b] = 0;
			if (b < s->fs.alloc_hint)
				s->fs.alloc_hint = b;
		}
	return 0;
}

/* live -- (internal) ino is allocated and still of generation gen: the file
 * the client's walk found was not removed (and its number reused) since */
static int live(struct server *s, uint32_t ino, uint32_t gen)
{
	const struct aer_inode *in = aer_inode(&s->fs, ino);

	if (!in)
		return aer_fail(EINVAL, "inode %u is out of range", ino);
	if (in->type == AER_TYPE_FREE || in->gen != gen)
		return aer_fail(ESTALE, "inode %u of generation %u was removed%s", ino, gen,
				in->type == AER_TYPE_FREE ? "" : " and reused");
	return 0;
}

/* pin -- (internal) a client's descriptor opened on ino, unless the file
 * was removed between the client's walk and this note: pinning a free or
 * reused inode would keep the wrong file, and a lease on it would let the
 * client write into blocks that are no longer its file's */
static int pin(struct server *s, struct client *c, uint32_t ino, uint32_t gen)
{
	if (live(s, ino, gen) < 0)
		return -1;
	if (c->npinned == c->cap) {
		uint32_t cap = c->cap ? 2 * c->cap : 64, *v;
		if (cap > 1u << 20 || !(v = realloc(c->pinned, cap * sizeof *v)))
			return aer_fail(ENOMEM, "too many open descriptors");
		c->pinned = v, c->cap = cap;
	}
	c->pinned[c->npinned++] = ino;
	aer_pin(&s->fs, ino);
	return 0;
}

/* unpin -- (internal) a client's descriptor closed on ino */
static int unpin(struct server *s, struct client *c, uint32_t ino)
{
	for (uint32_t i = 0; i < c->npinned; i++)
		if (c->pinned[i] == ino) {
			c->pinned[i] = c->pinned[--c->npinned];
			return aer_unpin(&s->fs, ino);
		}
	return aer_fail(EINVAL, "inode %u is not open in this client", ino);
}

/* aer_tfs_unpin_all -- a client left: its descriptors are closed */
void aer_tfs_unpin_all(struct server *s, struct client *c)
{
	while (c->npinned)
		aer_unpin(&s->fs, c->pinned[--c->npinned]);
	free(c->pinned);
	c->pinned = NULL;
	c->cap = 0;
}

/* aer_tfs_handle -- one request */
int aer_tfs_handle(struct server *s, struct client *c, const struct aer_req *rq,
		struct aer_rep *rp)
{
	struct who w = { s, c };
	struct aer_apply_ctx ctx = { c->id, may_write, &w };
	struct aer_fs *fs = &s->fs;

	switch (rq->type) {
	case AER_MSG_HELLO:
		return hello(s, c, rp);
	case AER_MSG_GRANT_BLOCKS:
		return aer_grant_blocks(fs, c->id, rq->a > 65536 ? 65536 : rq->a, &rp->a, &rp->b);
	case AER_MSG_UNGRANT_BLOCKS:
		return ungrant(s, c, rq->a, rq->b);
	case AER_MSG_GRANT_INODE:
		/* a batch, so that a create costs one round trip, not two */
		for (rp->a = 0; rp->a < AER_INODE_BATCH && rp->a < (rq->a ? rq->a : 1); rp->a++)
			if (aer_grant_inode(fs, c->id, &rp->inos[rp->a]) < 0)
				return rp->a ? 0 : -1;
		return 0;
	case AER_MSG_UNGRANT_INODE:
		if (aer_inode(fs, rq->a) && fs->inode_owner[rq->a] == c->id)
			fs->inode_owner[rq->a] = 0;
		return 0;
	case AER_MSG_LEASE:
		if (live(s, rq->a, rq->b) < 0)
			return -1;
		return aer_lease_acquire(rq->a, c->id, &rp->a);
	case AER_MSG_RELEASE:
		aer_lease_release(rq->a, c->id);
		return 0;
	case AER_MSG_WRITABLE:
		if (!aer_lease_check(rq->a, c->id))
			return aer_fail(EACCES, "this client holds no write lease on inode %u", rq->a);
		if (!in_file(fs, rq->a, rq->b, rq->c))
			return aer_fail(EPERM, "blocks %u+%u are not blocks of inode %u", rq->b, rq->c, rq->a);
		return 0;
	case AER_MSG_SUBMIT:
		return aer_journal_apply(fs, &rq->journal, &ctx);
	case AER_MSG_PIN:
		return pin(s, c, rq->a, rq->b);
	case AER_MSG_UNPIN:
		return unpin(s, c, rq->a);
	}
	return aer_fail(EPROTO, "unknown request type %u", rq->type);
}
