//compact comment
///compact doc
// spaced comment
/// spaced doc
// see http://example.com
let url = "http://example.com"
