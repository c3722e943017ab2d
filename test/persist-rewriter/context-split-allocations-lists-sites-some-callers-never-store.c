// An allocation site inside a helper is persistent when any caller stores its result in
// persistent data, and then it is persistent for every caller. The summary lists such sites
// with the calls their result ends up at (following returns through up to six levels of
// callers): how many store it in persistent data and how many never do, which is what
// allocating per calling context would move back to DRAM.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --out=%t/out --summary=%t/summary.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --out=%t/out-text 2> %t/text
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/summary.json
// RUN: FileCheck %s --check-prefix=TEXT --input-file=%t/text

// The helper's site is in the pool for every caller...
// CHECK-LABEL: static char *dupstr(const char *s) {
// CHECK-NEXT: char *p = pms_malloc(strlen(s) + 1);
// ...a site whose only caller stores its result is not split, nor one no caller stores...
// CHECK-LABEL: static char *tagged(void) {
// CHECK-NEXT: return pms_malloc(8);
// CHECK-LABEL: static char *scratch(void) {
// CHECK-NEXT: return malloc(8);

// dupstr's result ends up at three calls: label() in add() (stored), label() in shout() and
// dupstr() in show() (never stored). A typed site (sizeof a persistent record) is never listed.
// SUMMARY: "context_split_allocations": [
// SUMMARY-NEXT: "input.c:7:13: stored in persistent data from 1 of the 3 calls its result is returned to; never from the others, e.g. input.c:{{[0-9]+}}:{{[0-9]+}} (a call of {{label|dupstr}})"
// SUMMARY-NEXT: ]
// TEXT: persistent allocation sites some of whose calling contexts never store the result {{.*}}: 1

//--- input.c
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct node { char *name; char *tag; struct node *next; };
struct node *head;
static char *dupstr(const char *s) {
  char *p = malloc(strlen(s) + 1);
  strcpy(p, s);
  return p;
}
static char *label(const char *s) { return dupstr(s); }
static char *tagged(void) {
  return malloc(8);
}
static char *scratch(void) {
  return malloc(8);
}
void add(const char *s) {
  struct node *n = malloc(sizeof *n);
  n->name = label(s);
  n->tag = tagged();
  n->next = head;
  head = n;
}
void shout(const char *s) { char *t = label(s); puts(t); free(t); }
void show(const char *s) { char *t = dupstr(s); puts(t); free(t); char *u = scratch(); free(u); }
int load(const char *path) {
  char name[64];
  FILE *f = fopen(path, "r");
  while (f && fscanf(f, "%63s", name) == 1)
    add(name);
  return 0;
}
