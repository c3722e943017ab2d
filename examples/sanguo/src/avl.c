/*
 * avl.c -- an AVL tree over 64-bit name hashes with a slot list per node.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "avl.h"

/* avl_h -- height of a possibly empty subtree */
static int avl_h(const struct avl_node *n)
{
	return n ? n->height : 0;
}

/* avl_fix -- recomputes n's height from its children */
static void avl_fix(struct avl_node *n)
{
	int l = avl_h(n->left), r = avl_h(n->right);

	n->height = 1 + (l > r ? l : r);
}

/* avl_rotate_right -- n's left child takes its place */
static struct avl_node *avl_rotate_right(struct avl_node *n)
{
	struct avl_node *l = n->left;

	n->left = l->right;
	l->right = n;
	avl_fix(n);
	avl_fix(l);
	return l;
}

/* avl_rotate_left -- n's right child takes its place */
static struct avl_node *avl_rotate_left(struct avl_node *n)
{
	struct avl_node *r = n->right;

	n->right = r->left;
	r->left = n;
	avl_fix(n);
	avl_fix(r);
	return r;
}

/* avl_balance -- restores the AVL property at n after one change below */
static struct avl_node *avl_balance(struct avl_node *n)
{
	int b = avl_h(n->left) - avl_h(n->right);

	avl_fix(n);
	if (b > 1) {
		if (avl_h(n->left->left) < avl_h(n->left->right))
			n->left = avl_rotate_left(n->left);
		return avl_rotate_right(n);
	}
	if (b < -1) {
		if (avl_h(n->right->right) < avl_h(n->right->left))
			n->right = avl_rotate_right(n->right);
		return avl_rotate_left(n);
	}
	return n;
}

/* avl_node_new -- a zeroed node from the spares or the newest chunk */
static struct avl_node *avl_node_new(struct avl_tree *t)
{
	struct avl_node *n = t->spare;

	if (n) {
		t->spare = n->left;
	} else {
		if (!t->chunks || t->chunks->used == AVL_CHUNK) {
			struct avl_chunk *c = malloc(sizeof *c);

			if (!c)
				return NULL;
			c->next = t->chunks;
			c->used = 0;
			t->chunks = c;
		}
		n = &t->chunks->nodes[t->chunks->used++];
	}
	memset(n, 0, sizeof *n);
	return n;
}

/* avl_node_drop -- n back to the spares (its slot list freed) */
static void avl_node_drop(struct avl_tree *t, struct avl_node *n)
{
	if (n->slots != &n->one)
		free(n->slots);
	n->left = t->spare;
	t->spare = n;
}

/* avl_find -- the node of key */
struct avl_node *avl_find(const struct avl_tree *t, uint64_t key)
{
	struct avl_node *n = t->root;

	while (n && n->key != key)
		n = key < n->key ? n->left : n->right;
	return n;
}

/* avl_push -- appends slot to a node's list */
static int avl_push(struct avl_node *n, uint32_t slot)
{
	if (n->nslots == n->cap) {
		uint32_t cap = n->cap * 2;
		uint32_t *s = malloc(cap * sizeof *s);

		if (!s)
			return -1;
		for (uint32_t i = 0; i < n->nslots; i++)
			s[i] = n->slots[i];
		if (n->slots != &n->one)
			free(n->slots);
		n->slots = s;
		n->cap = cap;
	}
	n->slots[n->nslots++] = slot;
	return 0;
}

/* avl_insert -- recursive insert below n; *err set on ENOMEM */
static struct avl_node *avl_insert(struct avl_tree *t, struct avl_node *n,
		uint64_t key, uint32_t slot, int *err)
{
	if (!n) {
		n = avl_node_new(t);
		if (!n) {
			*err = ENOMEM;
			return NULL;
		}
		n->key = key;
		n->height = 1;
		n->slots = &n->one;
		n->cap = 1;
		n->nslots = 1;
		n->one = slot;
		t->nodes++;
		return n;
	}
	if (key == n->key) {
		if (avl_push(n, slot) != 0)
			*err = ENOMEM;
		return n;
	}
	if (key < n->key) {
		struct avl_node *c = avl_insert(t, n->left, key, slot, err);
		if (c)
			n->left = c;
	} else {
		struct avl_node *c = avl_insert(t, n->right, key, slot, err);
		if (c)
			n->right = c;
	}
	return avl_balance(n);
}

/* avl_add -- adds slot under key */
int avl_add(struct avl_tree *t, uint64_t key, uint32_t slot)
{
	int err = 0;
	struct avl_node *r = avl_insert(t, t->root, key, slot, &err);

	if (r)
		t->root = r;
	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}

/* avl_take_min -- detaches the smallest node below n into *min */
static struct avl_node *avl_take_min(struct avl_node *n, struct avl_node **min)
{
	if (!n->left) {
		*min = n;
		return n->right;
	}
	n->left = avl_take_min(n->left, min);
	return avl_balance(n);
}

