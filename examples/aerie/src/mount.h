/*
 * mount.h -- the process's one mounted file system and the backend through
 * which its client code reaches the metadata service (itself, or aerie-tfs).
 */
#ifndef AERIE_MOUNT_H
#define AERIE_MOUNT_H

#include <pthread.h>

#include "fs.h"

/* What PXFS and KVFS need from whoever applies journals and grants space. */
struct aer_backend {
	const char *name;
	/* Validates and applies j atomically; -1 with errno and message. */
	int (*submit)(struct aer_fs *fs, const struct aer_journal *j);
	/* Up to want free blocks in a row, writable by this process. */
	int (*grant_blocks)(struct aer_fs *fs, uint32_t want, uint32_t *start, uint32_t *len);
	/* Gives back blocks of a grant that no journal claimed. */
	void (*ungrant_blocks)(struct aer_fs *fs, uint32_t start, uint32_t len);
	int (*grant_inode)(struct aer_fs *fs, uint32_t *ino);
	/* Gives back an inode number no journal claimed (a create that failed). */
	void (*ungrant_inode)(struct aer_fs *fs, uint32_t ino);
	/* The exclusive write lease on file ino of generation gen (waits for a
	 * holder's expiry); ESTALE when ino was removed or reused since the walk
	 * that found it (a pin sent for it before was refused too). */
	int (*lease)(struct aer_fs *fs, uint32_t ino, uint32_t gen);
	void (*release)(struct aer_fs *fs, uint32_t ino);
	/* Takes again the lease of ino this process held until another client
	 * took it over (a call got EACCES); waits like lease. */
	int (*retake)(struct aer_fs *fs, uint32_t ino, uint32_t gen);
	/* Makes blocks of leased file ino writable by this process. */
	int (*writable)(struct aer_fs *fs, uint32_t ino, uint32_t start, uint32_t len);
	/* A descriptor opened or closed on ino (unlinked open files stay); a pin
	 * of an inode no longer of generation gen is ignored. */
	void (*pin)(struct aer_fs *fs, uint32_t ino, uint32_t gen);
	void (*unpin)(struct aer_fs *fs, uint32_t ino);
	/* Writes file data back to the pool file (the fence comes after). */
	void (*flush)(struct aer_fs *fs, const void *addr, size_t len);
	void (*unmount)(struct aer_fs *fs);
};

extern const struct aer_backend aer_local_backend;
extern const struct aer_backend aer_tfs_backend;

/* A forked child's copy of a service connection, dropped without a message. */
void aer_tfs_forget(struct aer_fs *fs);
/* A forked child's copy of the PXFS descriptors, dropped without a close. */
void aer_pxfs_forget_all(void);

/* The mounted file system, or NULL; every PXFS/KVFS call holds aer_lock. */
extern struct aer_fs *aer_mounted;
extern pthread_mutex_t aer_lock;

/* Takes aer_lock and returns the mounted fs, or NULL (EINVAL, unlocked). */
struct aer_fs *aer_enter(void);
/* Drops aer_lock, keeping errno. */
void aer_leave(void);

/* 1 when readers must guard against concurrent changes (a TFS client). */
static inline int aer_is_client(const struct aer_fs *fs)
{
	return fs->role == AER_ROLE_CLIENT;
}

/* Mounting for the two backends (backend_local.c, tfs_client.c). */
int aer_local_mount(struct aer_fs *fs, const char *pool_path);
int aer_tfs_mount(struct aer_fs *fs, const char *socket_path);
/* Opens pool_path through pmem_shim and attaches fs as its owner (also
 * used by aerie-tfs and fsck). */
int aer_open_owner(struct aer_fs *fs, const char *pool_path);
/* Detaches fs and closes the pool aer_open_owner opened. */
void aer_close_owner(struct aer_fs *fs);

#endif /* AERIE_MOUNT_H */
