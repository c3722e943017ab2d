/* The operation tables through which fsbench does all its I/O: a POSIX-like file table and a key-value table. */
#ifndef FSB_BACKEND_H
#define FSB_BACKEND_H

#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

/*
 * A file-system backend. Every call returns what the POSIX call of the same
 * name returns (-1 and errno on failure). 'ctx' is what init() returned, so a
 * library file system can keep its mount handle there; 'location' is --dir.
 * Paths handed to the calls are absolute ("<location>/bigfileset/d1/f0000042").
 */
struct fsb_fs_ops {
	const char *name;
	/* init -- prepares the backend for 'location'; NULL and errno on failure */
	void *(*init)(const char *location);
	/* fini -- releases what init() made */
	void (*fini)(void *ctx);
	/* after_fork -- optional (NULL: nothing to do): called in each worker process that
	 * --processes forks, before its threads start, with the ctx inherited from the parent; a
	 * library file system connects there as a new client. 0, or -1 and errno */
	int (*after_fork)(void *ctx);
	int (*open)(void *ctx, const char *path, int flags, mode_t mode);
	int (*close)(void *ctx, int fd);
	ssize_t (*read)(void *ctx, int fd, void *buf, size_t n);
	ssize_t (*write)(void *ctx, int fd, const void *buf, size_t n);
	ssize_t (*pread)(void *ctx, int fd, void *buf, size_t n, off_t off);
	ssize_t (*pwrite)(void *ctx, int fd, const void *buf, size_t n, off_t off);
	off_t (*lseek)(void *ctx, int fd, off_t off, int whence);
	int (*fsync)(void *ctx, int fd);
	int (*unlink)(void *ctx, const char *path);
	int (*mkdir)(void *ctx, const char *path, mode_t mode);
	int (*rmdir)(void *ctx, const char *path);
	int (*stat)(void *ctx, const char *path, struct stat *st);
	/* opendir -- a handle for readdir(); NULL and errno on failure */
	void *(*opendir)(void *ctx, const char *path);
	/* readdir -- copies the next name (never "." or "..") into 'name';
	 * 1 for an entry, 0 at the end, -1 and errno on failure */
	int (*readdir)(void *ctx, void *dir, char *name, size_t cap);
	int (*closedir)(void *ctx, void *dir);
};

/*
 * A key-value backend (KVFS-style: one flat namespace of whole values, no
 * descriptors). Keys are NUL-terminated names without '/'. 'location' is
 * "<--dir>/bigfileset", which the backend creates in init() and which must not
 * exist before (fsbench never reuses what the user had).
 */
struct fsb_kv_ops {
	const char *name;
	void *(*init)(const char *location);
	/* fini -- releases the store; with 'destroy' also removes every key and the store */
	int (*fini)(void *ctx, int destroy);
	/* after_fork -- optional, as in struct fsb_fs_ops */
	int (*after_fork)(void *ctx);
	/* get -- copies at most 'cap' bytes of the value into 'buf' and its full
	 * length into *len; -1 and errno (ENOENT for a missing key) on failure */
	int (*get)(void *ctx, const char *key, void *buf, size_t cap, size_t *len);
	/* put -- stores 'len' bytes as the whole value of 'key', replacing any */
	int (*put)(void *ctx, const char *key, const void *buf, size_t len);
	/* del -- removes 'key'; -1 and ENOENT if it is not there */
	int (*del)(void *ctx, const char *key);
};

/* The registry: one entry per backend, so adding one is one line in backends.c. */
struct fsb_backend {
	const char *name;
	const struct fsb_fs_ops *fs; /* exactly one of fs and kv is set */
	const struct fsb_kv_ops *kv;
	const char *summary;
};

extern const struct fsb_fs_ops fsb_posix_ops;
extern const struct fsb_kv_ops fsb_kvdir_ops;

/* fsb_backend_find -- the registered backend called 'name', or NULL */
const struct fsb_backend *fsb_backend_find(const char *name);
/* fsb_backend_list -- the registered backends' names, comma-separated */
const char *fsb_backend_list(void);

#endif
