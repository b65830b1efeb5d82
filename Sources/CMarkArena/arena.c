#include "cmark_arena.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each allocation is preceded by its size (16 bytes, to keep the alignment malloc gives). */
enum { HEADER = 16, ALIGNMENT = 16, BLOCK_SIZE = 256 * 1024, KEPT_BYTES = 1024 * 1024 };

typedef struct block {
    struct block *next;
    size_t capacity;
    size_t used;
    size_t padding;
    unsigned char data[];
} block;

typedef struct {
    block *first;
    block *current;
    /* The latest allocation: a realloc of it grows in place, a free of it is taken back. */
    unsigned char *last;
    int depth;
} arena;

static _Thread_local arena state;

static void out_of_memory(void) {
    /* What cmark's own allocator does when malloc fails. */
    fprintf(stderr, "[cmark] arena allocation failed, aborting\n");
    abort();
}

static size_t rounded(size_t size) {
    if (size > SIZE_MAX - HEADER - ALIGNMENT) out_of_memory();
    return (size + ALIGNMENT - 1) & ~(size_t)(ALIGNMENT - 1);
}

static size_t *size_of(unsigned char *pointer) { return (size_t *)(pointer - HEADER); }

/* Room for `need` bytes (header included) in the current block or a later one. */
static block *block_with_room(size_t need) {
    block *current = state.current;
    if (current && current->capacity - current->used >= need) return current;
    /* Blocks kept from an earlier note are empty: the next one that fits is used. */
    block *previous = current;
    block *next = current ? current->next : state.first;
    while (next && next->capacity < need) {
        previous = next;
        next = next->next;
    }
    if (!next) {
        size_t capacity = need > BLOCK_SIZE ? need : BLOCK_SIZE;
        next = malloc(sizeof(block) + capacity);
        if (!next) out_of_memory();
        next->capacity = capacity;
        next->used = 0;
        next->next = NULL;
        if (previous) previous->next = next; else state.first = next;
    }
    state.current = next;
    return next;
}

static unsigned char *take(size_t size) {
    size_t need = HEADER + rounded(size);
    block *room = block_with_room(need);
    unsigned char *pointer = room->data + room->used + HEADER;
    room->used += need;
    *size_of(pointer) = size;
    state.last = pointer;
    return pointer;
}

void patternlint_arena_begin(void) { state.depth += 1; }

void patternlint_arena_end(void) {
    if (--state.depth > 0) return;
    /* Blocks up to KEPT_BYTES stay for the next note; a huge note's extra blocks go. */
    size_t kept = 0;
    block **link = &state.first;
    while (*link) {
        block *each = *link;
        if (kept + each->capacity <= KEPT_BYTES) {
            kept += each->capacity;
            each->used = 0;
            link = &each->next;
        } else {
            *link = each->next;
            free(each);
        }
    }
    state.current = state.first;
    state.last = NULL;
}

void *patternlint_arena_calloc(size_t count, size_t size) {
    if (size && count > SIZE_MAX / size) out_of_memory();
    unsigned char *pointer = take(count * size);
    memset(pointer, 0, count * size);
    return pointer;
}

void *patternlint_arena_realloc(void *pointer, size_t size) {
    if (!pointer) return take(size);
    unsigned char *old = pointer;
    size_t old_size = *size_of(old);
    block *current = state.current;
    if (old == state.last && current) {
        /* The latest allocation grows (or shrinks) where it is when its block has room. */
        size_t start = (size_t)(old - HEADER - current->data);
        size_t need = HEADER + rounded(size);
        if (current->capacity - start >= need) {
            current->used = start + need;
            *size_of(old) = size;
            return old;
        }
    }
    unsigned char *moved = take(size);
    memcpy(moved, old, old_size < size ? old_size : size);
    return moved;
}

void patternlint_arena_free(void *pointer) {
    unsigned char *freed = pointer;
    block *current = state.current;
    if (!freed || freed != state.last || !current) return;
    current->used = (size_t)(freed - HEADER - current->data);
    state.last = NULL;
}
