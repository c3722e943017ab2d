/*
 * mount.c -- mounting and unmounting the process's one file system, and the
 * lock every PXFS and KVFS call holds.
 */
#include <errno.h>
#include <pthread.h>
#include <string.h>

#include "aerie/aerie.h"
#include "fs.h"
#include "mount.h"

struct aer_fs *aer_mounted;
pthread_mutex_t aer_lock = PTHREAD_MUTEX_INITIALIZER;
static struct aer_fs the_fs;

void aer_pxfs_close_all(void);

/* aer_enter -- locks and returns the mounted fs, or NULL */
struct aer_fs *aer_enter(void)
{
	pthread_mutex_lock(&aer_lock);
	if (aer_mounted)
		return aer_mounted;
	pthread_mutex_unlock(&aer_lock);
	aer_fail(EINVAL, "no Aerie file system is mounted");
	return NULL;
}

/* aer_leave -- unlocks, keeping errno */
void aer_leave(void)
{
	int e = errno;
	pthread_mutex_unlock(&aer_lock);
	errno = e;
}

/* mount_with -- (internal) one of the two mount modes */
static int mount_with(int (*how)(struct aer_fs *, const char *), const char *arg)
{
	int rc;

	pthread_mutex_lock(&aer_lock);
	if (aer_mounted) {
		pthread_mutex_unlock(&aer_lock);
		return aer_fail(EBUSY, "a file system is already mounted in this process");
	}
	rc = how(&the_fs, arg);
	if (rc == 0)
		aer_mounted = &the_fs;
	aer_leave();
	return rc;
}

/* aerie_mount -- single-process mode */
int aerie_mount(const char *pool_path)
{
	return mount_with(aer_local_mount, pool_path);
}

/* aerie_mount_tfs -- as a client of aerie-tfs */
int aerie_mount_tfs(const char *socket_path)
{
	return mount_with(aer_tfs_mount, socket_path);
}

/* aerie_forget -- a forked child lets go of its parent's mount */
int aerie_forget(void)
{
	struct aer_fs *fs = aer_enter();

	if (!fs)
		return -1;
	if (fs->backend != &aer_tfs_backend) {
		aer_leave();
		return aer_fail(EBUSY, "a pool mounted in single-process mode serves one process: "
				"fork before mounting, or mount through aerie-tfs");
	}
	aer_pxfs_forget_all();
	aer_tfs_forget(fs);
	aer_mounted = NULL;
	aer_leave();
	return 0;
}

/* aerie_unmount -- closes descriptors, returns grants, unmounts */
int aerie_unmount(void)
{
	struct aer_fs *fs = aer_enter();

	if (!fs)
		return -1;
	aer_pxfs_close_all();
	fs->backend->unmount(fs);
	aer_mounted = NULL;
	aer_leave();
	return 0;
}
