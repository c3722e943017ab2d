/*
 * pxfs_file.c -- PXFS descriptors: open, close, read, write, append, lseek,
 * fsync, fstat, ftruncate.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "aerie/pxfs.h"
#include "client.h"

struct pxfs_file {
	int used;
	int flags;
	uint32_t ino;
	uint32_t gen;      /* the inode's gen at open: a reused inode is not ours */
	int is_dir;
	int leased;
	uint64_t off;
	struct aer_dirty dirty;
};

static struct pxfs_file files[PXFS_MAX_FILES];

int aer_stat_fill(struct aer_fs *fs, uint32_t ino, struct stat *st);
int aer_set_size(struct aer_fs *fs, uint32_t ino, off_t len);

/* What a call needs of a descriptor; POSIX reports these before anything else. */
enum need { NEED_ANY, NEED_READ, NEED_WRITE, NEED_RESIZE };

/* mode_error -- (internal) the errno a descriptor's open mode gives a call, or 0 */
static int mode_error(const struct pxfs_file *f, enum need need)
{
	int acc = f->flags & O_ACCMODE, writable = acc == O_WRONLY || acc == O_RDWR;

	switch (need) {
	case NEED_READ: return acc == O_WRONLY ? EBADF : f->is_dir ? EISDIR : 0;
	case NEED_WRITE: return writable ? 0 : EBADF;
	case NEED_RESIZE: return writable ? 0 : EINVAL;
	default: return 0;
	}
}

/* file_of -- (internal) the open file fd, under the mount lock, or NULL */
static struct pxfs_file *file_of(struct aer_fs *fs, int fd, enum need need)
{
	struct aer_inode in;
	int err;

	if (fd < 0 || fd >= PXFS_MAX_FILES || !files[fd].used) {
		aer_fail(EBADF, "%d is not an open PXFS descriptor", fd);
		return NULL;
	}
	if ((err = mode_error(&files[fd], need))) {
		aer_fail(err, "descriptor %d is %s", fd, err == EISDIR ? "a directory"
				: need == NEED_READ ? "not open for reading" : "not open for writing");
		return NULL;
	}
	if (aer_inode_copy(fs, files[fd].ino, &in) < 0 || in.gen != files[fd].gen) {
		aer_fail(ESTALE, "the file of descriptor %d was removed", fd);
		return NULL;
	}
	return &files[fd];
}

/* can_write -- (internal) 1 when the open mode allows writing */
static int can_write(int flags)
{
	return (flags & O_ACCMODE) == O_WRONLY || (flags & O_ACCMODE) == O_RDWR;
}

/* create_at -- (internal) creates name in dir; EEXIST when it appeared */
static int create_at(struct aer_fs *fs, uint32_t dir, const char *name, mode_t mode,
		uint32_t *ino)
{
	struct aer_op op = { .kind = AER_OP_CREATE, .dir = dir, .mode = mode };

	if (aer_op_name_set(op.name, name) < 0 || fs->backend->grant_inode(fs, &op.ino) < 0)
		return -1;
	if (aer_submit_one(fs, &op) < 0) {
		int e = errno;
		fs->backend->ungrant_inode(fs, op.ino);
		errno = e;
		return -1;
	}
	*ino = op.ino;
	return 0;
}

/* resolve_open -- (internal) the inode open() names, created when asked */
static int resolve_open(struct aer_fs *fs, const char *path, int flags, mode_t mode,
		uint32_t *ino)
{
	char name[AER_NAME_MAX + 2];
	uint32_t dir;

	if (!(flags & O_CREAT))
		return aer_walk(fs, path, ino);
	if (aer_walk_parent(fs, path, &dir, name) < 0) {
		if (errno == EINVAL)  /* "/", "a/.": an existing directory */
			return aer_walk(fs, path, ino) == 0 ? aer_fail(EISDIR, "'%s' is a directory", path) : -1;
		return -1;
	}
	for (int tries = 0; tries < 3; tries++) {
		if ((*ino = aer_lookup(fs, dir, name)))
			return flags & O_EXCL ? aer_fail(EEXIST, "'%s' exists", path) : 0;
		if (create_at(fs, dir, name, mode, ino) == 0 || errno != EEXIST)
			return *ino ? 0 : -1;
		/* another client created it meanwhile: open theirs */
		*ino = 0;
	}
	return -1;
}

/* check_kind -- (internal) what the inode's type allows this open */
static int check_kind(struct aer_fs *fs, const char *path, uint32_t ino, int flags,
		struct aer_inode *in)
{
	if (aer_inode_copy(fs, ino, in) < 0)
		return -1;
	if (in->type == AER_TYPE_DIR && (can_write(flags) || (flags & (O_TRUNC | O_CREAT))))
		return aer_fail(EISDIR, "'%s' is a directory", path);
	if (in->type != AER_TYPE_DIR && (flags & O_DIRECTORY))
		return aer_fail(ENOTDIR, "'%s' is not a directory", path);
	return 0;
}

/* Walks an open repeats when the file it found was removed before the pin. */
#define OPEN_TRIES 16

