/*
 * aerie/kvfs.h -- KVFS, the key-value interface of an Aerie file system: one
 * flat namespace of keys, each holding a value stored as a file of the same
 * layout, with no path walk and no descriptors.
 *
 * A put is atomic: a reader sees the old value or the new one, never a mix,
 * and after a crash the put is there whole or not at all. Keys are 1 to 119
 * bytes without '/' (and not "." or "..").
 */
#ifndef AERIE_KVFS_H
#define AERIE_KVFS_H

#include <stddef.h>
#include <sys/types.h>

#include "aerie/aerie.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Stores len bytes of val under key, replacing any old value; durable on
 * return. 0, or -1 (ENAMETOOLONG, EINVAL, ENOSPC).
 */
int kvfs_put(const char *key, const void *val, size_t len);

/** Copies up to cap bytes of key's value into buf. Returns the value's full
 * size (which may exceed cap), or -1 (ENOENT).
 */
ssize_t kvfs_get(const char *key, void *buf, size_t cap);

/** Removes key. 0, or -1 (ENOENT). */
int kvfs_delete(const char *key);

/** Calls fn(key, value size, arg) for every key, in no particular order,
 * until fn returns non-zero. Returns how many keys fn saw, or -1.
 */
long kvfs_iterate(int (*fn)(const char *key, size_t size, void *arg), void *arg);

#ifdef __cplusplus
}
#endif

#endif /* AERIE_KVFS_H */
