#ifndef PATTERNLINT_CMARK_ARENA_H
#define PATTERNLINT_CMARK_ARENA_H
#include <stddef.h>

/* A bump allocator, one per thread, for the cmark parse of one note at a time: cmark allocates
 * every node, text copy and buffer with calloc/realloc and frees them one by one, which cost
 * about as much as the parse itself. Here an allocation is a pointer bump, a free does nothing
 * (or takes back the last allocation), and `patternlint_arena_end` drops everything at once.
 * Handed to cmark as a `cmark_mem` (Notes/CMark.swift); nothing allocated here may outlive the
 * `begin`/`end` pair it was made in, nor leave its thread. */

void patternlint_arena_begin(void);
void patternlint_arena_end(void);
void *patternlint_arena_calloc(size_t count, size_t size);
void *patternlint_arena_realloc(void *pointer, size_t size);
void patternlint_arena_free(void *pointer);

#endif
