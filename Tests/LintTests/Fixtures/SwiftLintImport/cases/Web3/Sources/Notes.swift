// let old = 1
// let older = 2