/* pin_and_lease -- (internal) pins the inode a walk found (an unlink now
 * keeps the file until the close) and takes its write lease when asked. The
 * pin goes first, on the same connection, so the service has pinned the file
 * when it checks the lease's generation: a file removed after the walk is
 * refused (ESTALE) and never written, a file removed after the lease stays
 * the descriptor's. */
static int pin_and_lease(struct aer_fs *fs, uint32_t ino, const struct aer_inode *in, int lease)
{
	fs->backend->pin(fs, ino, in->gen);
	if (!lease || fs->backend->lease(fs, ino, in->gen) == 0)
		return 0;
	if (errno != ESTALE) {  /* ESTALE: the service refused the pin too */
		int e = errno;
		fs->backend->unpin(fs, ino);
		errno = e;
	}
	return -1;
}

/* open_inode -- (internal) the pinned (and, for writing, leased) inode that
 * path names, walking again while another client removes what it finds */
static int open_inode(struct aer_fs *fs, const char *path, int flags, mode_t mode,
		uint32_t *ino, struct aer_inode *in)
{
	int lease = can_write(flags) || (flags & O_TRUNC);

	for (int tries = 0; tries < OPEN_TRIES; tries++) {
		*ino = 0;
		if (resolve_open(fs, path, flags, mode, ino) < 0)
			return -1;
		if (check_kind(fs, path, *ino, flags, in) < 0) {
			if (errno == ENOENT)  /* the inode was freed after the walk */
				continue;
			return -1;
		}
		if (pin_and_lease(fs, *ino, in, lease) == 0)
			return 0;
		if (errno != ESTALE)
			return -1;
	}
	return aer_fail(ENOENT, "'%s' was removed %d times while it was being opened", path,
			OPEN_TRIES);
}

/* pxfs_open -- a descriptor for path */
int pxfs_open(const char *path, int flags, mode_t mode)
{
	struct aer_fs *fs = aer_enter();
	struct aer_inode in;
	uint32_t ino = 0;
	int fd, lease = can_write(flags) || (flags & O_TRUNC);

	if (!fs)
		return -1;
	for (fd = 0; fd < PXFS_MAX_FILES && files[fd].used; fd++)
		;
	if (fd == PXFS_MAX_FILES) {
		aer_fail(EMFILE, "%d PXFS descriptors are open", PXFS_MAX_FILES);
		goto fail;
	}
	if (open_inode(fs, path, flags, mode, &ino, &in) < 0)
		goto fail;
	if (lease && (((flags & O_TRUNC) && in.size && aer_set_size(fs, ino, 0) < 0) ||
			aer_inode_copy(fs, ino, &in) < 0)) {
		int e = errno;
		fs->backend->release(fs, ino);
		fs->backend->unpin(fs, ino);
		errno = e;
		goto fail;
	}
	files[fd] = (struct pxfs_file){ 1, flags, ino, in.gen, in.type == AER_TYPE_DIR, lease, 0,
		{ 0, 0 } };
	aer_leave();
	return fd;
fail:
	aer_leave();
	return -1;
}

/* close_file -- (internal) drops the lease and the slot */
static void close_file(struct aer_fs *fs, struct pxfs_file *f)
{
	if (f->leased)
		fs->backend->release(fs, f->ino);
	fs->backend->unpin(fs, f->ino);
	memset(f, 0, sizeof *f);
}

/* pxfs_close -- closes fd */
int pxfs_close(int fd)
{
	struct aer_fs *fs = aer_enter();

	if (!fs)
		return -1;
	if (fd < 0 || fd >= PXFS_MAX_FILES || !files[fd].used) {
		aer_fail(EBADF, "%d is not an open PXFS descriptor", fd);
		aer_leave();
		return -1;
	}
	close_file(fs, &files[fd]);
	aer_leave();
	return 0;
}

/* aer_pxfs_forget_all -- a forked child: the parent's descriptors are not ours */
void aer_pxfs_forget_all(void)
{
	memset(files, 0, sizeof files);
}

/* aer_pxfs_close_all -- unmount: every descriptor */
void aer_pxfs_close_all(void)
{
	for (int fd = 0; fd < PXFS_MAX_FILES; fd++)
		if (files[fd].used)
			close_file(aer_mounted, &files[fd]);
}

/* do_read -- (internal) pread/read on an open file */
static ssize_t do_read(int fd, void *buf, size_t n, uint64_t off, int move)
{
	struct aer_fs *fs;
	struct pxfs_file *f;
	ssize_t got = -1;

	if (!buf && n)
		return aer_fail(EFAULT, "NULL buffer");
	if (!(fs = aer_enter()))
		return -1;
	if (!(f = file_of(fs, fd, NEED_READ)))
		goto out;
	got = aer_file_read(fs, f->ino, buf, n, move ? f->off : off);
	if (got > 0 && move)
		f->off += (uint64_t)got;
out:
	aer_leave();
	return got;
}

/* pxfs_read -- read at the offset, moving it */
ssize_t pxfs_read(int fd, void *buf, size_t n) { return do_read(fd, buf, n, 0, 1); }

