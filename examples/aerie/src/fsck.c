/*
 * fsck.c -- checks a layout: every block owned once or free (and marked as
 * such), no name pointing at a free inode, no nameless inode, link counts
 * and sizes consistent with the names and blocks; Gather-free directories'
 * DRAM indexes rebuilt from their slots and checked against them.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "aerie/aerie.h"
#include "fsck.h"

#define OWNER_META UINT32_MAX

struct check {
	const struct aer_fs *fs;
	FILE *out;
	struct aer_fsck_summary *sum;
	uint32_t *owner;   /* per block: inode, OWNER_META, or 0 */
	uint32_t *names;   /* per inode: names pointing at it */
	uint32_t *subdirs; /* per inode: directories named in it */
};

/* problem -- (internal) one line per inconsistency */
static void problem(struct check *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfprintf(c->out, fmt, ap);
	va_end(ap);
	fputc('\n', c->out);
	c->sum->problems++;
}

/* own -- (internal) claims blocks for an owner, reporting double claims */
static void own(struct check *c, uint32_t start, uint32_t len, uint32_t who)
{
	if (!aer_is_data_range(c->fs, start, len)) {
		problem(c, "inode %u: blocks %u+%u lie outside the data area", who, start, len);
		return;
	}
	for (uint32_t b = start; b < start + len;) {
		uint32_t first = c->owner[b], e = b;
		if (!first) {
			c->owner[b++] = who;
			continue;
		}
		while (e < start + len && c->owner[e] == first)
			e++;  /* one line for the run shared with the same owner */
		problem(c, "blocks %u..%u: owned by inode %u and by inode %u", b, e - 1, first, who);
		b = e;
	}
}

/* check_map -- (internal) an inode's extents: in range, ordered, within its size */
static void check_map(struct check *c, uint32_t ino, const struct aer_inode *in)
{
	uint64_t size_blocks = (in->size + AER_BLOCK_SIZE - 1) / AER_BLOCK_SIZE, next = 0;

	if (in->nextents > AER_MAX_EXTENTS) {
		problem(c, "inode %u: %u extents, at most %u fit", ino, in->nextents,
				(unsigned)AER_MAX_EXTENTS);
		return;
	}
	uint32_t need = in->nextents <= AER_INLINE_EXTENTS ? 0
		: (in->nextents - AER_INLINE_EXTENTS + AER_CHAIN_EXTENTS - 1) / AER_CHAIN_EXTENTS;
	uint32_t have = 0;
	for (uint32_t blk = in->overflow; blk && have <= AER_MAX_CHAIN; have++) {
		if (!aer_is_data_range(c->fs, blk, 1))
			break;
		own(c, blk, 1, ino);
		blk = ((const struct aer_extent_block *)aer_block_addr(c->fs, blk))->next;
	}
	if (have != need) {
		problem(c, "inode %u: %u extents need %u chained blocks, the chain has %u", ino,
				in->nextents, need, have);
		return;
	}
	for (uint32_t i = 0; i < in->nextents; i++) {
		const struct aer_extent *e = aer_extent_at(c->fs, in, i);
		if (!e)
			break;
		if (e->fblock < next || !e->len)
			problem(c, "inode %u: extent %u (file block %u) overlaps or is empty", ino, i, e->fblock);
		if ((uint64_t)e->fblock + e->len > size_blocks)
			problem(c, "inode %u: blocks mapped past its size %llu", ino,
					(unsigned long long)in->size);
		next = (uint64_t)e->fblock + e->len;
		own(c, e->start, e->len, ino);
	}
}

/* check_dir -- (internal) the names of one directory */
static void check_dir(struct check *c, uint32_t dir, const struct aer_inode *d)
{
	const struct aer_fs *fs = c->fs;
	struct aer_dirent e;
	uint32_t cursor = 0;

	if (d->size % sizeof(struct aer_dirent))
		problem(c, "directory %u: size %llu is not a whole number of slots", dir,
				(unsigned long long)d->size);
	if (fs->sb->dir_policy == AER_DIR_GATHERFREE && fs->role == AER_ROLE_OWNER &&
			aer_gf_check((struct aer_fs *)fs, dir) < 0)
		problem(c, "directory %u: gather-free index: %s", dir, aerie_errormsg());
	while (fs->dir->next((struct aer_fs *)fs, d, &cursor, &e)) {
		const struct aer_inode *in = aer_inode(fs, e.ino);
		size_t len;
		if (e.name_len == 0 || e.name_len > AER_NAME_MAX || aer_name_check(e.name, &len) < 0)
			problem(c, "directory %u: slot %u holds an invalid name", dir, cursor - 1);
		if (!in || in->type == AER_TYPE_FREE || e.ino <= AER_INO_KV) {
			problem(c, "directory %u: name '%s' points to free inode %u", dir, e.name, e.ino);
			continue;
		}
		if (fs->dir->lookup((struct aer_fs *)fs, d, e.name, e.name_len, NULL) != e.ino)
			problem(c, "directory %u: name '%s' appears twice", dir, e.name);
		c->names[e.ino]++;
		if (in->type == AER_TYPE_DIR) {
			c->subdirs[dir]++;
			if (in->parent != dir)
				problem(c, "directory %u: its '..' is %u but it is named in %u", e.ino,
						in->parent, dir);
		}
	}
}

