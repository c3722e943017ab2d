/*
 * aerie/pxfs.h -- PXFS, the POSIX-like interface of an Aerie file system:
 * paths, descriptors, offsets and POSIX errno values.
 *
 * Paths are absolute within the file system ("/a/b"; a relative path is
 * taken from "/"). Descriptors are PXFS's own small integers, not kernel
 * ones. Metadata changes (create, rename, a write that allocates or extends)
 * are durable when the call returns; bytes written over existing blocks are
 * durable at pxfs_fsync (see README.md, "data persistence").
 */
#ifndef AERIE_PXFS_H
#define AERIE_PXFS_H

#include <dirent.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "aerie/aerie.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Most descriptors open at once in a process. */
#define PXFS_MAX_FILES 1024

/** Opens (O_CREAT: creates) path. flags: O_RDONLY/O_WRONLY/O_RDWR, O_CREAT,
 * O_EXCL, O_TRUNC, O_APPEND, O_DIRECTORY. Opening for writing takes the
 * file's write lease (a TFS client waits for another holder's lease).
 * Returns a descriptor, or -1 (ENOENT, EEXIST, EISDIR, ENOTDIR, ENAMETOOLONG,
 * ENOSPC, EMFILE, EINVAL).
 */
int pxfs_open(const char *path, int flags, mode_t mode);
/** Closes fd and drops its lease. 0, or -1 (EBADF). */
int pxfs_close(int fd);
ssize_t pxfs_read(int fd, void *buf, size_t n);
ssize_t pxfs_write(int fd, const void *buf, size_t n);
ssize_t pxfs_pread(int fd, void *buf, size_t n, off_t off);
ssize_t pxfs_pwrite(int fd, const void *buf, size_t n, off_t off);
/** Writes at the end of the file whatever fd's offset; the offset moves there. */
ssize_t pxfs_append(int fd, const void *buf, size_t n);
off_t pxfs_lseek(int fd, off_t off, int whence);
/** Makes every byte written through fd durable (flush + fence). */
int pxfs_fsync(int fd);
int pxfs_stat(const char *path, struct stat *st);
int pxfs_fstat(int fd, struct stat *st);
int pxfs_truncate(const char *path, off_t len);
int pxfs_ftruncate(int fd, off_t len);
int pxfs_unlink(const char *path);
int pxfs_link(const char *oldpath, const char *newpath);
int pxfs_rename(const char *oldpath, const char *newpath);
int pxfs_mkdir(const char *path, mode_t mode);
int pxfs_rmdir(const char *path);

/** One entry of a directory listing; "." and ".." come first. */
struct pxfs_dirent {
	uint64_t d_ino;
	unsigned char d_type;  /* DT_REG or DT_DIR */
	char d_name[120];
};

typedef struct pxfs_dir PXFS_DIR;

PXFS_DIR *pxfs_opendir(const char *path);
/** The next entry, or NULL at the end (errno unchanged) or on error (errno set). */
struct pxfs_dirent *pxfs_readdir(PXFS_DIR *d);
int pxfs_closedir(PXFS_DIR *d);

#ifdef __cplusplus
}
#endif

#endif /* AERIE_PXFS_H */