/* pxfs_pread -- read at off without moving the offset */
ssize_t pxfs_pread(int fd, void *buf, size_t n, off_t off)
{
	if (off < 0)
		return aer_fail(EINVAL, "negative offset %lld", (long long)off);
	return do_read(fd, buf, n, (uint64_t)off, 0);
}

enum write_at { AT_OFFSET, AT_GIVEN, AT_END };

/* do_write -- (internal) write/pwrite/append on an open file */
static ssize_t do_write(int fd, const void *buf, size_t n, uint64_t off, enum write_at at)
{
	struct aer_fs *fs;
	struct pxfs_file *f;
	ssize_t put = -1;

	if (!buf && n)
		return aer_fail(EFAULT, "NULL buffer");
	if (!(fs = aer_enter()))
		return -1;
	if (!(f = file_of(fs, fd, NEED_WRITE)))
		goto out;
	if (at == AT_END || (at == AT_OFFSET && (f->flags & O_APPEND)))
		off = aer_inode(fs, f->ino)->size;
	else if (at == AT_OFFSET)
		off = f->off;
	if (n == 0) {
		put = 0;
		goto out;
	}
	put = aer_file_write(fs, f->ino, buf, n, off, &f->dirty);
	if (put < 0 && errno == EACCES && f->leased &&
			fs->backend->retake(fs, f->ino, f->gen) == 0) {
		/* the lease was taken over and is ours again: the file may have
		 * grown meanwhile, so the offset is worked out anew */
		if (at == AT_END || (at == AT_OFFSET && (f->flags & O_APPEND)))
			off = aer_inode(fs, f->ino)->size;
		put = aer_file_write(fs, f->ino, buf, n, off, &f->dirty);
	}
	if (put > 0 && at != AT_GIVEN)
		f->off = off + (uint64_t)put;
out:
	aer_leave();
	return put;
}

/* pxfs_write, pxfs_append -- write at the offset (the end for append), moving it */
ssize_t pxfs_write(int fd, const void *buf, size_t n) { return do_write(fd, buf, n, 0, AT_OFFSET); }
ssize_t pxfs_append(int fd, const void *buf, size_t n) { return do_write(fd, buf, n, 0, AT_END); }

/* pxfs_pwrite -- write at off without moving the offset */
ssize_t pxfs_pwrite(int fd, const void *buf, size_t n, off_t off)
{
	if (off < 0)
		return aer_fail(EINVAL, "negative offset %lld", (long long)off);
	return do_write(fd, buf, n, (uint64_t)off, AT_GIVEN);
}

/* pxfs_lseek -- moves fd's offset */
off_t pxfs_lseek(int fd, off_t off, int whence)
{
	struct aer_fs *fs = aer_enter();
	struct pxfs_file *f;
	off_t base, r = -1;

	if (!fs)
		return -1;
	if (!(f = file_of(fs, fd, NEED_ANY)))
		goto out;
	switch (whence) {
	case SEEK_SET: base = 0; break;
	case SEEK_CUR: base = (off_t)f->off; break;
	case SEEK_END: base = (off_t)aer_inode(fs, f->ino)->size; break;
	default:
		aer_fail(EINVAL, "whence %d is not SEEK_SET, SEEK_CUR or SEEK_END", whence);
		goto out;
	}
	if ((off < 0 && base + off < 0) || (off > 0 && base > INT64_MAX - off)) {
		aer_fail(EINVAL, "offset %lld from %lld is out of range", (long long)off, (long long)base);
		goto out;
	}
	f->off = (uint64_t)(base + off);
	r = (off_t)f->off;
out:
	aer_leave();
	return r;
}

/* pxfs_fsync -- every byte written through fd durable */
int pxfs_fsync(int fd)
{
	struct aer_fs *fs = aer_enter();
	struct pxfs_file *f;
	int rc = -1;

	if (!fs)
		return -1;
	if ((f = file_of(fs, fd, NEED_ANY))) {
		aer_file_sync(fs, f->ino, &f->dirty);
		rc = 0;
	}
	aer_leave();
	return rc;
}

/* pxfs_fstat -- stat of an open file */
int pxfs_fstat(int fd, struct stat *st)
{
	struct aer_fs *fs;
	struct pxfs_file *f;
	int rc = -1;

	if (!st)
		return aer_fail(EFAULT, "NULL stat buffer");
	if (!(fs = aer_enter()))
		return -1;
	if ((f = file_of(fs, fd, NEED_ANY)))
		rc = aer_stat_fill(fs, f->ino, st);
	aer_leave();
	return rc;
}

/* pxfs_ftruncate -- the size of an open file */
int pxfs_ftruncate(int fd, off_t len)
{
	struct aer_fs *fs = aer_enter();
	struct pxfs_file *f;
	int rc = -1;

	if (!fs)
		return -1;
	if ((f = file_of(fs, fd, NEED_RESIZE)))
		rc = aer_set_size(fs, f->ino, len);
	aer_leave();
	return rc;
}
