/*
 * pool-tree.c -- prints a directory tree (relative path, kind, size, FNV-1a
 * hash of the contents), sorted, either from an Aerie pool through PXFS
 * (linked against libaerie, run without the preload library) or from a real
 * directory, so that the two listings can be diffed.
 *
 * usage: pool-tree pool POOL DIR | pool-tree real DIR
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aerie/aerie.h"
#include "aerie/pxfs.h"

static int use_pool;
static char *lines[100000];
static int nlines;

static int x_stat(const char *p, struct stat *st) { return use_pool ? pxfs_stat(p, st) : stat(p, st); }

static uint64_t hash_file(const char *p)
{
	uint64_t h = 1469598103934665603ull;
	unsigned char buf[65536];
	int fd = use_pool ? pxfs_open(p, O_RDONLY, 0) : open(p, O_RDONLY);
	ssize_t n;

	if (fd < 0) {
		fprintf(stderr, "pool-tree: cannot open %s\n", p);
		exit(2);
	}
	while ((n = use_pool ? pxfs_read(fd, buf, sizeof buf) : read(fd, buf, sizeof buf)) > 0)
		for (ssize_t i = 0; i < n; i++)
			h = (h ^ buf[i]) * 1099511628211ull;
	if (n < 0) {
		fprintf(stderr, "pool-tree: cannot read %s\n", p);
		exit(2);
	}
	use_pool ? pxfs_close(fd) : close(fd);
	return h;
}

/* names -- the entries of directory p other than . and .. */
static int names(const char *p, char out[][256], int max)
{
	int n = 0;

	if (use_pool) {
		PXFS_DIR *d = pxfs_opendir(p);
		struct pxfs_dirent *e;
		while (d && (e = pxfs_readdir(d)) && n < max)
			if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
				snprintf(out[n++], 256, "%s", e->d_name);
		if (d)
			pxfs_closedir(d);
	} else {
		DIR *d = opendir(p);
		struct dirent *e;
		while (d && (e = readdir(d)) && n < max)
			if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
				snprintf(out[n++], 256, "%s", e->d_name);
		if (d)
			closedir(d);
	}
	return n;
}

static void walk(const char *root, const char *rel)
{
	char path[4096], line[4400], (*sub)[256] = malloc(4096 * 256);
	struct stat st;
	int n;

	snprintf(path, sizeof path, "%s%s", root, rel);
	if (!path[0])
		strcpy(path, "/");
	if (x_stat(path, &st) < 0) {
		fprintf(stderr, "pool-tree: cannot stat %s\n", path);
		exit(2);
	}
	if (S_ISDIR(st.st_mode))
		snprintf(line, sizeof line, "%s/ dir", rel[0] ? rel : ".");
	else
		snprintf(line, sizeof line, "%s file %lld %016llx", rel, (long long)st.st_size,
			(unsigned long long)hash_file(path));
	lines[nlines++] = strdup(line);
	if (S_ISDIR(st.st_mode)) {
		n = names(path, sub, 4096);
		for (int i = 0; i < n; i++) {
			char r[4096];
			snprintf(r, sizeof r, "%s/%s", rel, sub[i]);
			walk(root, r);
		}
	}
	free(sub);
}

static int cmp(const void *a, const void *b) { return strcmp(*(char **)a, *(char **)b); }

int main(int argc, char **argv)
{
	const char *root;

	if (argc == 4 && !strcmp(argv[1], "pool")) {
		use_pool = 1;
		if (aerie_mount(argv[2]) < 0) {
			fprintf(stderr, "pool-tree: %s\n", aerie_errormsg());
			return 2;
		}
		root = argv[3];
	} else if (argc == 3 && !strcmp(argv[1], "real")) {
		root = argv[2];
	} else {
		fprintf(stderr, "usage: pool-tree pool POOL DIR | pool-tree real DIR\n");
		return 2;
	}
	if (!strcmp(root, "/"))
		root = "";
	walk(root, "");
	qsort(lines, nlines, sizeof *lines, cmp);
	for (int i = 0; i < nlines; i++)
		puts(lines[i]);
	if (use_pool)
		aerie_unmount();
	return 0;
}
