/* The floor for loading notes: libcmark's own parse of each file, in one process, nothing
 * rendered (what `patternlint` cannot go below). Reads file paths, one per line, on stdin.
 * Built by scripts/bench: cc -O2 cmark-floor.c $(pkg-config --cflags --libs libcmark) */
#include <cmark.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    char path[4096];
    size_t capacity = 1 << 16;
    char *buffer = malloc(capacity);
    long files = 0, bytes = 0;
    while (fgets(path, sizeof path, stdin)) {
        path[strcspn(path, "\n")] = 0;
        FILE *file = fopen(path, "rb");
        if (!file) continue;
        size_t length = 0, got;
        while ((got = fread(buffer + length, 1, capacity - length, file)) > 0) {
            length += got;
            if (length == capacity) buffer = realloc(buffer, capacity *= 2);
        }
        fclose(file);
        cmark_node *document = cmark_parse_document(buffer, length, CMARK_OPT_DEFAULT);
        cmark_node_free(document);
        files++;
        bytes += (long)length;
    }
    fprintf(stderr, "cmark-floor: %ld files, %ld bytes\n", files, bytes);
    free(buffer);
    return 0;
}