/* avl_drop_node -- frees n, returning what replaces it */
static struct avl_node *avl_drop_node(struct avl_tree *t, struct avl_node *n)
{
	struct avl_node *l = n->left, *r = n->right, *m;

	avl_node_drop(t, n);
	t->nodes--;
	if (!l || !r)
		return l ? l : r;
	r = avl_take_min(r, &m);
	m->left = l;
	m->right = r;
	return avl_balance(m);
}

/* avl_delete -- recursive removal of slot under key; *found set */
static struct avl_node *avl_delete(struct avl_tree *t, struct avl_node *n,
		uint64_t key, uint32_t slot, int *found)
{
	if (!n)
		return NULL;
	if (key < n->key) {
		n->left = avl_delete(t, n->left, key, slot, found);
	} else if (key > n->key) {
		n->right = avl_delete(t, n->right, key, slot, found);
	} else {
		for (uint32_t i = 0; i < n->nslots; i++)
			if (n->slots[i] == slot) {
				n->slots[i] = n->slots[--n->nslots];
				*found = 1;
				break;
			}
		return n->nslots ? n : avl_drop_node(t, n);
	}
	return avl_balance(n);
}

/* avl_del -- removes slot from key's node */
int avl_del(struct avl_tree *t, uint64_t key, uint32_t slot)
{
	int found = 0;

	t->root = avl_delete(t, t->root, key, slot, &found);
	return found ? 0 : -1;
}

/* avl_build_range -- a balanced subtree of the distinct keys starting at
 * firsts[lo..hi) (indexes into p where each key's run begins) */
static struct avl_node *avl_build_range(struct avl_tree *t, const struct avl_pair *p,
		const uint32_t *firsts, uint32_t lo, uint32_t hi, int *err)
{
	uint32_t mid = lo + (hi - lo) / 2;
	struct avl_node *n;

	if (lo >= hi || *err)
		return NULL;
	if (!(n = avl_node_new(t))) {
		*err = ENOMEM;
		return NULL;
	}
	t->nodes++;
	n->key = p[firsts[mid]].key;
	n->slots = &n->one;
	n->cap = 1;
	for (uint32_t i = firsts[mid]; i < firsts[mid + 1]; i++)
		if ((n->nslots ? avl_push(n, p[i].slot) : (n->one = p[i].slot, n->nslots = 1, 0)) != 0)
			*err = ENOMEM;
	n->left = avl_build_range(t, p, firsts, lo, mid, err);
	n->right = avl_build_range(t, p, firsts, mid + 1, hi, err);
	avl_fix(n);
	return n;
}

/* avl_build -- the whole tree from sorted pairs */
int avl_build(struct avl_tree *t, const struct avl_pair *p, uint32_t n)
{
	uint32_t *firsts = malloc(((size_t)n + 1) * sizeof *firsts), k = 0;
	int err = 0;

	if (!firsts) {
		errno = ENOMEM;
		return -1;
	}
	for (uint32_t i = 0; i < n; i++)
		if (i == 0 || p[i].key != p[i - 1].key)
			firsts[k++] = i;
	firsts[k] = n;
	t->root = avl_build_range(t, p, firsts, 0, k, &err);
	free(firsts);
	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}

/* avl_free_lists -- frees the collision lists of a subtree */
static void avl_free_lists(struct avl_node *n)
{
	if (!n)
		return;
	avl_free_lists(n->left);
	avl_free_lists(n->right);
	if (n->slots != &n->one)
		free(n->slots);
}

/* avl_free -- frees every node */
void avl_free(struct avl_tree *t)
{
	avl_free_lists(t->root);
	while (t->chunks) {
		struct avl_chunk *c = t->chunks;

		t->chunks = c->next;
		free(c);
	}
	t->root = NULL;
	t->spare = NULL;
	t->nodes = 0;
}

/* avl_check_below -- height of a valid subtree within (lo, hi), or -1 */
static int avl_check_below(const struct avl_node *n, const uint64_t *lo,
		const uint64_t *hi, int64_t *slots)
{
	int l, r;

	if (!n)
		return 0;
	if ((lo && n->key <= *lo) || (hi && n->key >= *hi) || !n->nslots)
		return -1;
	l = avl_check_below(n->left, lo, &n->key, slots);
	r = avl_check_below(n->right, &n->key, hi, slots);
	if (l < 0 || r < 0 || l - r > 1 || r - l > 1 || n->height != 1 + (l > r ? l : r))
		return -1;
	*slots += n->nslots;
	return n->height;
}

/* avl_check -- order and balance of the whole tree; the slot total */
int64_t avl_check(const struct avl_tree *t)
{
	int64_t slots = 0;

	return avl_check_below(t->root, NULL, NULL, &slots) < 0 ? -1 : slots;
}
