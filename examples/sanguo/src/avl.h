/*
 * avl.h -- the Dentry Index Tree: an AVL tree in DRAM keyed by name hash,
 * each node holding the slots of every name with that hash (collisions are
 * told apart by the caller, who compares the names in the slots).
 */
#ifndef SANGUO_AVL_H
#define SANGUO_AVL_H

#include <stdint.h>

struct avl_node {
	uint64_t key;
	struct avl_node *left, *right;
	int height;
	uint32_t nslots, cap;
	uint32_t *slots;      /* == &one while cap is 1 */
	uint32_t one;
};

/* Nodes come from chunks of AVL_CHUNK: a rebuild at open makes one node per
 * name, and one malloc each dominated it. */
#define AVL_CHUNK 1024u

struct avl_chunk {
	struct avl_chunk *next;
	uint32_t used;
	struct avl_node nodes[AVL_CHUNK];
};

struct avl_tree {
	struct avl_node *root;
	uint64_t nodes;
	struct avl_chunk *chunks;   /* the newest first */
	struct avl_node *spare;     /* freed nodes, linked through left */
};

/* avl_find -- the node of key, or NULL */
struct avl_node *avl_find(const struct avl_tree *t, uint64_t key);
/* avl_add -- adds slot under key; -1 (ENOMEM) */
int avl_add(struct avl_tree *t, uint64_t key, uint32_t slot);
/* avl_del -- removes slot from key's node (the node too when it empties);
 * -1 when it is not there */
int avl_del(struct avl_tree *t, uint64_t key, uint32_t slot);
/* An entry of a bulk build. */
struct avl_pair {
	uint64_t key;
	uint32_t slot;
};

/* avl_build -- an empty tree filled from n pairs sorted by key (equal keys
 * share a node), perfectly balanced in one pass; -1 (ENOMEM) */
int avl_build(struct avl_tree *t, const struct avl_pair *p, uint32_t n);
/* avl_free -- frees every node */
void avl_free(struct avl_tree *t);
/* avl_check -- heights and order; returns the number of slots, or -1 */
int64_t avl_check(const struct avl_tree *t);

#endif /* SANGUO_AVL_H */