/* check_inodes -- (internal) per inode: type, map, names */
static void check_inodes(struct check *c)
{
	const struct aer_fs *fs = c->fs;

	for (uint32_t i = 1; i < fs->sb->ninodes; i++) {
		const struct aer_inode *in = &fs->inodes[i];
		if (in->type == AER_TYPE_FREE) {
			if (in->nextents || in->overflow)
				problem(c, "inode %u: free but maps blocks", i);
			continue;
		}
		if (in->type != AER_TYPE_FILE && in->type != AER_TYPE_DIR) {
			problem(c, "inode %u: unknown type %u", i, in->type);
			continue;
		}
		check_map(c, i, in);
		if (in->type == AER_TYPE_DIR) {
			c->sum->dirs++;
			check_dir(c, i, in);
		} else
			c->sum->files++;
	}
}

/* mark_reachable -- (internal) every inode a walk from the two roots reaches
 * (a ring of directories naming each other has names but no path) */
static uint8_t *mark_reachable(const struct aer_fs *fs)
{
	uint32_t n = fs->sb->ninodes, *queue = calloc(n, sizeof *queue), head = 0, tail = 0;
	uint8_t *seen = calloc(n, 1);
	struct aer_dirent e;

	if (!queue || !seen) {
		free(queue), free(seen);
		return NULL;
	}
	seen[AER_INO_ROOT] = seen[AER_INO_KV] = 1;
	queue[tail++] = AER_INO_ROOT;
	queue[tail++] = AER_INO_KV;
	while (head < tail) {
		const struct aer_inode *d = aer_inode(fs, queue[head++]);
		uint32_t cursor = 0;
		if (!d || d->type != AER_TYPE_DIR)
			continue;
		while (fs->dir->next((struct aer_fs *)fs, d, &cursor, &e))
			if (e.ino < n && !seen[e.ino]) {
				seen[e.ino] = 1;
				queue[tail++] = e.ino;
			}
	}
	free(queue);
	return seen;
}

/* check_links -- (internal) link counts against the names found */
static void check_links(struct check *c)
{
	const struct aer_fs *fs = c->fs;
	uint8_t *seen = mark_reachable(fs);

	for (uint32_t i = 1; i < fs->sb->ninodes; i++) {
		const struct aer_inode *in = &fs->inodes[i];
		int root = i == AER_INO_ROOT || i == AER_INO_KV;
		if (in->type == AER_TYPE_FREE || in->type > AER_TYPE_DIR)
			continue;
		if (!root && c->names[i] == 0 && aer_is_orphan(in))
			c->sum->orphans++;  /* unlinked while open: the next start frees it */
		else if (!root && c->names[i] == 0)
			problem(c, "inode %u: allocated but no name points to it", i);
		else if (in->type == AER_TYPE_FILE && in->nlink != c->names[i])
			problem(c, "inode %u: link count %u but %u names", i, in->nlink, c->names[i]);
		else if (in->type == AER_TYPE_DIR && !root && c->names[i] != 1)
			problem(c, "directory %u: %u names (a directory has one)", i, c->names[i]);
		if (in->type == AER_TYPE_DIR && in->nlink != 2 + c->subdirs[i])
			problem(c, "directory %u: link count %u but %u subdirectories", i, in->nlink,
					c->subdirs[i]);
		if (seen && !seen[i] && c->names[i])
			problem(c, "inode %u: named, but no path from a root reaches it", i);
	}
	free(seen);
	if (fs->inodes[AER_INO_ROOT].type != AER_TYPE_DIR || fs->inodes[AER_INO_KV].type != AER_TYPE_DIR)
		problem(c, "a root directory (inode %u or %u) is not a directory", AER_INO_ROOT, AER_INO_KV);
}

/* check_bitmap -- (internal) owned blocks marked used, the rest free; runs per line */
static void check_bitmap(struct check *c)
{
	const struct aer_fs *fs = c->fs;
	uint32_t n = fs->sb->nblocks;

	for (uint32_t b = 0; b < n;) {
		int used = aer_bit(fs, b), owned = c->owner[b] != 0;
		uint32_t e = b + 1;
		c->sum->used_blocks += used;
		if (used == owned) {
			b++;
			continue;
		}
		while (e < n && aer_bit(fs, e) == used && (c->owner[e] != 0) == owned)
			c->sum->used_blocks += used, e++;
		if (used)
			problem(c, "blocks %u..%u: marked used but owned by nothing", b, e - 1);
		else
			problem(c, "blocks %u..%u: owned (first by inode %u) but marked free", b, e - 1,
					c->owner[b]);
		b = e;
	}
}

/* aer_fsck -- every check, one line per problem */
int aer_fsck(const struct aer_fs *fs, FILE *out, struct aer_fsck_summary *sum)
{
	struct check c = { fs, out, sum, NULL, NULL, NULL };

	memset(sum, 0, sizeof *sum);
	c.owner = calloc(fs->sb->nblocks, sizeof *c.owner);
	c.names = calloc(fs->sb->ninodes, sizeof *c.names);
	c.subdirs = calloc(fs->sb->ninodes, sizeof *c.subdirs);
	if (!c.owner || !c.names || !c.subdirs) {
		free(c.owner), free(c.names), free(c.subdirs);
		return aer_fail(ENOMEM, "no memory for the check");
	}
	for (uint32_t b = 0; b < fs->sb->data_start; b++)
		c.owner[b] = OWNER_META;
	check_inodes(&c);
	check_links(&c);
	check_bitmap(&c);
	free(c.owner), free(c.names), free(c.subdirs);
	return sum->problems ? 1 : 0;
}
