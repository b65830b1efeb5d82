#ifndef PATTERNLINT_CCMARK_SHIM_H
#define PATTERNLINT_CCMARK_SHIM_H
#include <cmark.h>
#endif
