// TODO: fix later
// TODO: [#12] tracked
// FIXME: [#0] bad ticket
/// TODO: documented
let s = "TODO: in a string"
// TODO: [x] checkbox
//TODO:x
