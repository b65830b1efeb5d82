// HACK: retry twice
// HACK retry twice
// WARNINGs are ignored
//WORKAROUND\ for the crash
